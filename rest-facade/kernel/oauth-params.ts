/**
 * Transport-level reading of OAuth requests: form parameters (each at most once, RFC 6749 §3.2)
 * and client credentials from HTTP Basic (form-urlencoded, then base64, RFC 6749 §2.3.1) or the body.
 */
import { RequestRejected } from './route.js';

/** Client credentials as sent. */
export interface ClientCredentials {
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
}

const BASIC = /^Basic\s+([A-Za-z0-9+/]+=*)$/i;
const BEARER = /^Bearer\s+(\S+)$/i;

/** Form parameters as strings; a repeated one is refused. */
export function formParams(body: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') throw new RequestRejected('invalid_request', `Parameter ${name} must be sent once.`);
    params[name] = value;
  }
  return params;
}

function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

/** Whether the header carries HTTP Basic credentials. */
export function isBasic(authorization: string | undefined): boolean {
  return authorization !== undefined && /^Basic\s/i.test(authorization.trim());
}

/**
 * The client's credentials: HTTP Basic (client_secret_basic) or `client_id`/`client_secret` in the
 * body (client_secret_post). Using both is refused (RFC 6749 §2.3).
 */
export function clientCredentials(
  authorization: string | undefined,
  params: Readonly<Record<string, string | undefined>>,
): ClientCredentials {
  if (!isBasic(authorization)) return { clientId: params.client_id, clientSecret: params.client_secret };
  if (params.client_secret !== undefined)
    throw new RequestRejected('invalid_request', 'Use one client authentication method, not two.');
  const encoded = BASIC.exec(authorization!.trim())?.[1];
  // Stryker disable next-line StringLiteral: any fallback without a colon is refused the same way as ''.
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new RequestRejected('invalid_client', 'Malformed HTTP Basic credentials.', 401);
  try {
    const clientId = formDecode(decoded.slice(0, colon));
    if (params.client_id !== undefined && params.client_id !== clientId)
      throw new RequestRejected('invalid_request', 'client_id differs from the authenticated client.');
    return { clientId, clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch (error) {
    if (error instanceof RequestRejected) throw error;
    throw new RequestRejected('invalid_client', 'Malformed HTTP Basic credentials.', 401);
  }
}

/** The token of a `Bearer` Authorization header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization ? BEARER.exec(authorization.trim())?.[1] : undefined;
}

/**
 * The named members of a JSON body (unknown fields are ignored; a value of the wrong type reaches
 * GraphQL, which refuses it with a 400).
 */
export function jsonFields(body: unknown, names: readonly string[]): Record<string, unknown> {
  const source = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(names.flatMap((name) => (source[name] === undefined ? [] : [[name, source[name]]])));
}
