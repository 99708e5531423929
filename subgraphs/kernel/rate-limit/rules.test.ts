import { describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { assertRuleTable, DEFAULT_RATE_LIMITS, receiptRateLimitRules, type RateLimitRule } from './rules.js';
import { createRateLimitStore, rateLimitStoreKind } from './store.js';

const rule: RateLimitRule = {
  field: 'Query.terminal',
  policy: 'terminal',
  limit: 1,
  windowSeconds: 1,
  keyArguments: [],
};

describe('the receipt rate-limit rules', () => {
  it('are DECISIONS.md defaults: last-receipt 30 and terminal claim 10 per IP and terminal, rx 60 and 10 per IP, per minute', () => {
    expect(receiptRateLimitRules(DEFAULT_RATE_LIMITS)).toEqual([
      {
        field: 'Query.lastReceipt',
        policy: 'last-receipt',
        limit: 30,
        windowSeconds: 60,
        keyArguments: ['publicTerminalId'],
      },
      {
        field: 'Mutation.claimTerminalReceipt',
        policy: 'terminal-claim',
        limit: 10,
        windowSeconds: 60,
        keyArguments: ['publicTerminalId'],
      },
      { field: 'Query.transactionQrReceipt', policy: 'rx-read', limit: 60, windowSeconds: 60, keyArguments: [] },
      { field: 'Mutation.claimTransactionQr', policy: 'rx-claim', limit: 10, windowSeconds: 60, keyArguments: [] },
    ]);
  });

  it('take the configured numbers', () => {
    const rules = receiptRateLimitRules({ windowSeconds: 2, lastReceipt: 3, terminalClaim: 4, rxRead: 5, rxClaim: 6 });
    expect(rules.map((r) => [r.policy, r.limit, r.windowSeconds])).toEqual([
      ['last-receipt', 3, 2],
      ['terminal-claim', 4, 2],
      ['rx-read', 5, 2],
      ['rx-claim', 6, 2],
    ]);
    expect(() => assertRuleTable(rules)).not.toThrow();
  });

  it.each([
    [[rule, { ...rule, policy: 'other' }], /ruled twice/],
    [[rule, { ...rule, field: 'Query.other' }], /used twice/],
    [[{ ...rule, field: 'Subscription.x' }], /bad field name/],
    [[{ ...rule, policy: 'Bad Name' }], /bad policy/],
    [[{ ...rule, limit: 0 }], /1 or more/],
    [[{ ...rule, windowSeconds: 0.5 }], /1 or more/],
  ])('refuses a malformed table (%#)', (rules, message) => {
    expect(() => assertRuleTable(rules)).toThrow(message);
  });
});

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
});
