/**
 * Rows of the OAuth token endpoints and the well-known
 * documents. Each token row speaks the interface's JSON dialect and, where a standard defines one,
 * its form dialect (RFC 6749 / 7662 / 7009), answered in that standard's terms.
 */
import * as auth from './operations.js';
import { bearerToken, clientCredentials, jsonFields } from '../kernel/oauth-params.js';
import type { FormInput, Route } from '../kernel/route.js';
import { ref } from '../kernel/schemas.js';

const TAG = 'OAuth 2.0 tokens';
/** RFC 6749 §5.1: token responses (and their errors) are never cached. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;
const OAUTH = { errorFormat: 'oauth', responseHeaders: NO_STORE, forwardAuthorization: false } as const;

/** Failed client authentication is throttled per client id (client-auth-throttle.ts). */
const CLIENT_LOCKED =
  'The client is locked after 10 failed client authentications within 15 minutes (`rate_limited`, OAuth `error` temporarily_unavailable): ' +
  'answered before the secret is checked, for 5 minutes (`Retry-After`); a successful authentication resets the count.';

/** JSON dialect: every protocol failure is the interface's 401. */
const JSON_401 = {
  invalid_request: 401,
  invalid_client: 401,
  invalid_grant: 401,
  unsupported_grant_type: 401,
  invalid_scope: 401,
} as const;
/** Form dialect: RFC 6749 §5.2. */
const RFC6749 = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
} as const;

const dropNulls = (value: unknown): unknown =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter(([, v]) => v !== null));

function snakeTokenSet(data: Record<string, unknown>): unknown {
  const set = data.requestToken as Record<string, unknown>;
  return {
    access_token: set.accessToken,
    token_type: set.tokenType,
    expires_in: set.expiresIn,
    refresh_token: set.refreshToken,
    scope: set.scope,
  };
}

function formTokenRequest({ params, authorization }: FormInput): Record<string, unknown> {
  const client = clientCredentials(authorization, params);
  return {
    input: {
      grantType: params.grant_type,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      code: params.code,
      redirectUri: params.redirect_uri,
      codeVerifier: params.code_verifier,
      refreshToken: params.refresh_token,
      scope: params.scope,
    },
  };
}

function formTokenCheck({ params, authorization }: FormInput): Record<string, unknown> {
  const client = clientCredentials(authorization, params);
  return {
    input: {
      token: params.token,
      tokenTypeHint: params.token_type_hint,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    },
  };
}

function rfc7662(data: Record<string, unknown>): unknown {
  const r = data.introspectToken as Record<string, unknown>;
  if (r.active !== true) return { active: false };
  return dropNulls({
    active: true,
    scope: r.scope,
    client_id: r.clientId,
    token_type: r.tokenType,
    exp: r.exp,
    iat: r.iat,
    sub: r.sub,
    aud: r.aud,
    iss: r.iss,
    jti: r.jti,
    org_id: r.businessAccountId,
  });
}

const CLIENT_FORM_FIELDS = {
  client_id: { type: 'string', description: 'client_secret_post: the client id (or use HTTP Basic).' },
  client_secret: { type: 'string', description: 'client_secret_post: the client secret (or use HTTP Basic).' },
} as const;

const tokenForm = {
  description:
    'Form dialect (RFC 6749 §4.1.3, §6): `application/x-www-form-urlencoded` with `grant_type` authorization_code or refresh_token; ' +
    'the client authenticates with HTTP Basic (client_secret_basic) or `client_id` and `client_secret` in the body (client_secret_post). ' +
    'Answered in snake_case (`access_token`, `token_type`, `expires_in`, `refresh_token`, `scope`); failures per RFC 6749 §5.2: ' +
    '400 invalid_request, invalid_grant, unsupported_grant_type, invalid_scope; 401 invalid_client (with `WWW-Authenticate: Basic` after Basic).',
  schema: {
    type: 'object',
    required: ['grant_type'],
    properties: {
      grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
      code: { type: 'string' },
      redirect_uri: { type: 'string' },
      code_verifier: { type: 'string', description: 'PKCE verifier (S256).' },
      refresh_token: { type: 'string' },
      scope: { type: 'string', description: 'refresh_token only: a narrower scope.' },
      ...CLIENT_FORM_FIELDS,
    },
  },
  variables: formTokenRequest,
  result: snakeTokenSet,
  responseSchema: ref('OAuthTokenResponse'),
  statusByReason: RFC6749,
  errors: {
    400: 'Form dialect: invalid_request, invalid_grant, unsupported_grant_type or invalid_scope (RFC 6749 §5.2).',
  },
} as const;

const TOKEN_FIELDS = [
  'grantType',
  'clientId',
  'clientSecret',
  'code',
  'redirectUri',
  'codeVerifier',
  'refreshToken',
  'scope',
];

