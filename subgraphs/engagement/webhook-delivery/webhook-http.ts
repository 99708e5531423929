/**
 * One outbound webhook POST: Standard Webhooks headers and
 * signature, one time budget for the whole attempt, no redirects (a 3xx is a failure), and an SSRF
 * guard on the address actually connected to: the socket's DNS lookup is ours, so a name that passed
 * registration and later resolves to a private address (DNS rebinding) is refused at connect time, and
 * IP-literal hosts are checked before any connection. Loopback, private, link-local, CGNAT, multicast,
 * unique-local, unspecified and reserved addresses are allowed only when `allowPrivate` (development
 * and tests); an IPv6 address carrying an IPv4 address is judged as that address (public-address.ts).
 */
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './public-address.js';
import { signatureHeader } from './webhook-signature.js';

export { isPublicAddress } from './public-address.js';

/** Longest response excerpt kept (webhook_attempt.response_excerpt). */
export const EXCERPT_CHARS = 1024;
/** Bytes of a response body read at most; the rest is never read. */
const BODY_READ_LIMIT = 8 * 1024;
export const WEBHOOK_USER_AGENT = 'retail-media-platform-webhooks/1';

/** Why an attempt got no usable response. */
export type WebhookSendError =
  | 'timeout'
  | 'connection'
  | 'address_refused'
  | 'tls'
  | 'invalid_url'
  /** Not sent: the endpoint's stored secret could not be decrypted (SECRETS_KEY changed). Set by the dispatcher. */
  | 'secret';

export interface WebhookSendResult {
  /** The receiver's HTTP status; null when none arrived. */
  readonly status: number | null;
  readonly latencyMs: number;
  /** The first 1,024 characters of the response body; null when none arrived. */
  readonly excerpt: string | null;
  /** The response's Retry-After in milliseconds (seconds or an HTTP date), when present and valid. */
  readonly retryAfterMs: number | null;
  readonly error: WebhookSendError | null;
}

/** Resolves a host name to its addresses (the default is the system resolver). */
export type Resolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface WebhookRequest {
  readonly url: string;
  /** The `webhook-id` header: the event id, the same on every retry. */
  readonly id: string;
  readonly timestamp: Date;
  /** The JSON body, exactly as signed. */
  readonly body: string;
  /** Signing secrets, current first (two during a rotation's overlap window). */
  readonly secrets: readonly string[];
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  /** Resolver used for the connection (tests); default the system's. */
  readonly resolve?: Resolver;
}

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The bracket-free host of a URL when it is an IP literal, else null. */
function ipLiteral(hostname: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  // Only the canonical dotted-quad and IPv6 forms; WHATWG URL parsing already normalises 0x7f.1 etc.
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/**
 * Whether `url` may be registered as a receiver: null when it may, else the reason. https is required
 * unless `allowPrivate` (development and tests, where http to a local receiver is fine); no user info;
 * an IP-literal or `localhost` host must be public unless `allowPrivate`. Host names are checked again,
 * on their resolved addresses, at every connection ({@link sendWebhook}).
 */
export function checkWebhookUrl(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.length > 2048) return 'url must be at most 2048 characters';
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'url must use https';
  if (parsed.protocol === 'http:' && !allowPrivate) return 'url must use https';
  if (parsed.username !== '' || parsed.password !== '') return 'url must not contain user info';
  if (parsed.hostname === '') return 'url must have a host';
  if (!allowPrivate) {
    const literal = ipLiteral(parsed.hostname);
    if (literal && !isPublicAddress(literal)) return 'url must not point to a private, loopback or reserved address';
    const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
    if (host === 'localhost' || host.endsWith('.localhost')) {
      return 'url must not point to a private, loopback or reserved address';
    }
  }
  return null;
}

/** Marks a lookup refused by the guard, so the request's error maps to `address_refused`. */
class AddressRefused extends Error {
  readonly code = 'EADDRREFUSED_WEBHOOK';
}

/** A socket lookup that resolves with `resolve` and refuses any non-public answer unless `allowPrivate`. */
function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = typeof options.family === 'number' ? options.family : 0;
        const addresses = found.filter((entry) => family === 0 || entry.family === family);
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        // Every answer must pass: connecting falls through to the next address on failure.
        if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
          callback(new AddressRefused(`${hostname} resolves to a refused address`), '', 0);
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, all: { address: string; family: number }[]) => void)(
            null,
            addresses.map(({ address, family: f }) => ({ address, family: f })),
          );
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** Milliseconds from a Retry-After value (delay seconds or an HTTP date), null when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function errorKind(error: unknown): WebhookSendError {
  if (error instanceof AddressRefused) return 'address_refused';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH/.test(code))
    return 'tls';
  return 'connection';
}

/**
 * POSTs one signed event. Never throws: whatever happened is in the result (a response of any status,
 * or why there was none). The whole attempt (lookup, connect, TLS, request, response body) is bounded
 * by `timeoutMs`.
 */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookSendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: WebhookSendError): WebhookSendResult => ({
    status: null,
    latencyMs: elapsed(),
    excerpt: null,
    retryAfterMs: null,
    error,
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failed('invalid_url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failed('invalid_url');
  if (url.protocol === 'http:' && !request.allowPrivate) return failed('invalid_url');
  if (url.username !== '' || url.password !== '') return failed('invalid_url');
  const literal = ipLiteral(url.hostname);
  if (literal && !request.allowPrivate && !isPublicAddress(literal)) return failed('address_refused');

  const timestampSeconds = Math.floor(request.timestamp.getTime() / 1000);
  const body = Buffer.from(request.body, 'utf8');
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': request.id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(request.secrets, request.id, timestampSeconds, request.body),
  };
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise<WebhookSendResult>((settle) => {
    let done = false;
    const finish = (result: WebhookSendResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      settle(result);
    };
    const req = transport.request(url, {
      method: 'POST',
      headers,
      // A fresh connection (and so a fresh guarded lookup) for every attempt.
      agent: false,
      lookup: guardedLookup(request.resolve ?? systemResolver, request.allowPrivate),
    });
    const timer = setTimeout(() => {
      finish(failed('timeout'));
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (error) => finish(failed(errorKind(error))));
    req.on('response', (response) => {
      const status = response.statusCode ?? null;
      const retryAfterMs = parseRetryAfter(
        typeof response.headers['retry-after'] === 'string' ? response.headers['retry-after'] : undefined,
      );
      const chunks: Buffer[] = [];
      let read = 0;
      const complete = () => {
        const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
        finish({ status, latencyMs: elapsed(), excerpt, retryAfterMs, error: null });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (read >= BODY_READ_LIMIT) return;
        chunks.push(chunk);
        read += chunk.length;
        if (read >= BODY_READ_LIMIT) complete();
      });
      response.on('end', complete);
      // A body cut short still has its status.
      response.on('error', complete);
      response.on('aborted', complete);
    });
    req.end(body);
  });
}
