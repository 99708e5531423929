import { describe, expect, it } from 'vitest';
import {
  formatRateLimit,
  formatRateLimitPolicy,
  rateLimitHeaders,
  retryAfterSeconds,
  secondsUntilReset,
  type RateLimitState,
} from './headers.js';
import { receiptRateLimitRules, type RateLimitRule } from './rules.js';

const [lastReceipt, terminalClaim] = receiptRateLimitRules() as [RateLimitRule, RateLimitRule];
const state = (rule: RateLimitRule, remaining: number, msBeforeReset: number): RateLimitState => ({
  rule,
  remaining,
  msBeforeReset,
});

describe('rate-limit headers (draft-ietf-httpapi-ratelimit-headers-10)', () => {
  it('writes RateLimit-Policy as a list of "policy";q=<quota>;w=<window seconds>', () => {
    expect(formatRateLimitPolicy([lastReceipt])).toBe('"last-receipt";q=30;w=60');
    expect(formatRateLimitPolicy([lastReceipt, terminalClaim])).toBe(
      '"last-receipt";q=30;w=60, "terminal-claim";q=10;w=60',
    );
  });

  it('writes RateLimit as a list of "policy";r=<remaining>;t=<seconds to reset>', () => {
    expect(formatRateLimit([state(lastReceipt, 29, 58_000)])).toBe('"last-receipt";r=29;t=58');
    expect(formatRateLimit([state(lastReceipt, 0, 100), state(terminalClaim, 9, 59_001)])).toBe(
      '"last-receipt";r=0;t=1, "terminal-claim";r=9;t=60',
    );
  });

  it('rounds the wait up and never below 1 s, so waiting that long always finds a fresh window', () => {
    expect([0, 1, 999, 1000, 1001, 59_999, 60_000].map(secondsUntilReset)).toEqual([1, 1, 1, 1, 2, 60, 60]);
  });

  it('adds Retry-After only when a policy refused: the longest wait among the refusing ones', () => {
    const passing = state(lastReceipt, 3, 50_000);
    const refusing = state(terminalClaim, 0, 12_300);
    expect(rateLimitHeaders([passing], [])).toEqual({
      'RateLimit-Policy': '"last-receipt";q=30;w=60',
      RateLimit: '"last-receipt";r=3;t=50',
    });
    expect(rateLimitHeaders([passing, refusing], [refusing])['Retry-After']).toBe('13');
    expect(retryAfterSeconds([refusing, state(lastReceipt, 0, 40_000)])).toBe(40);
  });
});
