/**
 * What a newcomer opens first: `GET /`, a small page linking the API docs, the GraphQL IDE, a sample
 * request, the demo sign-in and health, and the sample request printed at start. Plain HTML in the
 * authorization pages' frame (no script, no asset from elsewhere).
 */
import type { Express, Request, Response } from 'express';
import { html, page, setPageHeaders, type Html } from './oauth/pages/layout.js';

/**
 * A public store search, percent-encoded: curl and other clients send a request target as given, and
 * raw UTF-8 there is refused by the HTTP parser (see subgraphs/kernel/http/client-error.ts).
 */
export const TRY_PATH = `/api/v1/public/stores?prefecture=${encodeURIComponent('東京都')}`;

/** What the page links besides the facade's own paths; each is left out when this process lacks it. */
export interface LandingOptions {
  /** The GraphQL endpoint and IDE on this process (`/graphql`); absent when a separate gateway serves it. */
  readonly graphqlPath?: string;
  /** An authorization request of the demo app (development demo data only). */
  readonly signInPath?: string;
  /** The live events page (`/dashboard/events`), when it has an OAuth client to sign owners in with. */
  readonly eventsPath?: string;
  /** The development mail outbox (`/dev/outbox`), when mail lands there. */
  readonly outboxPath?: string;
}

function item(href: string, label: string, note: string): Html {
  return html`<li><a href="${href}">${label}</a> <span class="muted">${note}</span></li>`;
}

/** The landing page's HTML. */
export function landingPage(options: LandingOptions): string {
  const items = [
    item('/docs', 'API docs', 'the REST API (Swagger UI)'),
    item('/openapi.json', 'OpenAPI document', 'the same, as JSON'),
    options.graphqlPath
      ? item(options.graphqlPath, 'GraphQL IDE', `GraphiQL; operations are POSTed to ${options.graphqlPath}`)
      : html`<li>GraphQL <span class="muted">is served by the gateway process (GATEWAY_URL)</span></li>`,
    item(TRY_PATH, 'Try: public stores in 東京都', 'a REST request anyone may make'),
    ...(options.signInPath ? [item(options.signInPath, 'Sign in', 'as a demo user, through the demo app')] : []),
    ...(options.eventsPath
      ? [item(options.eventsPath, 'Live events', 'a business owner signs in and watches its events arrive')]
      : []),
    item('/.well-known/oauth-authorization-server', 'OAuth discovery', 'endpoints and scope names'),
    item('/healthz', 'Health', 'and /readyz for readiness'),
    ...(options.outboxPath ? [item(options.outboxPath, 'Mail outbox', 'mail sent without SMTP_URL')] : []),
  ];
  return page(
    'en',
    'Retail Media Platform',
    html`<h1>Retail Media Platform</h1>
      <p>The backend of a retail media and receipt platform: REST under <code>/api/v1</code>, GraphQL, OAuth 2.0.</p>
      <ul>
        ${items}
      </ul>`,
  );
}

/** Mounts `GET /` (the landing page, built once). */
export function mountLanding(app: Express, options: LandingOptions): void {
  const body = landingPage(options);
  app.get('/', (_req: Request, res: Response) => {
    setPageHeaders(res);
    res.status(200).type('html').send(body);
  });
}
