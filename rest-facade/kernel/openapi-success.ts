/**
 * The success side of each OpenAPI operation: JSON bodies (offered in three media types), 204, binary
 * bodies (`format: binary` with `contentMediaType`, ETag, Cache-Control, Content-Disposition, and the
 * 304 of a matching If-None-Match) and redirects (Location). Also the headers every response of a row
 * carries, shared with the error side.
 */
import type { JsonObject } from './openapi.js';
import type { BinaryAnswer, Route } from './route.js';

/** Media types a JSON success body is offered in (negotiated by Accept; the body is JSON in each). */
const RESPONSE_MEDIA_TYPES = ['application/json', 'text/json', 'text/plain'] as const;

export const componentRef = (kind: 'headers' | 'parameters' | 'schemas', name: string): JsonObject => ({
  $ref: `#/components/${kind}/${name}`,
});

const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  302: 'Found',
  303: 'See Other',
};

/** Drops `undefined` members, which are not JSON. */
export function compact(object: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** Headers of every response of the route. */
export function responseHeaders(route: Route, status: number): Record<string, JsonObject> {
  const headers: Record<string, JsonObject> = { 'X-Request-Id': componentRef('headers', 'X-Request-Id') };
  // A lock (the OAuth rows' after failed client authentication) is not a quota: Retry-After only.
  if (429 in route.errors && route.errorFormat !== 'oauth' && !route.lockout) {
    headers['RateLimit-Policy'] = componentRef('headers', 'RateLimit-Policy');
    headers.RateLimit = componentRef('headers', 'RateLimit');
  }
  if (status === 429 || status === 503) headers['Retry-After'] = componentRef('headers', 'Retry-After');
  // Every 401 challenges (RFC 9110 §15.5.2), also on public rows that check a credential of their own.
  const challenges = route.auth || route.errorFormat === 'oauth' || (status === 401 && 401 in route.errors);
  if (challenges && (status === 401 || status === 403))
    headers['WWW-Authenticate'] = componentRef('headers', 'WWW-Authenticate');
  for (const name of Object.keys(route.responseHeaders ?? {})) headers[name] = componentRef('headers', name);
  return headers;
}

const CACHE_HEADERS = {
  ETag: componentRef('headers', 'ETag'),
  'Cache-Control': componentRef('headers', 'Cache-Control'),
};

/** The 304 a GET answers when its If-None-Match names the current ETag. */
function notModifiedResponse(route: Route): Record<string, JsonObject> {
  if (route.method !== 'GET') return {};
  return {
    '304': {
      description: 'Not Modified: `If-None-Match` names the current `ETag`; no body.',
      headers: { ...responseHeaders(route, 304), ...CACHE_HEADERS },
    },
  };
}

/** The 2xx answers of a binary row and the 304 of a matching If-None-Match. */
function binaryResponses(route: Route, answer: BinaryAnswer, statuses: readonly number[]): Record<string, JsonObject> {
  const content = Object.fromEntries(
    answer.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary', contentMediaType: type } }]),
  );
  const responses: Record<string, JsonObject> = {};
  for (const status of statuses) {
    const headers = {
      ...responseHeaders(route, status),
      ...CACHE_HEADERS,
      ...(answer.disposition ? { 'Content-Disposition': componentRef('headers', 'Content-Disposition') } : {}),
      ...(answer.lastModified ? { 'Last-Modified': componentRef('headers', 'Last-Modified') } : {}),
    };
    responses[String(status)] = { description: REASONS[status] ?? 'Success', headers, content };
  }
  const notModified = notModifiedResponse(route);
  if (answer.lastModified && notModified['304']) {
    notModified['304'] = {
      description:
        'Not Modified: `If-None-Match` names the current `ETag`, or (without `If-None-Match`) `If-Modified-Since` is not older than `Last-Modified`; no body.',
      headers: {
        ...(notModified['304'].headers as JsonObject),
        'Last-Modified': componentRef('headers', 'Last-Modified'),
      },
    };
  }
  return { ...responses, ...notModified };
}

/** The success responses of the row, by status. */
export function successResponses(route: Route): Record<string, JsonObject> {
  const statuses = route.successStatuses ?? [typeof route.status === 'number' ? route.status : 200];
  if (route.answer?.kind === 'binary') return binaryResponses(route, route.answer, statuses);
  if (route.answer?.kind === 'redirect') {
    return Object.fromEntries(
      statuses.map((status) => [
        String(status),
        {
          description: REASONS[status] ?? 'Redirect',
          headers: { ...responseHeaders(route, status), Location: componentRef('headers', 'Location') },
        },
      ]),
    );
  }
  const schema =
    route.form && route.responseSchema
      ? {
          description: 'The JSON dialect answers the first form, the form dialect the second.',
          anyOf: [route.responseSchema, route.form.responseSchema],
        }
      : route.responseSchema;
  const cached = route.answer?.kind === 'cached-json';
  const responses = Object.fromEntries(
    statuses.map((status) => {
      const content =
        status !== 204 && schema
          ? Object.fromEntries(RESPONSE_MEDIA_TYPES.map((type) => [type, { schema }]))
          : undefined;
      const headers = { ...responseHeaders(route, status), ...(cached ? CACHE_HEADERS : {}) };
      return [String(status), compact({ description: REASONS[status] ?? 'Success', headers, content })];
    }),
  );
  return cached ? { ...responses, ...notModifiedResponse(route) } : responses;
}
