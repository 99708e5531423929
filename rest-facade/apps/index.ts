/** The apps area: the public content of shop apps under /api/v1/apps/{shopId}/ (manifest, pages, posts, ...). */
import type { FacadeArea } from '../kernel/area.js';
import { postRoutes } from './posts.routes.js';
import { POST_SCHEMAS } from './posts.schemas.js';
import { businessInfoRoutes } from './business-info.routes.js';
import { BUSINESS_INFO_SCHEMAS } from './business-info.schemas.js';
import { appRoutes } from './routes.js';
import { APP_SCHEMAS } from './schemas.js';

export const appsArea: FacadeArea = {
  name: 'apps',
  routes: [...appRoutes, ...postRoutes, ...businessInfoRoutes],
  schemas: { ...APP_SCHEMAS, ...POST_SCHEMAS, ...BUSINESS_INFO_SCHEMAS },
};
