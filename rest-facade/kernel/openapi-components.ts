/**
 * The parts of the OpenAPI document every operation shares: the conventions text of `info`, and the
 * headers, parameters and security scheme published under `components`.
 */
import type { JsonObject } from './openapi.js';

export const API_DESCRIPTION = `Retail media and receipt platform, REST interface v1. Every operation runs one named GraphQL
operation on the federated gateway; its document is shown in \`x-graphql-operation\`, and the same data
is reachable at \`/graphql\`.

## Conventions
- **Requests**: bodies are JSON, sent as \`application/json\`, \`text/json\` or \`application/*+json\`.
  Malformed JSON is 400, a body over 1 MiB is 413, another media type is 415. A body is checked
  against the operation's request schema before anything runs: unknown fields, at any depth, are
  ignored (dropped, never passed on); a field of the wrong type or a missing required one is 400
  \`validation_failed\`, each named in \`errors\` by its JSON pointer into the body (RFC 6901:
  \`/token\`, \`/answers/0/choices\`; \`""\` for the body itself). No error speaks GraphQL's words.
- **Responses**: JSON, offered as \`application/json\`, \`text/json\` or \`text/plain\` (chosen by
  \`Accept\`; the body is the same JSON in each). Field names are camelCase; timestamps are RFC 3339 UTC.
- **Binary answers** (images, PDFs, passes) come in a media type the operation lists, with a strong
  \`ETag\` and \`Cache-Control\`; a GET whose \`If-None-Match\` names the current \`ETag\` is 304 with
  no body. Redirects (302, 303) carry \`Location\`.
- **Errors**: RFC 9457 problem details (\`application/problem+json\`) with \`type\` (\`/problems/<code>\`),
  \`title\`, \`status\`, \`detail\`, \`instance\` (the request path), \`code\` (snake_case, stable) and
  \`traceId\`. A 400 from validation adds \`errors: [{path, message}]\`: \`path\` is a JSON pointer into
  the JSON request body (whether the body check or the operation itself refused the value), or the
  name of the query, path or form parameter. An unexpected failure is a 500 problem whose
  \`traceId\` identifies it in the logs; no response carries a stack trace.
- **Text**: no parameter or body string may contain the NUL character (U+0000) or an unpaired UTF-16
  surrogate (\`"\\ud800"\` in JSON); such a value is 400 \`validation_failed\` naming the field.
- **Integer parameters** are int32: a digit string, optionally signed, within int32 range, else 400.
  A query parameter given more than once is 400.
- **Paging and limits**: a value below 1 is 400; a value above its cap is clamped to the cap
  (\`pageSize\` 100, \`limit\` 200, \`take\` 100); a page past the last is 200 with no items.
- **Identifiers** in paths are opaque strings: a malformed id is answered like an unknown one (404),
  unless the operation lists a 400 for it (as it does when the text rule above applies).
- **X-Request-Id**: every response carries it. A caller's value of 1 to 128 characters from
  \`[A-Za-z0-9._:-]\` is echoed, anything else is replaced by a new UUID; problems repeat it as \`traceId\`.
- **Authentication**: \`Authorization: Bearer <access token>\`, a JWT (RFC 9068) from the OAuth 2.0
  authorization-code flow (PKCE S256) at \`/oauth/authorize\` and \`/api/v1/auth/token\`. Operations list
  the scopes they need. 401 carries \`WWW-Authenticate: Bearer error="invalid_token"\`; 403 (a missing
  scope) carries \`error="insufficient_scope"\` and the needed scope. A receipt claim token that fails is
  401 \`invalid_claim_token\` with its own challenge, \`WWW-Authenticate: ClaimToken realm="receipts"\`.
- **Rate limits**: limited operations carry the \`RateLimit-Policy\` and \`RateLimit\` headers
  (draft-ietf-httpapi-ratelimit-headers-10: \`"last-receipt";q=30;w=60\` and \`"last-receipt";r=29;t=58\`)
  and, over the limit, answer 429 \`rate_limited\` with \`Retry-After\` (whole seconds; retry after that long).
- **Outages**: while a backing service (the database) is unreachable, any operation answers 503
  (\`code\` \`database_unavailable\` or \`gateway_unavailable\`; OAuth endpoints \`temporarily_unavailable\`)
  with \`Retry-After\`; retry after that many seconds. It never answers 500 for an outage.
- **Versioning**: the version is the \`/api/v1\` path prefix. Changes within v1 are additive (new
  operations, new optional request fields, new response fields); clients must ignore unknown fields.`;

export const HEADERS: Readonly<Record<string, JsonObject>> = {
  'X-Request-Id': {
    description:
      "The request's id: the caller's `X-Request-Id` when it is sane, else a new UUID. Problems repeat it as `traceId`.",
    schema: { type: 'string', maxLength: 128 },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': {
    description:
      'RFC 6750 challenge: `Bearer error="invalid_token"` (401) or `Bearer error="insufficient_scope", scope="..."` (403). ' +
      'On the OAuth token endpoints, `Basic realm="oauth"` after a failed HTTP Basic client authentication (RFC 6749 §5.2). ' +
      'On a terminal receipt claim whose claim token fails, `ClaimToken realm="receipts", error="invalid_claim_token"`: the claim token\'s own scheme, so a bearer token is not blamed.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      "`no-store` on token responses (RFC 6749 §5.1); a short public max-age on the well-known documents; on binary answers and cacheable public content, the row's own policy.",
    schema: { type: 'string' },
  },
  ETag: {
    description:
      'Strong entity tag of a binary answer (a digest of its bytes) or of cacheable JSON (a digest of its media type and body); send it back in `If-None-Match`.',
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description: '`inline` or `attachment`, with the file name (RFC 6266).',
    schema: { type: 'string' },
  },
  'Last-Modified': {
    description: 'When the content of a binary answer last changed (HTTP-date); send it back in `If-Modified-Since`.',
    schema: { type: 'string' },
  },
  Location: { description: 'Where the redirect points.', required: true, schema: { type: 'string' } },
  Pragma: { description: '`no-cache`, for HTTP/1.0 caches (RFC 6749 §5.1).', schema: { type: 'string' } },
  RateLimit: {
    description:
      'What remains of each policy in its current window: `"<policy>";r=<calls left>;t=<seconds until the window resets>` (draft-ietf-httpapi-ratelimit-headers-10).',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description:
      'The quota policies applied to this path: `"<policy>";q=<calls per window>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers-10).',
    schema: { type: 'string' },
  },
};

export const PARAMETERS: Readonly<Record<string, JsonObject>> = {
  'If-None-Match': {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of a copy you hold: when it is still current, the answer is 304 with no body.',
    schema: { type: 'string' },
  },
  'X-Request-Id': {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description:
      'Your id for this request, echoed in the response and in logs. 1 to 128 characters from `[A-Za-z0-9._:-]`; otherwise a new id is used.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:\\-]{1,128}$' },
  },
};

export const SECURITY_SCHEMES: Readonly<Record<string, JsonObject>> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An OAuth 2.0 access token (RFC 9068 JWT) from `/api/v1/auth/token`. Scope names listed on an operation are required.',
  },
};
