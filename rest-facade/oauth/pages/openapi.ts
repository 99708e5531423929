/**
 * The browser-facing part of the interface that is not a route-table row: `GET /oauth/authorize`
 * (RFC 6749 §4.1.1, PKCE RFC 7636, `iss` RFC 9207), served by the authorization pages router.
 */

const REQUEST_ID = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

const param = (
  name: string,
  required: boolean,
  description: string,
  schema: Record<string, unknown> = { type: 'string' },
) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

/** A failure: an HTML page, or problem JSON for `Accept: application/json`. */
const PAGE_OR_PROBLEM = {
  'text/html': { schema: { type: 'string' } },
  'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
};

/** Path items merged into the OpenAPI document next to the table's rows. */
export const BROWSER_PATHS: Readonly<Record<string, Record<string, unknown>>> = {
  '/oauth/authorize': {
    get: {
      operationId: 'authorize',
      tags: ['Authorization and tokens'],
      summary: 'Start the authorization-code flow (browser)',
      description:
        'Validates the request, then: no session -> 302 to the sign-in page (which also offers sign-up); a signed-in user -> ' +
        'the consent page (200 text/html), or for a first-party app straight 302 to `redirect_uri` with `code`, `state` and `iss` ' +
        '(RFC 9207). Consent -> 303 to `redirect_uri` with `code`, `state`, `iss`; deny -> `error=access_denied`, `state`, `iss`. ' +
        'Errors are never redirected: an unknown `client_id` or unregistered `redirect_uri`, `response_type` other than `code`, ' +
        'an unknown scope, store and user scopes mixed, `app_not_approved`, or a PKCE method other than S256 answer 400 naming ' +
        'the error (HTML for browsers, problem JSON for `Accept: application/json`). Pages are Japanese or English by ' +
        '`Accept-Language` (Japanese when neither matches), CSRF-protected, with an HttpOnly SameSite=Lax session cookie. ' +
        'Sign-up (`/oauth/sign-up`) signs nobody in: it answers "check your mail" for a new and a taken email alike (10 ' +
        'sign-ups per client IP an hour, then 429 with `Retry-After`); the mailed single-use link (24 h, ' +
        '`/oauth/verify-email`, confirmed by a POST) verifies the email and continues this request. An unverified account ' +
        'may grant user scopes only; business scopes answer 403 `email_not_verified`, and need an owner binding made by ' +
        "accepting an operator's owner invitation (`/oauth/owner-invitation`), never an email match.",
      parameters: [
        param('client_id', true, 'The app.'),
        param('redirect_uri', true, 'One of the app’s registered redirect URIs, character for character.'),
        param('response_type', true, 'Must be `code`.', { type: 'string', enum: ['code'] }),
        param('scope', true, 'Space-separated scopes; store (business) and user scopes are never mixed.'),
        param('state', false, 'Returned unchanged with the code (at most 1024 characters).'),
        param('code_challenge', false, 'PKCE challenge (RFC 7636).'),
        param('code_challenge_method', false, '`S256` only.', { type: 'string', enum: ['S256'] }),
        param('org_id', false, 'Business scopes: which of the user’s business accounts the token acts for.'),
        { $ref: '#/components/parameters/X-Request-Id' },
      ],
      responses: {
        '200': {
          description: 'The consent page.',
          headers: REQUEST_ID,
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '302': {
          description: 'To the sign-in page, or (first-party apps) to `redirect_uri` with `code`, `state` and `iss`.',
          headers: { ...REQUEST_ID, Location: { schema: { type: 'string' } } },
          // What the browser shows if it does not follow: a line naming the target, as Accept asks.
          content: { 'text/html': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } } },
        },
        '400': {
          description: 'A bad authorization request (never redirected).',
          headers: REQUEST_ID,
          content: PAGE_OR_PROBLEM,
        },
        '403': {
          description:
            'Business scopes asked of a user whose email is not verified (`email_not_verified`) or who owns no (or not the chosen) business account (`not_a_business_owner`).',
          headers: REQUEST_ID,
          content: PAGE_OR_PROBLEM,
        },
        '431': {
          description: 'The request header fields are too large: refused by the HTTP server before the page runs.',
          headers: REQUEST_ID,
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        },
        '500': {
          description: 'An unexpected failure; the page quotes the trace id.',
          headers: REQUEST_ID,
          content: PAGE_OR_PROBLEM,
        },
        '503': {
          description: 'A backing service is unreachable (`database_unavailable`): retry after `Retry-After` seconds.',
          headers: { ...REQUEST_ID, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          content: PAGE_OR_PROBLEM,
        },
      },
    },
  },
};
