/**
 * Where the rate-limit counters live, so that every instance of the gateway counts against the same
 * numbers (rate-limiter-flexible, fixed windows):
 * - Redis when REDIS_URL is set;
 * - else PostgreSQL (DATABASE_URL): the `rate_limit` table of migration 0015, over a small `pg` pool
 *   of its own (nothing runs DDL at run time: `tableCreated`);
 * - else memory: only the embedded database (PGlite) leaves DATABASE_URL unset, and PGlite has no TCP
 *   server, so that service is one process, one instance, and its memory is all instances' memory.
 *
 * When Redis or PostgreSQL fail, each limiter falls back to an in-memory one (`insuranceLimiter`), so
 * a store outage makes the limits per instance for its duration instead of refusing or admitting all.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Env } from '../env.js';
import { log } from '../logger.js';
import type { RateLimitRule } from './rules.js';
import { RATE_LIMIT_TABLE } from './table.js';

export { RATE_LIMIT_TABLE };

/** How long a counter row outlives its window before the store deletes it. */
const EXPIRED_ROW_GRACE_MS = 60 * 60 * 1000;
/** How often one instance deletes expired rows (each instance does; the statement is idempotent). */
const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;
const CONNECT_TIMEOUT_MS = 5_000;

export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

/** The counters' store of one process. */
export interface RateLimitStore {
  readonly kind: RateLimitStoreKind;
  /** The limiter of a rule (one per policy, made on first use). */
  limiter(rule: RateLimitRule): RateLimiterAbstract;
  /** Closes the store's connections (once; later calls wait for the first). */
  close(): Promise<void>;
}

/** Which store a configuration gets (see the file comment). */
export function rateLimitStoreKind(env: Pick<Env, 'redisUrl' | 'databaseUrl'>): RateLimitStoreKind {
  if (env.redisUrl) return 'redis';
  return env.databaseUrl ? 'postgres' : 'memory';
}

function limiterOptions(rule: RateLimitRule) {
  return { keyPrefix: rule.policy, points: rule.limit, duration: rule.windowSeconds };
}

/** One instance's fallback while the shared store fails. */
function insurance(rule: RateLimitRule): RateLimiterMemory {
  return new RateLimiterMemory(limiterOptions(rule));
}

/** A store whose limiters are made once per policy by `make`. */
function storeOf(
  kind: RateLimitStoreKind,
  make: (rule: RateLimitRule) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimitStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  let closed: Promise<void> | undefined;
  return {
    kind,
    limiter(rule) {
      const known = limiters.get(rule.policy);
      if (known) return known;
      const made = make(rule);
      limiters.set(rule.policy, made);
      return made;
    },
    close: () => (closed ??= close()),
  };
}

/** Logs the first failure of the store and its recovery, not every failed attempt. */
function outageLogger(store: string) {
  let down = false;
  return {
    failed(error: unknown) {
      if (down) return;
      down = true;
      log('error', `rate-limit store ${store} unavailable; limits are per instance until it recovers`, { error });
    },
    recovered() {
      if (!down) return;
      down = false;
      log('info', `rate-limit store ${store} available again`);
    },
  };
}

async function redisStore(url: string): Promise<RateLimitStore> {
  const outage = outageLogger('redis');
  // No offline queue: while Redis is away a command fails at once and the insurance limiter answers,
  // instead of the request waiting for a reconnect.
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  client.on('error', (error: unknown) => outage.failed(error));
  client.on('ready', () => outage.recovered());
  await client.connect().catch((error: unknown) => outage.failed(error));
  return storeOf(
    'redis',
    (rule) =>
      new RateLimiterRedis({
        ...limiterOptions(rule),
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: insurance(rule),
      }),
    async () => {
      client.disconnect();
      await Promise.resolve();
    },
  );
}

function postgresStore(url: string): RateLimitStore {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', (error) => log('warn', 'rate-limit store connection lost', { error }));
  const cleanup = setInterval(() => {
    pool
      .query(`delete from "${RATE_LIMIT_TABLE}" where "expire" < $1`, [Date.now() - EXPIRED_ROW_GRACE_MS])
      .catch((error: unknown) => log('warn', 'rate-limit store cleanup failed', { error }));
  }, CLEANUP_INTERVAL_MS);
  cleanup.unref();
  return storeOf(
    'postgres',
    (rule) =>
      new RateLimiterPostgres({
        ...limiterOptions(rule),
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        // Migration 0015 created it; the library would otherwise run CREATE TABLE at start.
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter: insurance(rule),
      }),
    async () => {
      clearInterval(cleanup);
      await pool.end();
    },
  );
}

/** Opens the store the configuration names (see {@link rateLimitStoreKind}). */
export async function createRateLimitStore(env: Pick<Env, 'redisUrl' | 'databaseUrl'>): Promise<RateLimitStore> {
  const kind = rateLimitStoreKind(env);
  if (kind === 'redis' && env.redisUrl) return redisStore(env.redisUrl);
  if (kind === 'postgres' && env.databaseUrl) return postgresStore(env.databaseUrl);
  return storeOf(
    'memory',
    (rule) => new RateLimiterMemory(limiterOptions(rule)),
    () => Promise.resolve(),
  );
}
