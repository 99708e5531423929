/** The apps area: the public content of shop apps under /api/v1/apps/{shopId}/ (manifest, pages, posts, ...). */
import type { FacadeArea } from '../kernel/area.js';
import { appRoutes } from './routes.js';
import { APP_SCHEMAS } from './schemas.js';

export const appsArea: FacadeArea = { name: 'apps', routes: appRoutes, schemas: APP_SCHEMAS };
