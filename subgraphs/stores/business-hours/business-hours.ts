/**
 * Business hours as pure functions: parsing and validating intervals, store-local calendar arithmetic
 * in an explicit IANA zone, and whether a store is open at an instant with its next open/close change.
 * Nothing here reads the process time zone: every local date and time comes from Intl with the
 * store's zone, every instant is a UTC epoch millisecond.
 */

/** One opening interval in store-local time. `closes` <= `opens` runs past midnight into the next day. */
export interface HoursInterval {
  readonly opens: string;
  readonly closes: string;
}

/** A special day: a local date that is closed or has its own intervals. */
export interface SpecialDayHours {
  readonly date: string;
  readonly closed: boolean;
  readonly intervals: readonly HoursInterval[];
}

/** What open-now needs: the zone, the intervals per ISO weekday (1 = Monday) and the special days by date. */
export interface HoursSchedule {
  readonly timeZone: string;
  readonly regular: ReadonlyMap<number, readonly HoursInterval[]>;
  readonly special: ReadonlyMap<string, SpecialDayHours>;
}

export interface OpenState {
  readonly openNow: boolean;
  /** The next instant the store opens or closes, within {@link NEXT_CHANGE_HORIZON_DAYS}; else null. */
  readonly nextChange: Date | null;
}

export const MAX_INTERVALS_PER_DAY = 4;
/** How far ahead `nextChange` looks (a store open around the clock has none). */
export const NEXT_CHANGE_HORIZON_DAYS = 8;
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const TIME = /^(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes after local midnight of `HH:MM` (00:00..24:00), or null when it is not such a time. */
export function parseTime(value: string): number | null {
  const match = TIME.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (years 1000..9999). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1000) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

let zones: Set<string> | undefined;
/** Whether `zone` is an IANA time zone this runtime knows (Intl.supportedValuesOf, plus UTC). */
export function isTimeZone(zone: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return zones.has(zone);
}

/** The interval as [start, end) minutes after the local midnight of its day (end up to 2880). */
export function intervalMinutes(interval: HoursInterval): [number, number] {
  const start = parseTime(interval.opens)!;
  const close = parseTime(interval.closes)!;
  return [start, close <= start ? close + MINUTES_PER_DAY : close];
}

/**
 * Field errors of one day's intervals (`path` is prefixed to each): each time HH:MM within
 * 00:00..24:00 (`opens` before 24:00), at most {@link MAX_INTERVALS_PER_DAY}, none overlapping another
 * of the same day (an after-midnight tail counts as part of its day).
 */
export function intervalErrors(intervals: readonly HoursInterval[], path: string): { path: string; message: string }[] {
  // Too many is the one error: a list of thousands is not looked into (nor answered item by item).
  if (intervals.length > MAX_INTERVALS_PER_DAY)
    return [{ path, message: `at most ${MAX_INTERVALS_PER_DAY} intervals per day` }];
  const errors: { path: string; message: string }[] = [];
  intervals.forEach((interval, i) => {
    const opens = parseTime(interval.opens);
    if (opens === null || opens === MINUTES_PER_DAY)
      errors.push({ path: `${path}.${i}.opens`, message: 'must be HH:MM from 00:00 to 23:59' });
    if (parseTime(interval.closes) === null)
      errors.push({ path: `${path}.${i}.closes`, message: 'must be HH:MM from 00:00 to 24:00' });
  });
  if (errors.length > 0) return errors;
  const spans = intervals.map(intervalMinutes).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]![0] < spans[i - 1]![1]) {
      errors.push({ path, message: 'intervals must not overlap' });
      break;
    }
  }
  return errors;
}

/** Intervals sorted by opening time (how they are stored and answered). */
export function sortIntervals(intervals: readonly HoursInterval[]): HoursInterval[] {
  return [...intervals]
    .map((i) => ({ opens: i.opens, closes: i.closes }))
    .sort((a, b) => intervalMinutes(a)[0] - intervalMinutes(b)[0]);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock fields of `instant` in `zone`. */
function wallClock(instant: number, zone: string): { y: number; m: number; d: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts.year!,
    m: parts.month!,
    d: parts.day!,
    minute: (parts.hour! % 24) * 60 + parts.minute!,
    second: parts.second!,
  };
}

