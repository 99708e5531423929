/**
 * Which store a configuration gets, the embedded database's memory store, and the fallback to
 * per-instance memory counters while the shared store is unreachable.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import type { RateLimitRule } from './rules.js';
import { createRateLimitStore, rateLimitStoreKind } from './store.js';

const rule: RateLimitRule = {
  field: 'Query.terminal',
  policy: 'terminal',
  limit: 1,
  windowSeconds: 60,
  keyArguments: [],
};

describe('the rate-limit store', () => {
  it('is Redis with REDIS_URL, else PostgreSQL with DATABASE_URL, else memory (the embedded one-process database)', () => {
    expect(rateLimitStoreKind({ redisUrl: 'redis://127.0.0.1:6379', databaseUrl: 'postgres://x/y' })).toBe('redis');
    expect(rateLimitStoreKind({ redisUrl: undefined, databaseUrl: 'postgres://x/y' })).toBe('postgres');
    expect(rateLimitStoreKind({ redisUrl: undefined, databaseUrl: undefined })).toBe('memory');
  });

  it('counts in memory for the embedded database', async () => {
    const store = await createRateLimitStore({ redisUrl: undefined, databaseUrl: undefined });
    expect(store.kind).toBe('memory');
    const limiter = store.limiter(rule);
    expect(limiter).toBeInstanceOf(RateLimiterMemory);
    expect(store.limiter(rule)).toBe(limiter);
    await limiter.consume('k');
    await expect(limiter.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
    await store.close();
  });

  it("counts in this instance's memory while Redis is unreachable, instead of failing or admitting all", async () => {
    // Nothing listens on port 1: the connection fails and each limiter falls back to its insurance.
    const store = await createRateLimitStore({ redisUrl: 'redis://127.0.0.1:1', databaseUrl: undefined });
    expect(store.kind).toBe('redis');
    const limiter = store.limiter(rule);
    await expect(limiter.consume('k')).resolves.toMatchObject({ remainingPoints: 0 });
    await expect(limiter.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
    await store.close();
  });
});
