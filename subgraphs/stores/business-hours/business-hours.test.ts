import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  intervalErrors,
  isCalendarDate,
  isoWeekday,
  isTimeZone,
  localDateTime,
  openState,
  parseTime,
  steadyDay,
  zonedInstant,
  type HoursInterval,
  type HoursSchedule,
  type SpecialDayHours,
} from './business-hours.js';

const iv = (opens: string, closes: string): HoursInterval => ({ opens, closes });

function schedule(
  regular: Record<number, HoursInterval[]>,
  special: SpecialDayHours[] = [],
  timeZone = 'Asia/Tokyo',
): HoursSchedule {
  return {
    timeZone,
    regular: new Map(Object.entries(regular).map(([d, i]) => [Number(d), i])),
    special: new Map(special.map((s) => [s.date, s])),
  };
}

/** An instant given as Tokyo wall time (UTC+9, no daylight saving). */
const tokyo = (local: string) => new Date(Date.parse(`${local}:00+09:00`));
const at = (s: HoursSchedule, local: string) => {
  const state = openState(s, tokyo(local));
  return { openNow: state.openNow, nextChange: state.nextChange?.toISOString() ?? null };
};
const iso = (local: string) => tokyo(local).toISOString();

// 2026-11-23 is a Monday.
const LATE_MONDAY = schedule({ 1: [iv('18:00', '02:00')] });

describe('open now across midnight (Monday 18:00 to 02:00, Asia/Tokyo)', () => {
  it.each([
    ['2026-11-23T17:59', false, '2026-11-23T18:00'],
    ['2026-11-23T18:00', true, '2026-11-24T02:00'],
    ['2026-11-23T23:59', true, '2026-11-24T02:00'],
    ['2026-11-24T00:00', true, '2026-11-24T02:00'],
    ['2026-11-24T01:59', true, '2026-11-24T02:00'],
    ['2026-11-24T02:00', false, '2026-11-30T18:00'],
  ])('at %s open=%s, next change %s', (local, open, next) => {
    expect(at(LATE_MONDAY, local)).toEqual({ openNow: open, nextChange: iso(next) });
  });

  it('does not count the after-midnight tail on the day before (Sunday 01:00 is closed)', () => {
    expect(at(LATE_MONDAY, '2026-11-23T01:00').openNow).toBe(false);
  });
});

describe('special days', () => {
  it('closes a closed special day, but the tail of the previous evening still runs into it', () => {
    const s = schedule({ 1: [iv('18:00', '02:00')], 2: [iv('10:00', '20:00')] }, [
      { date: '2026-11-24', closed: true, intervals: [] },
    ]);
    expect(at(s, '2026-11-24T01:00')).toEqual({ openNow: true, nextChange: iso('2026-11-24T02:00') });
    // Tuesday's regular 10:00 to 20:00 is replaced: closed until next Monday evening.
    expect(at(s, '2026-11-24T12:00')).toEqual({ openNow: false, nextChange: iso('2026-11-30T18:00') });
    // The next Tuesday is an ordinary one.
    expect(at(s, '2026-12-01T12:00').openNow).toBe(true);
  });

  it('a closed special day drops its own after-midnight interval too', () => {
    const s = schedule({ 1: [iv('18:00', '02:00')] }, [{ date: '2026-11-23', closed: true, intervals: [] }]);
    expect(at(s, '2026-11-23T20:00').openNow).toBe(false);
    expect(at(s, '2026-11-24T01:00').openNow).toBe(false);
  });

  it("a special day with its own hours replaces the weekday's", () => {
    const s = schedule({ 1: [iv('18:00', '02:00')] }, [
      { date: '2026-11-23', closed: false, intervals: [iv('10:00', '12:00')] },
    ]);
    expect(at(s, '2026-11-23T11:00')).toEqual({ openNow: true, nextChange: iso('2026-11-23T12:00') });
    expect(at(s, '2026-11-23T19:00')).toEqual({ openNow: false, nextChange: iso('2026-11-30T18:00') });
  });

  it('opens on a special day of a weekday that is normally closed', () => {
    const s = schedule({}, [{ date: '2026-11-29', closed: false, intervals: [iv('09:00', '15:00')] }]);
    expect(at(s, '2026-11-25T12:00')).toEqual({ openNow: false, nextChange: iso('2026-11-29T09:00') });
    expect(at(s, '2026-11-29T14:59')).toEqual({ openNow: true, nextChange: iso('2026-11-29T15:00') });
  });
});

