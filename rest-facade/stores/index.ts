/** The stores area: the public store directory. */
import type { FacadeArea } from '../kernel/area.js';
import { storeRoutes } from './routes.js';
import { STORE_SCHEMAS } from './schemas.js';

export const storesArea: FacadeArea = { name: 'stores', routes: storeRoutes, schemas: STORE_SCHEMAS };
