import { describe, expect, it } from 'vitest';
import type { FieldError } from '../../subgraphs/kernel/errors.js';
import { parseInt32, parseParams } from './params.js';

describe('parseInt32', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['+7', 7],
    ['-12', -12],
    ['007', 7],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
  ])('accepts %s', (raw, value) => expect(parseInt32(raw)).toBe(value));

  it.each(['', 'abc', '1.5', '1e3', '0x10', '2147483648', '-2147483649', '99999999999', ' 1', '1 ', '--1'])(
    'rejects %j',
    (raw) => expect(parseInt32(raw)).toBeUndefined(),
  );
});

describe('parseParams', () => {
  const specs = {
    page: { type: 'int32', description: 'page' },
    q: { type: 'string', description: 'q', maxLength: 5 },
  } as const;

  it('parses present values and omits absent ones', () => {
    const errors: FieldError[] = [];
    expect(parseParams(specs, { page: '3' }, errors)).toEqual({ page: 3 });
    expect(errors).toEqual([]);
  });

  it('collects one error per bad parameter', () => {
    const errors: FieldError[] = [];
    parseParams(specs, { page: ['1', '2'], q: 'toolong' }, errors);
    expect(errors).toEqual([
      { path: 'page', message: 'must be given once' },
      { path: 'q', message: 'must be at most 5 characters' },
    ]);
  });
});

describe('parseParams, each rule', () => {
  const specs = {
    page: { type: 'int32', description: 'page' },
    q: { type: 'string', description: 'q', maxLength: 5 },
    free: { type: 'string', description: 'free text, no cap' },
  } as const;
  const parse = (raw: Record<string, unknown>) => {
    const errors: FieldError[] = [];
    return { value: parseParams(specs, raw, errors), errors };
  };

  it('accepts an int32 with blanks around it, and refuses one that is not', () => {
    expect(parse({ page: ' 12 ' })).toEqual({ value: { page: 12 }, errors: [] });
    expect(parse({ page: '1.5' })).toEqual({
      value: {},
      errors: [{ path: 'page', message: 'must be a 32-bit integer' }],
    });
  });

  it('keeps a string at its cap and refuses one a character over, untrimmed', () => {
    expect(parse({ q: 'abcde' })).toEqual({ value: { q: 'abcde' }, errors: [] });
    expect(parse({ q: ' abcd ' }).errors).toEqual([{ path: 'q', message: 'must be at most 5 characters' }]);
    expect(parse({ free: 'x'.repeat(1000) })).toEqual({ value: { free: 'x'.repeat(1000) }, errors: [] });
  });

  it('refuses a repeated parameter (an array) and any other non-string, and ignores unknown names', () => {
    expect(parse({ q: ['a'], page: 3, other: 'x' })).toEqual({
      value: {},
      errors: [
        { path: 'page', message: 'must be given once' },
        { path: 'q', message: 'must be given once' },
      ],
    });
  });

  it('parses nothing when a route declares no parameters', () => {
    const errors: FieldError[] = [];
    expect(parseParams(undefined, { page: '1' }, errors)).toEqual({});
    expect(errors).toEqual([]);
  });
});
