/**
 * The oauth area: the token endpoints and well-known documents (rows), and the authorization pages
 * under `/oauth` (`pages/`, an express router the facade mounts; documented through `extraPaths`).
 */
import type { FacadeArea } from '../kernel/area.js';
import { BROWSER_PATHS } from './pages/openapi.js';
import { authRoutes } from './routes.js';
import { AUTH_SCHEMAS } from './schemas.js';

export { createOAuthPagesRouter, type OAuthPagesOptions } from './pages/router.js';

export const oauthArea: FacadeArea = {
  name: 'oauth',
  routes: authRoutes,
  schemas: AUTH_SCHEMAS,
  extraPaths: BROWSER_PATHS,
};
