import { describe, expect, it } from 'vitest';
import { dayRange, parseDay } from './check-in-range.js';

const NOW = new Date('2026-03-15T23:30:00.000Z');
const fieldsOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as { extensions: { code: string; errors: { path: string }[] } }).extensions;
  }
  throw new Error('no error');
};

describe('dayRange', () => {
  it('defaults to the 30 days ending today in Asia/Tokyo', () => {
    expect(dayRange(null, null, NOW)).toEqual({ from: '2026-02-15', to: '2026-03-16' });
    expect(dayRange(null, null, new Date('2026-03-15T14:59:59.999Z'))).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
    });
    expect(dayRange(undefined, '2026-01-30', NOW)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    expect(dayRange('2026-03-01', null, NOW)).toEqual({ from: '2026-03-01', to: '2026-03-16' });
  });

  it('accepts one day and a whole leap year, both ends counted', () => {
    expect(dayRange('2026-03-01', '2026-03-01', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dayRange('2028-01-01', '2028-12-31', NOW)).toEqual({ from: '2028-01-01', to: '2028-12-31' });
  });

  it('refuses malformed dates, from after to, and more than 366 days', () => {
    expect(fieldsOf(() => dayRange('2026-02-30', '2026-03-01', NOW))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'from' }],
    });
    expect(fieldsOf(() => dayRange('2026-03-01', '2026/03/02', NOW)).errors).toEqual([
      { path: 'to', message: 'must be a date YYYY-MM-DD' },
    ]);
    expect(fieldsOf(() => dayRange('2026-03-02', '2026-03-01', NOW)).errors).toEqual([
      { path: 'from', message: 'must not be after to' },
    ]);
    expect(fieldsOf(() => dayRange('2026-01-01', '2027-01-02', NOW)).errors).toEqual([
      { path: 'to', message: 'the range covers at most 366 days' },
    ]);
  });

  it('parses only real calendar dates', () => {
    expect(parseDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-3-01')).toBeNull();
    expect(parseDay(' 2026-03-01')).toBeNull();
  });
});
