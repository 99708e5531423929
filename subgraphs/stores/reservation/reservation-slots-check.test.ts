/**
 * The booking check onSlotGrid without building the slots: its edge cases, its cost in Intl calls, and
 * the same answer as checking against the built slots (each slot's times through zonedInstant) for every
 * start on a five-minute grid over days with and without a clock change.
 */
import 'reflect-metadata';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intervalMinutes, intervalsOn, zonedInstant, type HoursSchedule } from '../business-hours/business-hours.js';
import { candidateDates, onSlotGrid, type SlotGrid } from './reservation-slots.js';

const iv = (opens: string, closes: string) => ({ opens, closes });
const everyDay = (...intervals: { opens: string; closes: string }[]) =>
  new Map([1, 2, 3, 4, 5, 6, 7].map((d) => [d, intervals]));

/**
 * Tokyo: Monday to Saturday lunch 11:00-14:00 and dinner 17:00-01:30 (past midnight), Sunday closed;
 * 2030-01-09 (a Wednesday) closed, 2030-01-10 only 12:00-15:00. 2030-01-07 is a Monday.
 */
const tokyo: HoursSchedule = {
  timeZone: 'Asia/Tokyo',
  regular: new Map([1, 2, 3, 4, 5, 6].map((d) => [d, [iv('11:00', '14:00'), iv('17:00', '01:30')]])),
  special: new Map([
    ['2030-01-09', { date: '2030-01-09', closed: true, intervals: [] }],
    ['2030-01-10', { date: '2030-01-10', closed: false, intervals: [iv('12:00', '15:00')] }],
  ]),
};
/** New York every day 09:00-17:00 and 23:00-04:00, a night across the 02:00 clock change. */
const newYork: HoursSchedule = {
  timeZone: 'America/New_York',
  regular: everyDay(iv('09:00', '17:00'), iv('23:00', '04:00')),
  special: new Map(),
};
const jst = (local: string) => new Date(`${local}+09:00`);
const utc = (iso: string) => new Date(`${iso}Z`);
const MINUTE = 60_000;

describe('onSlotGrid on a day without a clock change (Asia/Tokyo)', () => {
  const grid = { slotMinutes: 45, bufferMinutes: 15 };
  const check = (from: string, to: string) => onSlotGrid(tokyo, grid, jst(from), jst(to));

  it('takes a slot, or slots of one interval with the buffers between them', () => {
    expect(check('2030-01-07T12:00', '2030-01-07T12:45')).toBe(true);
    expect(check('2030-01-07T11:00', '2030-01-07T13:45')).toBe(true);
    expect(check('2030-01-07T17:00', '2030-01-07T17:45')).toBe(true);
  });

  it('refuses a start or an end one minute off the grid, or an end in a buffer', () => {
    expect(check('2030-01-07T12:01', '2030-01-07T12:46')).toBe(false);
    expect(check('2030-01-07T11:59', '2030-01-07T12:44')).toBe(false);
    expect(check('2030-01-07T12:00', '2030-01-07T12:46')).toBe(false);
    expect(check('2030-01-07T12:00', '2030-01-07T13:00')).toBe(false);
    expect(onSlotGrid(tokyo, grid, new Date(jst('2030-01-07T12:00').getTime() + 1000), jst('2030-01-07T12:45'))).toBe(
      false,
    );
  });

  it('refuses an end before the start, past the closing time, or in another interval', () => {
    expect(check('2030-01-07T13:00', '2030-01-07T12:45')).toBe(false);
    expect(check('2030-01-07T13:00', '2030-01-07T14:45')).toBe(false);
    expect(check('2030-01-07T13:00', '2030-01-07T17:45')).toBe(false);
    // A 45-minute slot from 01:00 would end after the 01:30 closing time.
    expect(check('2030-01-08T01:00', '2030-01-08T01:45')).toBe(false);
  });

  it('reads hours past midnight as the day they opened', () => {
    expect(check('2030-01-08T00:00', '2030-01-08T00:45')).toBe(true);
    expect(check('2030-01-07T23:00', '2030-01-08T00:45')).toBe(true);
    // Monday 00:00 is Sunday's night: closed.
    expect(check('2030-01-07T00:00', '2030-01-07T00:45')).toBe(false);
  });

  it('uses a special day’s hours for its own date only', () => {
    expect(check('2030-01-09T12:00', '2030-01-09T12:45')).toBe(false);
    // Tuesday's night runs into the closed Wednesday; Wednesday has no night of its own.
    expect(check('2030-01-09T00:00', '2030-01-09T00:45')).toBe(true);
    expect(check('2030-01-10T00:00', '2030-01-10T00:45')).toBe(false);
    expect(check('2030-01-10T14:00', '2030-01-10T14:45')).toBe(true);
    expect(check('2030-01-10T17:00', '2030-01-10T17:45')).toBe(false);
  });
});

