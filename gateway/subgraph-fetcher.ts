/**
 * The gateway's HTTP client for remote subgraphs: undici over a keep-alive connection pool per
 * subgraph origin, in place of @apollo/gateway's default make-fetch-happen, whose agent inspects a
 * stack trace and whose HTTP cache and streams ran on every subgraph call (profiled: about a tenth of
 * the gateway's CPU). Subgraph answers are small JSON documents, so the body is read whole and
 * handed over as text; nothing asks for compression (loopback or a private network).
 *
 * Identical queries in flight at the same time share one subgraph call (as Hive Gateway's HTTP
 * executor does by default): same URL, same body (operation and variables) and the same forwarded
 * headers, request id and trace context aside. Each caller still gets a response of its own and
 * parses it itself. Only a body that is a query (`{"query":"query…` or `{"query":"{…`, as the data
 * source serializes it) of the subgraph's shared reads (kernel/shared-reads.ts, an allowlist) is
 * shared; mutations and anything else always go out alone. The gateway has authenticated every
 * caller before its plan runs, so a shared call never stands in for a check.
 */
import type { Fetcher, FetcherHeaders, FetcherRequestInit, FetcherResponse } from '@apollo/utils.fetcher';
import { STATUS_CODES } from 'node:http';
import { Agent, type Dispatcher } from 'undici';

/** Response headers, names lower-cased as undici gives them (repeated ones joined with `, `). */
class ResponseHeaders implements FetcherHeaders {
  private readonly map = new Map<string, string>();

  constructor(raw: Readonly<Record<string, string | string[] | undefined>>) {
    for (const [name, value] of Object.entries(raw))
      if (value !== undefined) this.map.set(name, Array.isArray(value) ? value.join(', ') : value);
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const current = this.map.get(key);
    this.map.set(key, current === undefined ? value : `${current}, ${value}`);
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), value);
  }
  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  values(): IterableIterator<string> {
    return this.map.values();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

/** A subgraph's answer, its body already read. */
class BufferedResponse implements FetcherResponse {
  readonly redirected = false;
  readonly ok: boolean;
  readonly statusText: string;
  private used = false;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: ResponseHeaders,
    private readonly body: string,
  ) {
    this.ok = status >= 200 && status < 300;
    // The reason phrase a Node server sends with the status (the data source puts it in error messages).
    this.statusText = STATUS_CODES[status] ?? '';
  }

  get bodyUsed(): boolean {
    return this.used;
  }
  private consume(): string {
    if (this.used) throw new TypeError('Body has already been consumed');
    this.used = true;
    return this.body;
  }
  // A second read (or unparsable JSON) rejects, as fetch's Response does, rather than throwing.
  text(): Promise<string> {
    return new Promise((resolve) => resolve(this.consume()));
  }
  json(): Promise<unknown> {
    return new Promise((resolve) => resolve(JSON.parse(this.consume()) as unknown));
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.text().then((text) => new TextEncoder().encode(text).buffer);
  }
  clone(): FetcherResponse {
    if (this.used) throw new TypeError('Body has already been consumed');
    return new BufferedResponse(this.url, this.status, this.headers, this.body);
  }
}

/** A subgraph's answer as read off the wire, before it becomes a caller's response. */
interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** Headers that differ per caller without changing the answer: never part of the sharing key. */
const PER_CALLER_HEADERS = new Set(['x-request-id', 'traceparent', 'tracestate']);

/** Whether the query a body carries (`body.query`) to `url` may share one call among identical callers. */
export type Shareable = (url: string, query: string) => boolean;

/** The key under which concurrent identical queries share a call; undefined when this one must go alone. */
export function sharingKey(url: string, init: FetcherRequestInit, shareable: Shareable): string | undefined {
  const { body, method, headers } = init;
  const signal: unknown = init.signal;
  if (method !== 'POST' || typeof body !== 'string' || signal !== undefined) return undefined;
  if (!body.startsWith('{"query":"query') && !body.startsWith('{"query":"{')) return undefined;
  let query: unknown;
  try {
    ({ query } = JSON.parse(body) as { query?: unknown });
  } catch {
    return undefined;
  }
  if (typeof query !== 'string' || !shareable(url, query)) return undefined;
  let key = `${url}\n${body}`;
  for (const [name, value] of Object.entries(headers ?? {}))
    if (!PER_CALLER_HEADERS.has(name.toLowerCase())) key += `\n${name.toLowerCase()}: ${value}`;
  return key;
}

/** Options of {@link keepAliveFetcher}. */
export interface FetcherOptions {
  /**
   * Which queries may share one call among concurrent identical callers (see the file comment).
   * Default none: every call goes out on its own.
   */
  readonly shareable?: Shareable;
}

/** How long an idle pooled connection is kept (below Node's server default of 5 s, so the client closes first). */
const KEEP_ALIVE_MS = 4_000;

/** A dispatcher with a keep-alive pool per origin (undici's own defaults for timeouts). */
export function subgraphAgent(): Agent {
  return new Agent({ keepAliveTimeout: KEEP_ALIVE_MS, keepAliveMaxTimeout: KEEP_ALIVE_MS });
}

/**
 * A {@link Fetcher} over `dispatcher`: each subgraph URL is split into origin and path once, every
 * call reuses an idle pooled connection to that origin when there is one.
 */
export function keepAliveFetcher(dispatcher: Dispatcher = subgraphAgent(), options: FetcherOptions = {}): Fetcher {
  const { shareable } = options;
  const inflight = new Map<string, Promise<Answer>>();
  const targets = new Map<string, { origin: string; path: string }>();
  const target = (url: string) => {
    let found = targets.get(url);
    if (!found) {
      const parsed = new URL(url);
      found = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      targets.set(url, found);
    }
    return found;
  };
  const send = async (url: string, init: FetcherRequestInit): Promise<Answer> => {
    const { origin, path } = target(url);
    const response = await dispatcher.request({
      origin,
      path,
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal: init.signal as AbortSignal | undefined,
    });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  };
  const respond = (url: string, answer: Answer): FetcherResponse =>
    new BufferedResponse(url, answer.status, new ResponseHeaders(answer.headers), answer.body);
  return async (url: string, init: FetcherRequestInit = {}): Promise<FetcherResponse> => {
    const key = shareable ? sharingKey(url, init, shareable) : undefined;
    if (key === undefined) return respond(url, await send(url, init));
    let shared = inflight.get(key);
    if (!shared) {
      const started = send(url, init);
      shared = started;
      inflight.set(key, started);
      const done = () => void inflight.delete(key);
      started.then(done, done);
    }
    return respond(url, await shared);
  };
}
