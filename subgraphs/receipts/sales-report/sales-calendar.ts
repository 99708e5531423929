/**
 * The calendar of sales reports, pure: days, ISO weeks (from Monday) and months in Japan
 * (Asia/Tokyo, UTC+9 all year: Japan has no daylight saving time), so a sale at 23:30 JST and one at
 * 00:30 JST fall on different days whatever the server's zone. A range is a pair of Tokyo calendar
 * dates, both inclusive, widened to whole periods of its granularity, and bounded so that a report
 * never has more than {@link MAX_PERIODS} periods.
 */
import { registerEnumType } from 'type-graphql';
import { Validation } from '../../kernel/errors.js';

/** The zone every report is in. */
export const SALES_TIME_ZONE = 'Asia/Tokyo';
/** Its offset from UTC (fixed: no daylight saving time in Japan since 1951). */
const OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** How a report groups time. */
export enum SalesGranularity {
  day = 'day',
  week = 'week',
  month = 'month',
}
registerEnumType(SalesGranularity, {
  name: 'SalesGranularity',
  description: 'day, week (ISO, from Monday) or month, in Asia/Tokyo.',
});

/** The most periods one report may hold, per granularity (days: 400, about 13 months). */
export const MAX_PERIODS: Readonly<Record<SalesGranularity, number>> = { day: 400, week: 106, month: 36 };

/** A range of a report: Tokyo dates (inclusive) and the instants bounding it, `end` exclusive. */
export interface SalesRange {
  readonly granularity: SalesGranularity;
  /** The first day of the first period, YYYY-MM-DD. */
  readonly from: string;
  /** The last day of the last period, YYYY-MM-DD. */
  readonly to: string;
  readonly start: Date;
  readonly end: Date;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD calendar date; null when it is not a real date. */
export function dayNumber(value: string): number | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(y, m - 1, d);
  const date = new Date(at);
  if (y < 1000 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return at / DAY_MS;
}

/** The YYYY-MM-DD of a day number. */
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The instant a Tokyo day begins (00:00 JST). */
export const startOfDay = (day: number): Date => new Date(day * DAY_MS - OFFSET_MS);

/** The Tokyo day number of an instant. */
export const tokyoDay = (at: Date): number => Math.floor((at.getTime() + OFFSET_MS) / DAY_MS);

/** The first day of the period of `granularity` holding `day`. */
export function periodStart(day: number, granularity: SalesGranularity): number {
  if (granularity === SalesGranularity.day) return day;
  if (granularity === SalesGranularity.week) return day - ((new Date(day * DAY_MS).getUTCDay() + 6) % 7);
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriod(start: number, granularity: SalesGranularity): number {
  if (granularity === SalesGranularity.day) return start + 1;
  if (granularity === SalesGranularity.week) return start + 7;
  const date = new Date(start * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
}

/** The first day of every period of the range, in order. */
export function periodStarts(range: SalesRange): number[] {
  const starts: number[] = [];
  const last = dayNumber(range.to)!;
  for (let day = dayNumber(range.from)!; day <= last; day = nextPeriod(day, range.granularity)) starts.push(day);
  return starts;
}

/**
 * Checks `from` and `to` (Tokyo dates, inclusive) and widens them to whole periods: BAD_USER_INPUT
 * when either is not a date, `to` is before `from`, or the range holds more than MAX_PERIODS periods.
 */
export function salesRange(from: string, to: string, granularity: SalesGranularity, v = new Validation()): SalesRange {
  const first = dayNumber(from);
  const last = dayNumber(to);
  v.check(first !== null, 'from', 'must be a calendar date, YYYY-MM-DD (Asia/Tokyo)');
  v.check(last !== null, 'to', 'must be a calendar date, YYYY-MM-DD (Asia/Tokyo)');
  if (first !== null && last !== null) {
    v.check(last >= first, 'to', 'must not be before from');
    const start = periodStart(first, granularity);
    let periods = 0;
    for (let day = start; day <= last && periods <= MAX_PERIODS[granularity]; day = nextPeriod(day, granularity))
      periods += 1;
    v.check(
      periods <= MAX_PERIODS[granularity],
      'to',
      `at most ${MAX_PERIODS[granularity]} ${granularity}s from from (a longer range: ask by a coarser granularity)`,
    );
  }
  v.throwIfInvalid();
  const start = periodStart(first!, granularity);
  const end = nextPeriod(periodStart(last!, granularity), granularity);
  return { granularity, from: dateOf(start), to: dateOf(end - 1), start: startOfDay(start), end: startOfDay(end) };
}
