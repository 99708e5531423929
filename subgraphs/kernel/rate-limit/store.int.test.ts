/**
 * The shared stores: two stores over the same PostgreSQL database (two gateway instances, each with its
 * own pool) or the same Redis count against one counter, so a limit holds across instances; the window
 * is fixed, and a new one starts after the reported wait. PostgreSQL counts in migration 0015's table,
 * unlogged since migration 0021.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { hasPostgres, requireRedis } from '../../../test/requirements.js';
import { secondsUntilReset } from './headers.js';
import type { RateLimitRule } from './rules.js';
import { createRateLimitStore, RATE_LIMIT_TABLE, type RateLimitStore } from './store.js';

/** A policy of its own per run: a Redis shared with other tests never holds this run's counters. */
const rule = (limit: number, windowSeconds: number): RateLimitRule => ({
  field: 'Query.terminal',
  policy: `t-${randomBytes(6).toString('hex')}`,
  limit,
  windowSeconds,
  keyArguments: [],
});

/** Consumes one call; the library's RateLimiterRes either way, and whether it refused. */
async function call(store: RateLimitStore, r: RateLimitRule, key: string) {
  try {
    return { refused: false, res: await store.limiter(r).consume(key) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { refused: true, res: rejection };
    throw rejection;
  }
}

/** Two instances share one counter, and the wait the refusal reports leads into a fresh window. */
async function sharesOneCounter(first: RateLimitStore, second: RateLimitStore): Promise<void> {
  const r = rule(3, 1);
  const outcomes = [];
  for (const store of [first, second, first, second]) outcomes.push(await call(store, r, 'client'));
  expect(outcomes.map((o) => o.refused)).toEqual([false, false, false, true]);
  expect(outcomes.map((o) => o.res.remainingPoints)).toEqual([2, 1, 0, 0]);
  // Another key is another counter.
  expect((await call(second, r, 'someone-else')).refused).toBe(false);
  const refusal = outcomes[3]!.res;
  await new Promise((resolve) => setTimeout(resolve, secondsUntilReset(refusal.msBeforeNext) * 1000));
  const afterWait = await call(second, r, 'client');
  expect(afterWait.refused).toBe(false);
  expect(afterWait.res.remainingPoints).toBe(2);
}

describe.skipIf(!hasPostgres('rate-limit store on PostgreSQL'))('the PostgreSQL rate-limit store', () => {
  let database: MigratedDatabase;
  let stores: RateLimitStore[];
  beforeAll(async () => {
    database = await openMigratedDatabase();
    stores = await Promise.all([createRateLimitStore(database.env), createRateLimitStore(database.env)]);
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await database.close();
  });

  it('is shared by two instances, in the table of migration 0015', async () => {
    expect(stores.map((s) => s.kind)).toEqual(['postgres', 'postgres']);
    await sharesOneCounter(stores[0]!, stores[1]!);
    const rows = await database.em().execute<{ key: string }[]>(`select "key" from "${RATE_LIMIT_TABLE}"`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('counts in an unlogged table (migration 0021): a counted request waits for no WAL flush', async () => {
    const [table] = await database
      .em()
      .execute<{ relpersistence: string }[]>(`select "relpersistence" from "pg_class" where "relname" = ?`, [
        RATE_LIMIT_TABLE,
      ]);
    expect(table?.relpersistence).toBe('u');
  });
});

const redisUrl = await requireRedis('rate-limit store on Redis');

describe.skipIf(!redisUrl)('the Redis rate-limit store', () => {
  let stores: RateLimitStore[];
  beforeAll(async () => {
    const env = { redisUrl, databaseUrl: undefined };
    stores = await Promise.all([createRateLimitStore(env), createRateLimitStore(env)]);
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  it('is shared by two instances', async () => {
    expect(stores.map((s) => s.kind)).toEqual(['redis', 'redis']);
    await sharesOneCounter(stores[0]!, stores[1]!);
  });
});
