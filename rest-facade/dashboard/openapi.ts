/**
 * The live events page in the OpenAPI document (browser pages, not table rows): what each path of
 * `/dashboard` answers, so the page, its sign-in return and its token endpoint are described with the
 * rest of the facade.
 */

const TAG = 'Live events page';
const REQUEST_ID = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
const REQUEST_ID_PARAMETER = { $ref: '#/components/parameters/X-Request-Id' };
const HTML = { 'text/html': { schema: { type: 'string' } } };
const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
const PAGES =
  'Server-rendered, Japanese or English by `Accept-Language`, `Cache-Control: no-store`, strict ' +
  'Content-Security-Policy. Without a dashboard client (DASHBOARD_CLIENT_ID) every path answers 503.';

const page = (description: string) => ({ description, headers: REQUEST_ID, content: HTML });
const problem = (description: string) => ({ description, headers: REQUEST_ID, content: PROBLEM });
const redirect = (description: string) => ({
  description,
  headers: { ...REQUEST_ID, Location: { schema: { type: 'string' } } },
});
const UNAVAILABLE = {
  description:
    'No dashboard client is configured (`dashboard_not_configured`), or the database is unavailable ' +
    '(`database_unavailable`: retry after `Retry-After` seconds).',
  headers: { ...REQUEST_ID, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  content: HTML,
};
const FAILED = page('An unexpected failure; the page quotes the request id.');
const queryParam = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string' },
});

/** Path items merged into the OpenAPI document next to the table's rows. */
export const DASHBOARD_PATHS: Readonly<Record<string, Record<string, unknown>>> = {
  '/dashboard/events': {
    get: {
      operationId: 'liveEventsPage',
      tags: [TAG],
      summary: "The live events page: the business account's events as they happen",
      description:
        'Signed in (the sealed session cookie): the page; its script (`/dashboard/events.js`) takes an access token ' +
        'from `POST /dashboard/token` and subscribes to `events` over graphql-ws (`/graphql` of this origin, or of ' +
        `GATEWAY_PUBLIC_URL). ${PAGES}`,
      parameters: [
        queryParam('org_id', 'Passed on to the authorization request: which business account to sign in for.'),
        REQUEST_ID_PARAMETER,
      ],
      responses: {
        '200': page('The page (status, filter by type, the list the script fills).'),
        '303': redirect(
          'Not signed in: to `/oauth/authorize` as the dashboard client (authorization code, PKCE S256, scope ' +
            '`analytics.read`), setting the sealed pending sign-in cookie (HttpOnly, SameSite=Lax, path /dashboard, 15 minutes).',
        ),
        '503': UNAVAILABLE,
        '500': FAILED,
      },
    },
  },
  '/dashboard/callback': {
    get: {
      operationId: 'liveEventsPageCallback',
      tags: [TAG],
      summary: 'The return from sign-in',
      description:
        'Checks `state` against the pending sign-in cookie, exchanges the code with the dashboard client and the PKCE ' +
        `verifier, keeps the tokens in the sealed session cookie (12 hours) and goes on to the page. ${PAGES}`,
      parameters: [
        ...['code', 'state', 'error', 'error_description', 'iss'].map((name) => queryParam(name, `OAuth \`${name}\`.`)),
        REQUEST_ID_PARAMETER,
      ],
      responses: {
        '303': redirect('Signed in: to `/dashboard/events`.'),
        '400': page(
          'No pending sign-in in this browser (`sign_in_missing`), `state` does not match (`invalid_state`), or an OAuth error.',
        ),
        '401': page('The code did not exchange.'),
        '403': page('The owner cancelled the sign-in (`access_denied`).'),
        '503': UNAVAILABLE,
        '500': FAILED,
      },
    },
  },
  '/dashboard/token': {
    post: {
      operationId: 'liveEventsPageToken',
      tags: [TAG],
      summary: "The session's access token, for the page's graphql-ws connection_init",
      description:
        'Same origin, with the session cookie and `X-Requested-With: fetch`. Refreshes the access token with the ' +
        'refresh token kept in the cookie when it has under a minute left, or on `renew=1`.',
      parameters: [
        queryParam('renew', '`1`: refresh now (after the server closed the socket as unauthorized).'),
        REQUEST_ID_PARAMETER,
      ],
      responses: {
        '200': {
          description: 'The access token and when it expires (`Cache-Control: no-store`).',
          headers: REQUEST_ID,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['accessToken', 'expiresAt'],
                properties: { accessToken: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
              },
            },
          },
        },
        '401': problem(
          'Not signed in (`not_signed_in`), or the grant was revoked (`session_ended`; the cookie is removed).',
        ),
        '403': problem('`X-Requested-With: fetch` is missing (`header_required`).'),
        '503': UNAVAILABLE,
        '500': FAILED,
      },
    },
  },
  '/dashboard/sign-out': {
    post: {
      operationId: 'liveEventsPageSignOut',
      tags: [TAG],
      summary: 'Sign out (form post)',
      description: `A form post with the form token (\`csrf_token\`, double submission with a cookie): revokes the grant and removes the session. ${PAGES}`,
      parameters: [REQUEST_ID_PARAMETER],
      responses: {
        '200': page('Signed out.'),
        '403': page('The form token is missing or wrong (`csrf_failed`).'),
        '503': UNAVAILABLE,
        '500': FAILED,
      },
    },
  },
  '/dashboard/events.js': {
    get: {
      operationId: 'liveEventsPageScript',
      tags: [TAG],
      summary: "The page's script (graphql-ws client)",
      parameters: [REQUEST_ID_PARAMETER],
      responses: {
        '200': {
          description: 'JavaScript.',
          headers: REQUEST_ID,
          content: { 'text/javascript': { schema: { type: 'string' } } },
        },
      },
    },
  },
};
