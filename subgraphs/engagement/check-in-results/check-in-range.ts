/**
 * The day range of check-in results: store-local calendar days (YYYY-MM-DD), both ends included. The
 * default is the 30 days ending today, where "today" is the date in Asia/Tokyo, the time zone every
 * store has unless set otherwise (with the UTC date, a Japanese store's check-ins from 00:00 to 09:00
 * would fall after the default range); a store elsewhere names `to` for its own today.
 */
import { Validation } from '../../kernel/errors.js';

/** Days a range covers by default (ending today). */
export const CHECK_IN_RESULTS_DEFAULT_DAYS = 30;
/** Most days a range may cover, both ends counted (a leap year). */
export const CHECK_IN_RESULTS_MAX_DAYS = 366;

/** Whose today the default range ends on: the stores' default time zone. */
export const CHECK_IN_RESULTS_TODAY_TIME_ZONE = 'Asia/Tokyo';

const DAY_MS = 86_400_000;
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: CHECK_IN_RESULTS_TODAY_TIME_ZONE });
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A validated range of store-local days. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** The UTC midnight of `text` (YYYY-MM-DD), or null when it is not a real calendar date. */
export function parseDay(text: string): number | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? time : null;
}

const formatDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * `from` and `to` after defaults (to: today in Asia/Tokyo; from: 29 days before `to`), or
 * BAD_USER_INPUT naming each malformed date, a `from` after `to`, or more than 366 days.
 */
export function dayRange(from: string | null | undefined, to: string | null | undefined, now: Date): DayRange {
  const v = new Validation();
  const toTime = to === null || to === undefined ? parseDay(TODAY.format(now)) : parseDay(to);
  v.check(toTime !== null, 'to', 'must be a date YYYY-MM-DD');
  const fromTime =
    from === null || from === undefined
      ? toTime === null
        ? null
        : toTime - (CHECK_IN_RESULTS_DEFAULT_DAYS - 1) * DAY_MS
      : parseDay(from);
  if (from !== null && from !== undefined) v.check(fromTime !== null, 'from', 'must be a date YYYY-MM-DD');
  v.throwIfInvalid();
  const [start, end] = [fromTime!, toTime!];
  v.check(start <= end, 'from', 'must not be after to');
  v.check(
    (end - start) / DAY_MS + 1 <= CHECK_IN_RESULTS_MAX_DAYS,
    'to',
    `the range covers at most ${CHECK_IN_RESULTS_MAX_DAYS} days`,
  );
  v.throwIfInvalid();
  return { from: formatDay(start), to: formatDay(end) };
}
