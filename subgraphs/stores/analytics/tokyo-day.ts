/**
 * Days in Asia/Tokyo, the day every analytics figure is counted in. Japan has kept UTC+09:00 without
 * daylight saving since 1951, so a Tokyo day is the fixed UTC interval [D-1 15:00Z, D 15:00Z): the
 * bounds are computed here and passed to SQL as instants, which keeps every range an index range and
 * needs no time zone data in the database (the embedded one included).
 */

/** The analytics day's time zone. */
export const ANALYTICS_TIME_ZONE = 'Asia/Tokyo';

const OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

/** The Tokyo date of an instant (YYYY-MM-DD): 2026-01-01T14:59:59Z is 2026-01-01, 15:00Z is 01-02. */
export function tokyoDay(at: Date): Day {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC midnight of `text` (YYYY-MM-DD) in ms, or null when it is not a real calendar date. */
export function parseDay(text: string): number | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? time : null;
}

/** `day` moved by `days` calendar days (negative: earlier). */
export function addDays(day: Day, days: number): Day {
  return new Date(parseDay(day)! + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both counted (1 for the same day). */
export function daysBetween(from: Day, to: Day): number {
  return (parseDay(to)! - parseDay(from)!) / DAY_MS + 1;
}

/** The instants a Tokyo day covers: `start` included, `end` (the next day's start) excluded. */
export function tokyoDayBounds(day: Day): { start: Date; end: Date } {
  const midnight = parseDay(day)! - OFFSET_MS;
  return { start: new Date(midnight), end: new Date(midnight + DAY_MS) };
}
