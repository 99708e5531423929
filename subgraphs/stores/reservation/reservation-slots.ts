/**
 * A resource's slot grid over the store's business hours, in the store's time zone: every opening
 * interval of a local date (its special day's, else its weekday's) is cut from its opening time into
 * slots of `slotMinutes`, `bufferMinutes` apart, the last one ending at the latest at closing time. A
 * reservation starts at a slot's start and ends at the end of a slot of the same interval.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import {
  addDays,
  intervalMinutes,
  intervalsOn,
  localDateTime,
  steadyDay,
  zonedInstant,
  type HoursInterval,
  type HoursSchedule,
  type SpecialDayHours,
} from '../business-hours/business-hours.js';
import { StoreSpecialDay } from '../business-hours/special-day.entity.js';
import { StoreWeeklyHours } from '../business-hours/weekly-hours.entity.js';

/** How a resource cuts opening hours into slots. */
export interface SlotGrid {
  readonly slotMinutes: number;
  readonly bufferMinutes: number;
}

/** One slot of a local date: its instants and which opening interval of the date it lies in. */
export interface GridSlot {
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly date: string;
  readonly interval: number;
}

/** The slots of the local `date`, in time order (none on a closed day). */
export function slotsOn(schedule: HoursSchedule, date: string, grid: SlotGrid): GridSlot[] {
  const slots: GridSlot[] = [];
  // Arithmetic on a day without a clock change nearby, else each time through zonedInstant.
  const at = steadyDay(date, schedule.timeZone)?.instant ?? ((m: number) => zonedInstant(date, m, schedule.timeZone));
  intervalsOn(schedule, date).forEach((hours, interval) => {
    const [opens, closes] = intervalMinutes(hours);
    for (let start = opens; start + grid.slotMinutes <= closes; start += grid.slotMinutes + grid.bufferMinutes) {
      const from = at(start);
      const to = at(start + grid.slotMinutes);
      if (to > from) slots.push({ startsAt: new Date(from), endsAt: new Date(to), date, interval });
    }
  });
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * The local dates whose slots may hold a range starting at `startsAt`: its own date and the day before
 * (an interval past midnight belongs to the day it opened).
 */
export function candidateDates(startsAt: Date, timeZone: string): [string, string] {
  const date = localDateTime(startsAt, timeZone).date;
  return [addDays(date, -1), date];
}

/**
 * Whether [startsAt, endsAt) lies on the grid: it starts where a slot starts and ends where a slot of
 * the same opening interval (that slot or a later one) ends. Without building the slots on a date
 * without a clock change nearby (a handful of Intl calls in all); the same answer as building them.
 */
export function onSlotGrid(schedule: HoursSchedule, grid: SlotGrid, startsAt: Date, endsAt: Date): boolean {
  return candidateDates(startsAt, schedule.timeZone).some((date) => {
    const day = steadyDay(date, schedule.timeZone);
    if (day === null) return onBuiltGrid(slotsOn(schedule, date, grid), startsAt, endsAt);
    const [start, end] = [day.minute(startsAt.getTime()), day.minute(endsAt.getTime())];
    return onSteadyGrid(intervalsOn(schedule, date), grid, start, end);
  });
}

/** The check on a date's built slots: the first slot starting at `startsAt`, and one of its interval ending at `endsAt`. */
function onBuiltGrid(slots: readonly GridSlot[], startsAt: Date, endsAt: Date): boolean {
  const first = slots.find((s) => s.startsAt.getTime() === startsAt.getTime());
  return (
    first !== undefined &&
    slots.some(
      (s) => s.interval === first.interval && s.startsAt >= first.startsAt && s.endsAt.getTime() === endsAt.getTime(),
    )
  );
}

/**
 * The check in minutes after the date's local midnight, on a day of one offset (where minutes and
 * instants go together): the first interval with a slot starting at `start` (opening + k * (slot +
 * buffer), ending by closing time) must also have one, at or after it, that ends at `end`.
 */
function onSteadyGrid(intervals: readonly HoursInterval[], grid: SlotGrid, start: number, end: number): boolean {
  for (const hours of intervals) {
    const [opens, closes] = intervalMinutes(hours);
    if (!isSlotStart(grid, opens, closes, start)) continue;
    const last = end - grid.slotMinutes;
    return last >= start && isSlotStart(grid, opens, closes, last);
  }
  return false;
}

/** Whether a slot of the interval [opens, closes) starts at `minute`. */
function isSlotStart(grid: SlotGrid, opens: number, closes: number, minute: number): boolean {
  return (
    grid.slotMinutes > 0 &&
    minute >= opens &&
    minute + grid.slotMinutes <= closes &&
    (minute - opens) % (grid.slotMinutes + grid.bufferMinutes) === 0
  );
}

/** The store's hours for the local dates `from`..`to` (two queries: weekly hours, and those dates' special days). */
export async function loadSchedule(
  em: EntityManager,
  store: { readonly id: string; readonly timeZone: string },
  from: string,
  to: string,
): Promise<HoursSchedule> {
  const weekly = await em.find(StoreWeeklyHours, { storeId: store.id });
  const special = await em.find(StoreSpecialDay, { storeId: store.id, date: { $gte: from, $lte: to } });
  return {
    timeZone: store.timeZone,
    regular: new Map(weekly.map((w) => [w.weekday, w.intervals])),
    special: new Map(special.map((s): [string, SpecialDayHours] => [s.date, s])),
  };
}
