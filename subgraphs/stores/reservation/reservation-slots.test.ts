/** The slot grid as pure functions: intervals cut into slots, buffers, special days, past-midnight hours. */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { HoursSchedule } from '../business-hours/business-hours.js';
import { onSlotGrid, slotsOn } from './reservation-slots.js';

const iv = (opens: string, closes: string) => ({ opens, closes });
/** Every weekday 18:00 to 02:00 (past midnight); 2030-01-07 (a Monday) closed, 2030-01-08 only 12:00 to 13:00. */
const schedule: HoursSchedule = {
  timeZone: 'Asia/Tokyo',
  regular: new Map([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [iv('18:00', '02:00')]])),
  special: new Map([
    ['2030-01-07', { date: '2030-01-07', closed: true, intervals: [] }],
    ['2030-01-08', { date: '2030-01-08', closed: false, intervals: [iv('12:00', '13:00')] }],
  ]),
};
const tokyo = (local: string) => new Date(`${local}+09:00`);

describe('slotsOn', () => {
  it('cuts an interval from its opening, slot plus buffer apart, the last ending by closing time', () => {
    const slots = slotsOn(schedule, '2030-01-05', { slotMinutes: 90, bufferMinutes: 30 });
    expect(slots.map((s) => [s.startsAt, s.endsAt])).toEqual([
      [tokyo('2030-01-05T18:00'), tokyo('2030-01-05T19:30')],
      [tokyo('2030-01-05T20:00'), tokyo('2030-01-05T21:30')],
      [tokyo('2030-01-05T22:00'), tokyo('2030-01-05T23:30')],
      [tokyo('2030-01-06T00:00'), tokyo('2030-01-06T01:30')],
    ]);
  });

  it('has none on a closed special day and the special day’s own hours otherwise', () => {
    expect(slotsOn(schedule, '2030-01-07', { slotMinutes: 30, bufferMinutes: 0 })).toEqual([]);
    const short = slotsOn(schedule, '2030-01-08', { slotMinutes: 30, bufferMinutes: 0 });
    expect(short.map((s) => s.startsAt)).toEqual([tokyo('2030-01-08T12:00'), tokyo('2030-01-08T12:30')]);
  });
});

describe('onSlotGrid', () => {
  const grid = { slotMinutes: 60, bufferMinutes: 0 };
  it('takes one or more slots of one interval, also past midnight', () => {
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-05T18:00'), tokyo('2030-01-05T19:00'))).toBe(true);
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-05T23:00'), tokyo('2030-01-06T02:00'))).toBe(true);
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-06T01:00'), tokyo('2030-01-06T02:00'))).toBe(true);
  });

  it('refuses a range off the grid, past closing, or on a closed day', () => {
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-05T18:30'), tokyo('2030-01-05T19:30'))).toBe(false);
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-06T01:00'), tokyo('2030-01-06T03:00'))).toBe(false);
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-07T18:00'), tokyo('2030-01-07T19:00'))).toBe(false);
    expect(onSlotGrid(schedule, grid, tokyo('2030-01-05T18:00'), tokyo('2030-01-05T18:30'))).toBe(false);
  });
});
