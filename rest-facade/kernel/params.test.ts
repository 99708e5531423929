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
