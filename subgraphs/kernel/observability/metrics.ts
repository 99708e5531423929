/**
 * Prometheus metrics (prom-client) of this process, served at `GET /metrics` by every HTTP app
 * (see docs/observability.md for the list). Labels are bounded: HTTP routes are the route patterns
 * of the code, never raw paths; GraphQL operation names are capped in number.
 */
import type { Express, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';

/** Seconds, from a millisecond cache hit to a slow page. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'HTTP requests served, by method, route pattern and status code, with their durations.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: DURATION_BUCKETS,
});

export const graphqlOperationDuration = new Histogram({
  name: 'graphql_operation_duration_seconds',
  help: 'GraphQL operations executed, by component (gateway or subgraph), operation name, type and outcome.',
  labelNames: ['component', 'subgraph', 'operation_name', 'operation_type', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
});

/** PostgreSQL pools of this process (pg's counters), summed; PGlite has no pool and reports none. */
interface PoolCounters {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  /** Set once the pool is closing: it is then forgotten. */
  readonly ending: boolean;
}
const pools = new Set<PoolCounters>();

export const dbPoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections by state: in_use (checked out), idle, and waiting (requests queued for one).',
  labelNames: ['state'] as const,
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      if (pool.ending) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    // No pool (PGlite, or a process without a database): no samples rather than made-up zeros.
    this.reset();
    if (pools.size === 0) return;
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Counts `pool` (a pg Pool) in {@link dbPoolConnections} until it is closed. */
export function observePool(pool: PoolCounters): void {
  pools.add(pool);
}

let defaultsCollected = false;

/** Process metrics (CPU, memory, GC, handles) and event-loop lag (`nodejs_eventloop_lag_*`), once. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics();
}

/** Who may read `/metrics`. */
export interface MetricsAccess {
  /** The bearer token `/metrics` requires; unset: see {@link mountMetrics}. */
  readonly token: string | undefined;
  readonly nodeEnv: 'development' | 'test' | 'production';
}

function bearerMatches(req: Request, token: string): boolean {
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus's text format. With a token, only `Authorization: Bearer <token>`
 * reads it (401 otherwise). Without one it is open in development and test and not served in
 * production (the path falls through to the app's 404): metrics name routes, operations and load,
 * which is not for the public.
 */
export function mountMetrics(app: Express, access: MetricsAccess): void {
  collectProcessMetrics();
  const { token } = access;
  if (token === undefined && access.nodeEnv === 'production') return;
  app.get('/metrics', async (req: Request, res: Response) => {
    if (token !== undefined && !bearerMatches(req, token)) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized\n');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(register.contentType).send(await register.metrics());
  });
}
