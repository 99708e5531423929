/** The fuzz test's own helpers: exact bytes at a JSON position, appended values, the report's grouping. */
import { describe, expect, it } from 'vitest';
import { violationOf } from './answer-check.js';
import { jsonWith, valueAt } from './fuzz-case.js';
import { formatFindings, type Finding } from './fuzz-report.js';
import { atPosition, hostileValues } from './hostile-values.js';
import { SeededRandom } from './prng.js';
import { storefrontBindingCases } from './storefront-cases.js';

describe('fuzz helpers', () => {
  it('writes raw bytes at a JSON path, creating the path when absent', () => {
    const body = jsonWith({ a: { b: 'x' }, c: 1 }, ['a', 'b'], Buffer.from([0x22, 0xc0, 0xaf, 0x22]));
    expect([...body.subarray(body.indexOf(0xc0) - 1, body.indexOf(0xc0) + 3)]).toEqual([0x22, 0xc0, 0xaf, 0x22]);
    expect(jsonWith({}, ['l', 0], Buffer.from('1e400')).toString()).toBe('{"l":[1e400]}');
    expect(valueAt({ a: [{ b: 'v' }] }, ['a', 0, 'b'])).toBe('v');
  });

  it('appends a NUL to the valid value in JSON and in URL spelling', () => {
    const nul = hostileValues('string', 'json').find((v) => v.kind === 'NUL after a valid value')!;
    const placed = atPosition(nul, 'a@b.example');
    expect(JSON.parse(placed.json.toString())).toBe('a@b.example\u0000');
    expect(placed.text).toBe('a%40b.example%00');
  });

  it('samples the same values for the same seed', () => {
    const pick = (seed: number) => new SeededRandom(seed).sample([1, 2, 3, 4, 5, 6, 7, 8], 3);
    expect(pick(42)).toEqual(pick(42));
    expect(pick(42)).not.toEqual(pick(43));
  });

  it('groups equal failures and lists their positions', () => {
    const finding = (position: string, id: string): Finding => ({
      case: {
        operation: 'GET /x',
        position,
        kind: 'NUL',
        caller: 'anonymous',
        method: 'GET',
        path: '/x',
        headers: {},
        style: 'problem',
      },
      violation: '500',
      status: 500,
      body: `{"traceId":"${id}"}`,
    });
    const report = formatFindings([
      finding('query.a', '0b1c7c1e-4c1f-4a59-9a57-3f1f2f0c9d11'),
      finding('query.b', '7d4a8f0e-2b7e-4f33-8c9f-5e6a1b2c3d4e'),
    ]);
    expect(report).toMatch(/^2 failing calls in 1 groups:/);
    expect(report).toContain('at query.a: NUL');
    expect(report).toContain('at query.b: NUL');
  });

  it('holds the storefront binding cases to 401 webhook_binding_mismatch: a success or another 401 is a finding', () => {
    const cases = storefrontBindingCases({
      shop: { domain: 'a.myshopify.com', secret: 's' },
      otherShop: { domain: 'b.myshopify.com', secret: 's' },
    });
    expect(cases).toHaveLength(16);
    const problem = (code: string) => ({
      status: 401,
      contentType: 'application/problem+json',
      text: JSON.stringify({ type: `/problems/${code}`, code }),
    });
    expect(violationOf(cases[0]!, problem('webhook_binding_mismatch'))).toBeUndefined();
    expect(violationOf(cases[0]!, problem('invalid_webhook_signature'))).toBeDefined();
    expect(violationOf(cases[0]!, { status: 200, contentType: '', text: '' })).toBeDefined();
  });
});
