/** The user area: the consumer's own account and devices. */
import type { FacadeArea } from '../kernel/area.js';
import { userRoutes } from './routes.js';
import { USER_SCHEMAS } from './schemas.js';

export const userArea: FacadeArea = { name: 'user', routes: userRoutes, schemas: USER_SCHEMAS };
