/** The live events page under `/dashboard` (an express router the facade mounts; see router.ts). */
import type { FacadeArea } from '../kernel/area.js';
import { DASHBOARD_PATHS } from './openapi.js';

/** No table rows: the page's paths, documented. */
export const dashboardArea: FacadeArea = { name: 'dashboard', routes: [], schemas: {}, extraPaths: DASHBOARD_PATHS };

export { createDashboardRouter, type DashboardOptions } from './router.js';
export { dashboardCookieKey } from './cookies.js';
export type { DashboardClient } from './operations.js';
