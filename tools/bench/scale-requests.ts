/**
 * The scale sweep's requests (bench/scale.ts): a consumer access token for the heavy user, the
 * history and search requests as a client sends them, and their latency from sequential requests.
 */
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { findClient, issueAuthorizationCode } from '../../subgraphs/identity/index.js';
import { createOrm, rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerBenchApp } from './credentials.js';
import type { SearchQuery } from './load.js';

const REDIRECT_URI = 'https://bench.example/callback';

/** One request of the sweep, and a check of its answer (throws when the answer is not the expected one). */
export interface SweepRequest {
  readonly path: string;
  readonly init?: RequestInit;
  check(body: unknown): void;
}

/**
 * An access token of `userId` with `scopes`, through the code exchange of a first-party app on the
 * service at `url`; the code is issued on an ORM of the bench's own over the same database.
 */
export async function mintUserToken(
  url: string,
  databaseUrl: string,
  userId: string,
  scopes: readonly string[],
): Promise<string> {
  const app = await registerBenchApp(url, 'Bench scale sweep', REDIRECT_URI, scopes);
  const orm = await createOrm({ env: { databaseUrl, dataDir: 'memory://', debugSql: false }, entities: ALL_ENTITIES });
  try {
    const em = rootEntityManager(orm).fork();
    const client = await findClient(em, app.clientId);
    if (!client) throw new Error('scale sweep: app not found');
    const { code } = await issueAuthorizationCode(em, { client, userId, redirectUri: REDIRECT_URI, scopes });
    const response = await fetch(`${url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'authorization_code', ...app, code, redirectUri: REDIRECT_URI }),
    });
    const body = (await response.json()) as { accessToken?: string };
    if (!body.accessToken) throw new Error(`scale sweep: token exchange failed: ${JSON.stringify(body)}`);
    return body.accessToken;
  } finally {
    await orm.close(true);
  }
}

/** GET /api/v1/public/stores for `query`; the answer must carry `total`. */
export function searchRequest(query: SearchQuery): SweepRequest {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  return {
    path: `/api/v1/public/stores?${params.toString()}`,
    check(body) {
      if (typeof (body as { total?: unknown }).total !== 'number') throw new Error('search: no total');
    },
  };
}

const MY_RECEIPTS = `query ScaleMyReceipts($after: String) {
  myReceipts(first: 20, after: $after) { nextCursor items { claimId claimedAt channel receipt { id totalAmount storeName } } }
}`;

/**
 * `myReceipts` (20 a page) after `cursor`, as a GraphQL POST to /graphql: the interface has no REST
 * route for the receipt list, so this is how a client pages through it. The page must hold `expected` receipts.
 */
export function receiptsRequest(token: string, cursor: string | null, expected: number): SweepRequest {
  return {
    path: '/graphql',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: MY_RECEIPTS, variables: { after: cursor } }),
    },
    check(body) {
      const page = (body as { data?: { myReceipts?: { items: unknown[] } } }).data?.myReceipts;
      if (page?.items.length !== expected)
        throw new Error(`myReceipts: expected ${expected} receipts: ${JSON.stringify(body).slice(0, 300)}`);
    },
  };
}

/** GET /api/v1/checkins/me?limit=`limit`; the answer must hold `expected` check-ins. */
export function checkInsRequest(token: string, limit: number, expected: number): SweepRequest {
  return {
    path: `/api/v1/checkins/me?limit=${limit}`,
    init: { headers: { authorization: `Bearer ${token}` } },
    check(body) {
      const items = (body as { items?: unknown[] }).items;
      if (items?.length !== expected)
        throw new Error(`checkins/me: expected ${expected} check-ins: ${JSON.stringify(body).slice(0, 300)}`);
    },
  };
}

/** Latency percentiles of sequential requests, in ms. */
export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

/**
 * `warmup` requests, then up to `requests` more one after another (or as many as fit in `budgetMs`,
 * at least 10: a slow query at 1M rows would otherwise take minutes), each checked; p50 and p99 of the
 * measured ones (with fewer than 100, p99 is the slowest).
 */
export async function sequentialLatency(
  baseUrl: string,
  request: SweepRequest,
  settings: { readonly requests: number; readonly warmup: number; readonly budgetMs: number },
): Promise<Latency> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${request.path}`, request.init);
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${request.path}: ${response.status} ${text.slice(0, 300)}`);
    request.check(JSON.parse(text));
    return ms;
  };
  for (let i = 0; i < settings.warmup; i++) await once();
  const times: number[] = [];
  const deadline = performance.now() + settings.budgetMs;
  while (times.length < settings.requests && (times.length < 10 || performance.now() < deadline))
    times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), requests: times.length };
}
