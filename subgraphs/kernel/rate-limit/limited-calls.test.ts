import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { limitedCalls, rateLimitKey } from './limited-calls.js';
import { receiptRateLimitRules } from './rules.js';

const RULES = receiptRateLimitRules();
const IP = '203.0.113.7';

/** The calls of the document's only operation, as `{ policy, key, count }`. */
function calls(source: string, variables?: Record<string, unknown>, ip = IP, signedIn = false) {
  const document = parse(source);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation) throw new Error('no operation');
  return limitedCalls(document, operation, variables, ip, RULES, signedIn).map((c) => ({
    policy: c.rule.policy,
    key: c.key,
    count: c.count,
  }));
}

const key = (...values: unknown[]) => rateLimitKey(IP, values);

describe('limitedCalls', () => {
  it('counts anonymous survey responses per IP and campaign token, and none of a signed-in caller', () => {
    const submit = 'mutation($t: String!) { submitSurveyResponse(token: $t, answers: []) { status } }';
    expect(calls(submit, { t: 'C1' })).toEqual([{ policy: 'anonymous-survey', key: key('C1'), count: 1 }]);
    expect(calls(submit, { t: 'C1' }, IP, true)).toEqual([]);
  });

  it('keys a rule by the client IP and its key arguments, from literals or variables alike', () => {
    const literal = calls('{ lastReceipt(publicTerminalId: "T1") { claimToken } }');
    const variable = calls('query($t: String!) { lastReceipt(publicTerminalId: $t) { claimToken } }', { t: 'T1' });
    expect(literal).toEqual([{ policy: 'last-receipt', key: key('T1'), count: 1 }]);
    expect(variable).toEqual(literal);
    const defaulted = calls('query($t: String = "T1") { lastReceipt(publicTerminalId: $t) { claimToken } }');
    expect(defaulted).toEqual(literal);
  });

  it('gives another terminal or another IP a counter of its own, and keys per-IP rules by the IP only', () => {
    const t1 = calls('{ lastReceipt(publicTerminalId: "T1") { claimToken } }');
    const t2 = calls('{ lastReceipt(publicTerminalId: "T2") { claimToken } }');
    const otherIp = calls('{ lastReceipt(publicTerminalId: "T1") { claimToken } }', {}, '198.51.100.1');
    expect(new Set([t1[0]?.key, t2[0]?.key, otherIp[0]?.key]).size).toBe(3);
    const a = calls('{ transactionQrReceipt(claimToken: "a") { expiresAt } }');
    const b = calls('{ transactionQrReceipt(claimToken: "b") { expiresAt } }');
    expect(a).toEqual([{ policy: 'rx-read', key: rateLimitKey(IP, []), count: 1 }]);
    expect(b).toEqual(a);
  });

  it('counts each alias as a call, and a response key repeated (merged by GraphQL) once', () => {
    const aliased = calls(
      '{ a: lastReceipt(publicTerminalId: "T1") { claimToken } b: lastReceipt(publicTerminalId: "T1") { claimToken } }',
    );
    expect(aliased).toEqual([{ policy: 'last-receipt', key: key('T1'), count: 2 }]);
    const merged = calls(
      '{ lastReceipt(publicTerminalId: "T1") { claimToken } lastReceipt(publicTerminalId: "T1") { receipt { id } } }',
    );
    expect(merged).toEqual([{ policy: 'last-receipt', key: key('T1'), count: 1 }]);
  });

  it('finds root fields inside inline fragments and fragment spreads', () => {
    const spread = calls(
      'query { ...F ... on Query { b: lastReceipt(publicTerminalId: "T2") { claimToken } } } fragment F on Query { lastReceipt(publicTerminalId: "T1") { claimToken } }',
    );
    expect(spread).toEqual([
      { policy: 'last-receipt', key: key('T1'), count: 1 },
      { policy: 'last-receipt', key: key('T2'), count: 1 },
    ]);
  });

  it('matches the operation type: a mutation rule never matches a query field of that name, nor nested fields', () => {
    expect(calls('{ claimTransactionQr { id } terminal(publicTerminalId: "T1") { lastReceipt { id } } }')).toEqual([]);
    expect(calls('mutation { claimTransactionQr(claimToken: "x") { id } }')).toEqual([
      { policy: 'rx-claim', key: rateLimitKey(IP, []), count: 1 },
    ]);
  });

  it('makes keys of a fixed length whatever the argument, and never the IP in clear', () => {
    const long = rateLimitKey(IP, ['x'.repeat(10_000)]);
    expect(long).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rateLimitKey(IP, [])).not.toContain(IP);
    expect(rateLimitKey(undefined, ['T1'])).not.toBe(rateLimitKey(IP, ['T1']));
  });

  it('keys a list or object sent for a key argument under one stand-in, however deep it is nested', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(rateLimitKey(IP, [deep])).toBe(rateLimitKey(IP, [{ a: 1 }]));
    expect(rateLimitKey(IP, [deep])).not.toBe(rateLimitKey(IP, ['x']));
    expect(rateLimitKey(IP, [deep])).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
