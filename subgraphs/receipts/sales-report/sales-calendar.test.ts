import { describe, expect, it } from 'vitest';
import { BadUserInputError } from '../../kernel/errors.js';
import { dayNumber, periodStarts, SalesGranularity, salesRange, tokyoDay, dateOf } from './sales-calendar.js';

const fields = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadUserInputError);
    return (error as BadUserInputError).extensions.errors;
  }
  throw new Error('no error');
};

describe('the Tokyo calendar', () => {
  it('puts 23:30 and 00:30 JST on different days, whatever UTC says', () => {
    expect(dateOf(tokyoDay(new Date('2026-11-23T14:30:00Z')))).toBe('2026-11-23'); // 23:30 JST
    expect(dateOf(tokyoDay(new Date('2026-11-23T15:30:00Z')))).toBe('2026-11-24'); // 00:30 JST
  });

  it('widens a range to whole ISO weeks (Monday) and months, bounded by instants at 00:00 JST', () => {
    const week = salesRange('2026-11-25', '2026-12-01', SalesGranularity.week);
    expect(week).toMatchObject({ from: '2026-11-23', to: '2026-12-06' });
    expect(week.start.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-12-06T15:00:00.000Z');
    expect(periodStarts(week).map(dateOf)).toEqual(['2026-11-23', '2026-11-30']);
    const month = salesRange('2026-01-31', '2026-03-01', SalesGranularity.month);
    expect(month).toMatchObject({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodStarts(month).map(dateOf)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(salesRange('2026-02-28', '2026-03-01', SalesGranularity.day).end.toISOString()).toBe(
      '2026-03-01T15:00:00.000Z',
    );
  });

  it('refuses non-dates, a backward range and more periods than allowed, naming the field', () => {
    expect(dayNumber('2026-02-30')).toBeNull();
    expect(fields(() => salesRange('2026-02-30', 'x', SalesGranularity.day))).toEqual([
      { path: 'from', message: expect.stringContaining('calendar date') },
      { path: 'to', message: expect.stringContaining('calendar date') },
    ]);
    expect(fields(() => salesRange('2026-03-02', '2026-03-01', SalesGranularity.day))).toEqual([
      { path: 'to', message: 'must not be before from' },
    ]);
    expect(salesRange('2025-01-01', '2026-02-04', SalesGranularity.day).to).toBe('2026-02-04'); // 400 days
    expect(fields(() => salesRange('2025-01-01', '2026-02-05', SalesGranularity.day))).toEqual([
      { path: 'to', message: expect.stringContaining('at most 400 days') },
    ]);
    expect(fields(() => salesRange('2020-01-01', '2023-01-01', SalesGranularity.month))).toEqual([
      { path: 'to', message: expect.stringContaining('at most 36 months') },
    ]);
  });
});
