/** The REST facade: the /api/v1 route table, and (with the docs) the OpenAPI document. */
import type { Express } from 'express';
import { createFacadeRouter } from './app.js';
import type { GraphQLExecutor } from './executor.js';
import { routes } from './routes.js';

export { HttpExecutor, InProcessExecutor, type GraphQLExecutor } from './executor.js';
export { routes } from './routes.js';

export interface FacadeOptions {
  readonly executor: GraphQLExecutor;
  readonly publicUrl: string;
}

/** Mounts every facade path on `app`. */
export function mountFacade(app: Express, options: FacadeOptions): void {
  app.use('/api/v1', createFacadeRouter(routes.map((r) => ({ ...r, path: r.path.replace(/^\/api\/v1/, '') })), options.executor));
}
