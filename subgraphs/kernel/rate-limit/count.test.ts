import { describe, expect, it } from 'vitest';
import { countCalls } from './count.js';
import type { RateLimitRule } from './rules.js';
import { createRateLimitStore } from './store.js';

const rule = (policy: string, limit: number): RateLimitRule => ({
  field: `Query.${policy}`,
  policy,
  limit,
  windowSeconds: 60,
  keyArguments: [],
});

describe('countCalls', () => {
  it('counts every call of an operation, reports each policy by its tightest key, and refuses over the limit', async () => {
    const store = await createRateLimitStore({ redisUrl: undefined, databaseUrl: undefined });
    const a = rule('a', 3);
    const b = rule('b', 10);
    const first = await countCalls(store, [
      { rule: a, key: 'k1', count: 1 },
      { rule: a, key: 'k2', count: 2 },
      { rule: b, key: 'k1', count: 1 },
    ]);
    expect(first.refused).toEqual([]);
    expect(first.states.map((s) => [s.rule.policy, s.remaining])).toEqual([
      ['a', 1],
      ['b', 9],
    ]);
    expect(first.states[0]?.msBeforeReset).toBeGreaterThan(59_000);
    const second = await countCalls(store, [{ rule: a, key: 'k2', count: 2 }]);
    expect(second.refused.map((s) => [s.rule.policy, s.remaining])).toEqual([['a', 0]]);
    // Another key of the same policy still has its own calls left.
    expect((await countCalls(store, [{ rule: a, key: 'k1', count: 1 }])).refused).toEqual([]);
    await store.close();
  });
});
