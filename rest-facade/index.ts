/** The REST facade: the /api/v1 route table, its OpenAPI document at /openapi.json and the docs page. */
import type { Express } from 'express';
import { createFacadeRouter } from './kernel/router.js';
import { mountDocs } from './docs.js';
import { mountLanding, type LandingOptions } from './landing.js';
import { sendProblem } from './kernel/http.js';
import type { GraphQLExecutor } from './kernel/executor.js';
import { createOAuthPagesRouter } from './oauth/index.js';
import { createReceiptPagesRouter, type ReceiptPageClient } from './receipts/index.js';
import { createDashboardRouter, type DashboardClient } from './dashboard/index.js';
import { DASHBOARD_EVENT_TYPES } from './dashboard/event-types.js';
import { buildFacadeDocument, routes } from './table.js';

export { HttpExecutor, InProcessExecutor, type GraphQLExecutor } from './kernel/executor.js';
export { buildOpenApiDocument, type OpenApiDocument } from './kernel/openapi.js';
export { buildFacadeDocument, routes } from './table.js';
export { receiptPageCookieKey, type ReceiptPageClient } from './receipts/index.js';
export { dashboardCookieKey, type DashboardClient } from './dashboard/index.js';

/** `info.version` of the OpenAPI document: this description of the v1 interface (semver). */
export const API_DOCUMENT_VERSION = '1.0.0';

export interface FacadeOptions {
  readonly executor: GraphQLExecutor;
  /** The service's public base URL (`PUBLIC_URL`): the OpenAPI document's server. */
  readonly publicUrl: string;
  /** `info.version` of the OpenAPI document. Default {@link API_DOCUMENT_VERSION}. */
  readonly documentVersion?: string;
  /** NODE_ENV: the authorization pages' cookies are `Secure` unless development or test. Default production. */
  readonly nodeEnv?: 'development' | 'test' | 'production';
  /** What the landing page at `GET /` links besides the facade's own paths. Default: only those. */
  readonly landing?: LandingOptions;
  /** The receipt pages (`/receipts/...`, opened by the receipt QR codes). */
  readonly receiptPages: {
    /** The first-party client the claim button signs in with; absent: anonymous claims. */
    readonly client: ReceiptPageClient | undefined;
    /** Seals the pending-claim cookie ({@link receiptPageCookieKey}); the same in every facade instance. */
    readonly cookieKey: Buffer;
  };
  /** The live events page (`/dashboard/events`). */
  readonly dashboard: {
    /** The first-party client the page signs business owners in with; absent: the page answers 503. */
    readonly client: DashboardClient | undefined;
    /** Seals the page's cookies ({@link dashboardCookieKey}); the same in every facade instance. */
    readonly cookieKey: Buffer;
    /** GATEWAY_PUBLIC_URL: where browsers open the graphql-ws WebSocket; absent: this origin's `/graphql`. */
    readonly gatewayPublicUrl: string | undefined;
  };
}

/**
 * Mounts every facade path on `app`: `/api/v1/...` from the route table, `GET /openapi.json` (built
 * once, here, from the same table), `GET /docs` (Swagger UI), the landing page at `GET /` and the
 * authorization pages under `/oauth`, the receipt pages under `/receipts` and the live events page
 * under `/dashboard`.
 */
export function mountFacade(app: Express, options: FacadeOptions): void {
  const document = buildFacadeDocument({
    publicUrl: options.publicUrl,
    version: options.documentVersion ?? API_DOCUMENT_VERSION,
  });
  mountDocs(app, document, options.publicUrl);
  mountLanding(app, options.landing ?? {});
  const nodeEnv = options.nodeEnv ?? 'production';
  const secureCookies = nodeEnv !== 'development' && nodeEnv !== 'test';
  app.use('/oauth', createOAuthPagesRouter({ executor: options.executor, secureCookies }));
  app.use(
    '/receipts',
    createReceiptPagesRouter({
      executor: options.executor,
      publicUrl: options.publicUrl,
      secureCookies,
      ...options.receiptPages,
    }),
  );
  app.use(
    '/dashboard',
    createDashboardRouter({
      executor: options.executor,
      publicUrl: options.publicUrl,
      secureCookies,
      eventTypes: DASHBOARD_EVENT_TYPES,
      ...options.dashboard,
    }),
  );
  // Each prefix gets its own router (and its own 404/405), so /api/v1 and /.well-known rows share the table.
  for (const prefix of ['/api/v1', '/.well-known']) {
    const rows = routes.filter((r) => r.path.startsWith(`${prefix}/`));
    app.use(
      prefix,
      createFacadeRouter(
        rows.map((r) => ({ ...r, path: r.path.slice(prefix.length) })),
        options.executor,
      ),
    );
  }
}

/**
 * The last handler of a public app: any path nothing else answered is a 404 problem (never the
 * framework's HTML page). Mount it after everything else.
 */
export function mountNotFound(app: Express): void {
  app.use((req, res) => sendProblem(req, res, { status: 404, code: 'route_not_found', detail: 'No such endpoint.' }));
}