/** The local date (YYYY-MM-DD) and minute of the day of `instant` in `zone`. */
export function localDateTime(instant: Date, zone: string): { date: string; minute: number } {
  const w = wallClock(instant.getTime(), zone);
  return { date: formatDate(Date.UTC(w.y, w.m - 1, w.d)), minute: w.minute };
}

function formatDate(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

function dateUtcMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return formatDate(dateUtcMidnight(date) + days * MS_PER_DAY);
}

/** ISO weekday of a calendar date: 1 = Monday .. 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(dateUtcMidnight(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d) + w.minute * MS_PER_MINUTE + w.second * 1000;
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of local `date` + `minute` minutes (may exceed a day) in `zone`. A wall time that occurs
 * twice (clocks set back) is its first occurrence; one skipped by clocks set forward is read with the
 * offset from before the change (02:30 on a 02:00 -> 03:00 night is 03:30), like RFC 5545 and Temporal.
 */
export function zonedInstant(date: string, minute: number, zone: string): number {
  const wall = dateUtcMidnight(date) + minute * MS_PER_MINUTE;
  // The offsets a day before and after: at most one change lies between them.
  const before = wall - offsetAt(wall - MS_PER_DAY, zone);
  const after = wall - offsetAt(wall + MS_PER_DAY, zone);
  // The same reading twice is the answer whatever the check below finds (no Intl call needed).
  if (before === after) return before;
  const real = [before, after].filter((instant) => instant + offsetAt(instant, zone) === wall);
  return real.length > 0 ? Math.min(...real) : before;
}

/** A local date's clock when its zone's offset holds around it: minutes after its local midnight <-> instants. */
export interface SteadyDay {
  /** The instant of `minute` (0..2880) minutes after the date's local midnight: what zonedInstant answers. */
  readonly instant: (minute: number) => number;
  /** The minutes after the date's local midnight of `instant` (a fraction when not on a whole minute). */
  readonly minute: (instant: number) => number;
}

/**
 * The clock of local `date` by arithmetic, when `zone` keeps one offset from a day before the date to
 * two days after it (every instant zonedInstant reads for minutes 0..2880 of the date); null when the
 * offset changes (clocks set forward or back nearby: use zonedInstant). Two Intl calls in all. Like
 * zonedInstant it assumes a zone never changes its offset and back within a few days.
 */
export function steadyDay(date: string, zone: string): SteadyDay | null {
  const midnight = dateUtcMidnight(date);
  const offset = offsetAt(midnight - MS_PER_DAY, zone);
  if (offsetAt(midnight + 3 * MS_PER_DAY, zone) !== offset) return null;
  return {
    instant: (minute) => midnight + minute * MS_PER_MINUTE - offset,
    minute: (instant) => (instant + offset - midnight) / MS_PER_MINUTE,
  };
}

/** The intervals of a local date: its special day's when it has one, else its weekday's. */
export function intervalsOn(schedule: HoursSchedule, date: string): readonly HoursInterval[] {
  const special = schedule.special.get(date);
  if (special) return special.closed ? [] : special.intervals;
  return schedule.regular.get(isoWeekday(date)) ?? [];
}

/**
 * Whether the store is open at `now`, and when that next changes. Open when an interval of today
 * (store-local) contains the local time, or the after-midnight tail of an interval of yesterday does:
 * a special day replaces only its own date's intervals, so yesterday's late interval still runs into a
 * closed special day. Intervals that meet or overlap (also across midnight) are one open stretch.
 */
export function openState(schedule: HoursSchedule, now: Date): OpenState {
  const t = now.getTime();
  const today = localDateTime(now, schedule.timeZone).date;
  const spans: [number, number][] = [];
  for (let offset = -1; offset <= NEXT_CHANGE_HORIZON_DAYS + 1; offset++) {
    const date = addDays(today, offset);
    for (const interval of intervalsOn(schedule, date)) {
      const [start, end] = intervalMinutes(interval);
      const from = zonedInstant(date, start, schedule.timeZone);
      const to = zonedInstant(date, end, schedule.timeZone);
      if (to > from) spans.push([from, to]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  const horizon = t + NEXT_CHANGE_HORIZON_DAYS * MS_PER_DAY;
  const current = merged.find(([from, to]) => from <= t && t < to);
  const next = current ? current[1] : merged.find(([from]) => from > t)?.[0];
  return {
    openNow: current !== undefined,
    nextChange: next !== undefined && next <= horizon ? new Date(next) : null,
  };
}