describe('onSlotGrid in a zone with daylight saving (America/New_York)', () => {
  const grid = { slotMinutes: 60, bufferMinutes: 0 };
  const check = (from: string, to: string) => onSlotGrid(newYork, grid, utc(from), utc(to));

  it('reads the hours in the zone’s standard and daylight time', () => {
    expect(check('2026-01-15T14:00', '2026-01-15T15:00')).toBe(true); // 09:00 EST
    expect(check('2026-01-15T13:00', '2026-01-15T14:00')).toBe(false); // 08:00 EST
    expect(check('2026-07-15T13:00', '2026-07-15T14:00')).toBe(true); // 09:00 EDT
    expect(check('2026-07-15T14:30', '2026-07-15T15:30')).toBe(false);
  });

  it('cuts a night with clocks set forward as its wall times say', () => {
    // 2026-03-08 02:00 EST -> 03:00 EDT: the 02:00 slot has no length; 01:00 EST to 04:00 EDT is 2 hours.
    expect(check('2026-03-08T06:00', '2026-03-08T07:00')).toBe(true);
    expect(check('2026-03-08T06:00', '2026-03-08T08:00')).toBe(true);
    expect(check('2026-03-08T07:00', '2026-03-08T08:00')).toBe(true);
    expect(check('2026-03-08T08:00', '2026-03-08T09:00')).toBe(false);
  });

  it('cuts a night with clocks set back as its wall times say', () => {
    // 2026-11-01 02:00 EDT -> 01:00 EST: the 01:00 slot starts at the first 01:00 and lasts 2 hours.
    expect(check('2026-11-01T05:00', '2026-11-01T07:00')).toBe(true);
    expect(check('2026-11-01T05:00', '2026-11-01T06:00')).toBe(false);
    expect(check('2026-11-01T06:00', '2026-11-01T07:00')).toBe(false);
    expect(check('2026-11-01T08:00', '2026-11-01T09:00')).toBe(true);
  });
});

describe('onSlotGrid cost', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks Intl a handful of times on a day without a clock change, not once per slot', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const allDay = { ...tokyo, regular: everyDay(iv('00:00', '24:00')) };
    expect(
      onSlotGrid(allDay, { slotMinutes: 5, bufferMinutes: 0 }, jst('2030-01-07T23:55'), jst('2030-01-08T00:00')),
    ).toBe(true);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(5);
  });
});

/** The check as it was: every slot of both candidate dates built, each time through zonedInstant. */
function builtSlots(schedule: HoursSchedule, date: string, grid: SlotGrid) {
  const slots: { startsAt: number; endsAt: number; interval: number }[] = [];
  intervalsOn(schedule, date).forEach((hours, interval) => {
    const [opens, closes] = intervalMinutes(hours);
    for (let start = opens; start + grid.slotMinutes <= closes; start += grid.slotMinutes + grid.bufferMinutes) {
      const from = zonedInstant(date, start, schedule.timeZone);
      const to = zonedInstant(date, start + grid.slotMinutes, schedule.timeZone);
      if (to > from) slots.push({ startsAt: from, endsAt: to, interval });
    }
  });
  return slots.sort((a, b) => a.startsAt - b.startsAt);
}

function referenceCheck(
  built: (date: string) => ReturnType<typeof builtSlots>,
  schedule: HoursSchedule,
  startsAt: number,
  endsAt: number,
): boolean {
  return candidateDates(new Date(startsAt), schedule.timeZone).some((date) => {
    const slots = built(date);
    const first = slots.find((s) => s.startsAt === startsAt);
    return (
      first !== undefined &&
      slots.some((s) => s.interval === first.interval && s.startsAt >= first.startsAt && s.endsAt === endsAt)
    );
  });
}

describe('onSlotGrid answers as the built slots do', () => {
  const [hourly, buffered, odd] = [
    { slotMinutes: 60, bufferMinutes: 0 },
    { slotMinutes: 45, bufferMinutes: 15 },
    { slotMinutes: 25, bufferMinutes: 10 },
  ];
  // Near a clock change the check builds the slots (slow): the night of each change, two grids.
  const cases: [string, HoursSchedule, SlotGrid[], string, number][] = [
    ['Tokyo, special days', tokyo, [hourly, buffered, odd], '2030-01-06T00:00+09:00', 6 * 24],
    ['New York, the night clocks are set forward', newYork, [hourly, odd], '2026-03-07T22:00-05:00', 8],
    ['New York, the night clocks are set back', newYork, [hourly, odd], '2026-10-31T22:00-04:00', 8],
    ['New York, the first days after a change', newYork, [buffered], '2026-03-10T00:00-04:00', 48],
  ];

  it.each(cases)(
    '%s: every start every 5 minutes, ranges of 1 to 3 slots and off by one minute',
    (_, schedule, grids, from, hours) => {
      const mismatches: string[] = [];
      let onGrid = 0;
      for (const grid of grids) {
        const cache = new Map<string, ReturnType<typeof builtSlots>>();
        const built = (date: string) => cache.get(date) ?? cache.set(date, builtSlots(schedule, date, grid)).get(date)!;
        const step = grid.slotMinutes + grid.bufferMinutes;
        const lengths = [grid.slotMinutes, step + grid.slotMinutes, 2 * step + grid.slotMinutes, grid.slotMinutes + 1];
        const first = new Date(from).getTime();
        for (let start = first; start < first + hours * 60 * MINUTE; start += 5 * MINUTE) {
          for (const length of lengths) {
            const expected = referenceCheck(built, schedule, start, start + length * MINUTE);
            const actual = onSlotGrid(schedule, grid, new Date(start), new Date(start + length * MINUTE));
            if (actual !== expected)
              mismatches.push(`${new Date(start).toISOString()} +${length} ${JSON.stringify(grid)}`);
            if (expected) onGrid += 1;
          }
        }
      }
      expect(mismatches).toEqual([]);
      expect(onGrid).toBeGreaterThan(10);
    },
  );
});