describe('a weekday with a lunch break (Wednesday 11:00 to 14:00 and 17:00 to 22:00)', () => {
  const s = schedule({ 3: [iv('11:00', '14:00'), iv('17:00', '22:00')] });
  it.each([
    ['2026-11-25T10:59', false, '2026-11-25T11:00'],
    ['2026-11-25T13:59', true, '2026-11-25T14:00'],
    ['2026-11-25T14:00', false, '2026-11-25T17:00'],
    ['2026-11-25T16:59', false, '2026-11-25T17:00'],
    ['2026-11-25T17:00', true, '2026-11-25T22:00'],
    ['2026-11-25T22:00', false, '2026-12-02T11:00'],
  ])('at %s open=%s, next change %s', (local, open, next) => {
    expect(at(s, local)).toEqual({ openNow: open, nextChange: iso(next) });
  });
});

describe('whole days and long stretches', () => {
  it('is open with no change in sight around the clock (00:00 to 24:00 every day)', () => {
    const allDay = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [iv('00:00', '24:00')]]));
    expect(at(schedule(allDay), '2026-11-24T03:00')).toEqual({ openNow: true, nextChange: null });
  });

  it('joins intervals that meet at midnight into one stretch', () => {
    const s = schedule({ 1: [iv('00:00', '24:00')], 2: [iv('00:00', '10:00')] });
    expect(at(s, '2026-11-23T12:00')).toEqual({ openNow: true, nextChange: iso('2026-11-24T10:00') });
  });

  it('is closed with no change when there are no hours at all', () => {
    expect(at(schedule({}), '2026-11-23T12:00')).toEqual({ openNow: false, nextChange: null });
  });

  it('reports no next change beyond 8 days', () => {
    const s = schedule({}, [{ date: '2026-12-05', closed: false, intervals: [iv('09:00', '10:00')] }]);
    expect(at(s, '2026-11-23T12:00')).toEqual({ openNow: false, nextChange: null });
    expect(at(s, '2026-11-28T12:00').nextChange).toBe(iso('2026-12-05T09:00'));
  });
});

