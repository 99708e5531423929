/** The apps area: the public content of a shop app (`/api/v1/apps/{shopId}/...`). */
import type { FacadeArea } from '../kernel/area.js';
import { businessInfoRoutes } from './business-info.routes.js';
import { BUSINESS_INFO_SCHEMAS } from './business-info.schemas.js';

export const appsArea: FacadeArea = {
  name: 'apps',
  routes: [...businessInfoRoutes],
  schemas: { ...BUSINESS_INFO_SCHEMAS },
};