export const authRoutes: readonly Route[] = [
  {
    ...OAUTH,
    method: 'POST',
    path: '/api/v1/auth/token',
    operation: auth.ExchangeToken,
    tag: TAG,
    summary: 'Exchange an authorization code for a token pair',
    description:
      'JSON dialect: `{grantType: "authorization_code", clientId, clientSecret, code, redirectUri, codeVerifier}` -> camelCase token pair; ' +
      'any failure (bad client, code unknown, used, expired or bound to another redirect_uri, PKCE mismatch) is 401 with `error` and `error_description`. ' +
      'A code is single use; presenting it again revokes the tokens its first use issued. The access token is an RFC 9068 JWT valid 3600 s; ' +
      'the refresh token is opaque, single use (rotated) and valid 30 days.',
    requestBody: { required: true, schema: ref('TokenRequest') },
    variables: ({ body }) => ({ input: jsonFields(body, TOKEN_FIELDS) }),
    result: (data) => data.requestToken,
    status: 200,
    responseSchema: ref('TokenPair'),
    statusByReason: JSON_401,
    errors: {
      401: 'JSON dialect: the exchange failed (`error` says why); form dialect: invalid_client.',
      429: CLIENT_LOCKED,
    },
    form: tokenForm,
  },
  {
    ...OAUTH,
    method: 'POST',
    path: '/api/v1/auth/refresh',
    operation: auth.RefreshToken,
    tag: TAG,
    summary: 'Rotate a refresh token for a new token pair',
    description:
      'JSON `{refreshToken, clientId, clientSecret}`. The old access and refresh tokens stop working at once. A refresh token presented a second time ' +
      'revokes its whole grant (RFC 9700 reuse detection). Any failure is 401.',
    requestBody: { required: true, schema: ref('RefreshRequest') },
    variables: ({ body }) => ({
      input: { ...jsonFields(body, ['refreshToken', 'clientId', 'clientSecret', 'scope']), grantType: 'refresh_token' },
    }),
    result: (data) => data.requestToken,
    status: 200,
    responseSchema: ref('TokenPair'),
    statusByReason: JSON_401,
    errors: {
      401: 'The refresh failed (`error` says why: invalid_client, invalid_grant, invalid_request).',
      429: CLIENT_LOCKED,
    },
  },
  {
    ...OAUTH,
    method: 'POST',
    path: '/api/v1/auth/verify',
    operation: auth.VerifyToken,
    tag: TAG,
    summary: 'Verify an access token (introspection)',
    description:
      'JSON `{token}`, or the token as `Authorization: Bearer`. 200 with the scopes, expiry and the user or business account of a live token; ' +
      'a token that is not live (bad signature, expired, refreshed, revoked) is 401 `invalid_token`.',
    requestBody: { required: false, schema: ref('VerifyRequest') },
    variables: ({ body, authorization }) => ({
      token: jsonFields(body, ['token']).token ?? bearerToken(authorization),
    }),
    result: (data) => dropNulls(data.verifyAccessToken),
    statusByReason: { invalid_token: 401 },
    status: 200,
    responseSchema: ref('TokenVerification'),
    errors: { 401: 'JSON dialect: the token is not live (`invalid_token`); form dialect: invalid_client.' },
    form: {
      operation: auth.IntrospectToken,
      description:
        'Form dialect (RFC 7662): `token` (and optional `token_type_hint`), client authentication optional (HTTP Basic or client_secret_post; ' +
        'wrong credentials are 401 invalid_client). As RFC 7662 §2.2 says and its client libraries expect, a token that is not live is ' +
        '**200 `{"active": false}`**, not an error; a live one is described in RFC 7662 names. An authenticated client sees only its own tokens as active.',
      schema: {
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string' }, token_type_hint: { type: 'string' }, ...CLIENT_FORM_FIELDS },
      },
      variables: formTokenCheck,
      result: rfc7662,
      responseSchema: ref('OAuthIntrospectionResponse'),
      statusByReason: RFC6749,
      errors: { 400: 'Form dialect: invalid_request (a parameter repeated).', 429: `Form dialect: ${CLIENT_LOCKED}` },
    },
  },
  {
    ...OAUTH,
    method: 'POST',
    path: '/api/v1/auth/revoke',
    operation: auth.RevokeToken,
    tag: TAG,
    summary: 'Revoke a token and its grant (logout)',
    description:
      'JSON `{token, tokenTypeHint?}` or the RFC 7009 form body (`token`, `token_type_hint`, optional client authentication). ' +
      'An access or refresh token revokes its whole grant: every token of it stops working at once. 200 `{revoked: true}` even for an unknown token.',
    requestBody: { required: true, schema: ref('RevokeRequest') },
    variables: ({ body }) => ({ input: jsonFields(body, ['token', 'tokenTypeHint']) }),
    result: (data) => data.revokeToken,
    status: 200,
    responseSchema: ref('RevokeResponse'),
    errors: {
      400: 'No token was sent (`invalid_request`).',
      401: 'Client credentials were sent and are wrong (invalid_client).',
      429: CLIENT_LOCKED,
    },
    form: {
      description:
        'Form dialect (RFC 7009): `token`, optional `token_type_hint`, optional client authentication; same answers.',
      schema: {
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string' }, token_type_hint: { type: 'string' }, ...CLIENT_FORM_FIELDS },
      },
      variables: formTokenCheck,
      result: (data) => data.revokeToken,
      responseSchema: ref('RevokeResponse'),
      statusByReason: RFC6749,
      errors: {},
    },
  },
  {
    method: 'GET',
    path: '/.well-known/jwks.json',
    operation: auth.JsonWebKeySet,
    tag: TAG,
    summary: 'Public keys that verify access tokens (JWKS)',
    description:
      'RFC 7517 key set: every live signing key (Ed25519, `alg` EdDSA), newest first. Tokens name theirs in `kid`.',
    result: (data) => ({ keys: (data.jsonWebKeySet as { keys: unknown[] }).keys.map(dropNulls) }),
    status: 200,
    responseSchema: ref('JsonWebKeySet'),
    responseHeaders: { 'Cache-Control': 'public, max-age=300' },
    errors: {},
  },
  {
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    operation: auth.AuthorizationServerMetadata,
    tag: TAG,
    summary: 'Authorization server metadata (RFC 8414)',
    result: (data) => data.authorizationServerMetadata,
    status: 200,
    responseSchema: ref('AuthorizationServerMetadata'),
    responseHeaders: { 'Cache-Control': 'public, max-age=300' },
    errors: {},
  },
];