describe('store time zones', () => {
  it('reads the hours in the store zone, not in Tokyo', () => {
    // 2026-11-23 09:30 in New York (EST, UTC-5) is 14:30Z.
    const s = schedule({ 1: [iv('09:00', '17:00')] }, [], 'America/New_York');
    const state = openState(s, new Date('2026-11-23T14:30:00Z'));
    expect(state).toEqual({ openNow: true, nextChange: new Date('2026-11-23T22:00:00Z') });
    expect(openState(s, new Date('2026-11-23T13:59:00Z')).openNow).toBe(false);
  });

  it('follows daylight saving: the same wall time is a different UTC instant before and after', () => {
    expect(new Date(zonedInstant('2026-03-07', 9 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-09', 9 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    // The day of the change, after it: the offset of the day after (EDT), not of the day before.
    expect(new Date(zonedInstant('2026-03-08', 9 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    // 02:30 does not exist on 2026-03-08 (02:00 -> 03:00): read with the offset before, 03:30 EDT.
    expect(new Date(zonedInstant('2026-03-08', 150, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 happens twice on 2026-11-01: the first (EDT) one.
    expect(new Date(zonedInstant('2026-11-01', 90, 'America/New_York')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(new Date(zonedInstant('2026-10-25', 90, 'Europe/London')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives the store-local date and minute of an instant', () => {
    expect(localDateTime(new Date('2026-11-23T15:00:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-24', minute: 0 });
    expect(localDateTime(new Date('2026-11-23T15:00:00Z'), 'Pacific/Chatham')).toEqual({
      date: '2026-11-24',
      minute: 4 * 60 + 45,
    });
    expect(localDateTime(new Date('2026-11-23T15:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-11-23',
      minute: 10 * 60,
    });
  });
});

describe('steadyDay: a date’s clock by arithmetic where no clock change is near', () => {
  it('converts minutes of the date (also past midnight) as zonedInstant does, and back', () => {
    for (const [date, zone] of [
      ['2026-11-23', 'Asia/Tokyo'],
      ['2026-01-15', 'America/New_York'],
      ['2026-07-15', 'America/New_York'],
      ['2026-11-23', 'Pacific/Chatham'],
    ] as const) {
      const day = steadyDay(date, zone)!;
      for (const minute of [0, 1, 150, 1439, 1440, 2000, 2880]) {
        expect(day.instant(minute), `${date} ${zone} ${minute}`).toBe(zonedInstant(date, minute, zone));
        expect(day.minute(day.instant(minute))).toBe(minute);
      }
      expect(day.minute(day.instant(30) + 1000)).not.toSatisfy(Number.isInteger);
    }
  });

  it('has none from two days before a clock change to the day after it', () => {
    // New York sets its clocks forward on 2026-03-08 at 02:00.
    const steady = ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'].map(
      (date) => steadyDay(date, 'America/New_York') !== null,
    );
    expect(steady).toEqual([true, false, false, false, false, true]);
    expect(steadyDay('2026-03-08', 'Asia/Tokyo')).not.toBeNull();
  });
});

describe("the answer does not depend on the server's time zone", () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('gives identical answers with TZ set to UTC, New York, Kolkata and Chatham', () => {
    const s = schedule({ 1: [iv('18:00', '02:00')], 3: [iv('11:00', '14:00'), iv('17:00', '22:00')] }, [
      { date: '2026-11-24', closed: true, intervals: [] },
    ]);
    const instants = [
      '2026-11-23T14:59:00Z',
      '2026-11-23T15:00:00Z',
      '2026-11-23T16:59:00Z',
      '2026-11-23T17:00:00Z',
      '2026-11-24T14:59:00Z',
      '2026-11-25T02:30:00Z',
      '2026-11-25T05:00:00Z',
    ].map((i) => new Date(i));
    const answers = (zone: string) => {
      process.env.TZ = zone;
      return instants.map((i) => {
        const state = openState(s, i);
        return [state.openNow, state.nextChange?.toISOString() ?? null, localDateTime(i, 'Asia/Tokyo').date];
      });
    };
    const expected = answers('UTC');
    expect(expected.map((a) => a[0])).toEqual([true, true, true, false, false, true, false]);
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Asia/Tokyo']) {
      expect(answers(zone), zone).toEqual(expected);
    }
  });
});

describe('validation helpers', () => {
  it('parses HH:MM from 00:00 to 24:00 only', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('18:30')).toBe(1110);
    expect(parseTime('24:00')).toBe(1440);
    for (const bad of ['24:01', '25:00', '7:00', '07:60', '0700', '07:00:00', '', 'x'])
      expect(parseTime(bad), bad).toBeNull();
  });

  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-12-31')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-1', '20261201', '0999-01-01', 'x'])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+09:00')).toBe(false);
  });

  it('checks intervals: times, count and overlap (an after-midnight tail included)', () => {
    expect(intervalErrors([iv('11:00', '14:00'), iv('17:00', '22:00')], 'i')).toEqual([]);
    expect(intervalErrors([iv('18:00', '02:00'), iv('10:00', '18:00')], 'i')).toEqual([]);
    expect(intervalErrors([iv('00:00', '24:00')], 'i')).toEqual([]);
    expect(intervalErrors([iv('11:00', '14:00'), iv('13:00', '22:00')], 'i')).toEqual([
      { path: 'i', message: 'intervals must not overlap' },
    ]);
    expect(intervalErrors([iv('18:00', '02:00'), iv('20:00', '21:00')], 'i')).toHaveLength(1);
    expect(intervalErrors([iv('24:00', '02:00'), iv('10:00', '25:00')], 'i')).toEqual([
      { path: 'i.0.opens', message: 'must be HH:MM from 00:00 to 23:59' },
      { path: 'i.1.closes', message: 'must be HH:MM from 00:00 to 24:00' },
    ]);
    const five = ['01', '03', '05', '07', '09'].map((h) => iv(`${h}:00`, `${h}:30`));
    expect(intervalErrors(five, 'i')).toEqual([{ path: 'i', message: 'at most 4 intervals per day' }]);
    // Thousands of bad intervals are one error, not one per item.
    const many = Array.from({ length: 10_000 }, () => iv('x', 'y'));
    expect(intervalErrors(many, 'i')).toEqual([{ path: 'i', message: 'at most 4 intervals per day' }]);
  });

  it('does calendar arithmetic on dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});
