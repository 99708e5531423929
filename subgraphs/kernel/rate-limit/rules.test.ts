import { describe, expect, it } from 'vitest';
import { assertRuleTable, DEFAULT_RATE_LIMITS, receiptRateLimitRules, type RateLimitRule } from './rules.js';

const rule: RateLimitRule = {
  field: 'Query.terminal',
  policy: 'terminal',
  limit: 1,
  windowSeconds: 1,
  keyArguments: [],
};

describe('the receipt rate-limit rules', () => {
  it('are the defaults: last-receipt 30 and terminal claim 10 per IP and terminal, rx 60 and 10 per IP, per minute', () => {
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
      {
        field: 'Mutation.submitSurveyResponse',
        policy: 'anonymous-survey',
        limit: 10,
        windowSeconds: 3600,
        keyArguments: ['token'],
        anonymousOnly: true,
      },
    ]);
  });

  it('take the configured numbers', () => {
    const rules = receiptRateLimitRules({
      windowSeconds: 2,
      lastReceipt: 3,
      terminalClaim: 4,
      rxRead: 5,
      rxClaim: 6,
      anonymousSurvey: 7,
      anonymousSurveyWindowSeconds: 8,
    });
    expect(rules.map((r) => [r.policy, r.limit, r.windowSeconds])).toEqual([
      ['last-receipt', 3, 2],
      ['terminal-claim', 4, 2],
      ['rx-read', 5, 2],
      ['rx-claim', 6, 2],
      ['anonymous-survey', 7, 8],
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
