/** The live events page under `/dashboard` (an express router the facade mounts; see router.ts). */
export { createDashboardRouter, type DashboardOptions } from './router.js';
export { dashboardCookieKey } from './cookies.js';
export type { DashboardClient } from './operations.js';
