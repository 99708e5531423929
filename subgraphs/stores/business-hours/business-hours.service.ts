import { requireAuthenticated } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { ForbiddenError, NotFoundError, Validation } from '../../kernel/errors.js';
import { Store } from '../store/store.entity.js';
import type { StoreService } from '../store/store.service.js';
import type { ShopAppService } from '../shop-app/shop-app.service.js';
import { mayManage } from '../ownership.js';
import {
  addDays,
  intervalErrors,
  isCalendarDate,
  isTimeZone,
  localDateTime,
  NEXT_CHANGE_HORIZON_DAYS,
  openState,
  sortIntervals,
  type HoursInterval,
  type HoursSchedule,
  type SpecialDayHours,
} from './business-hours.js';
import type {
  SpecialDayType,
  StoreBusinessHours,
  StoreBusinessInfo,
  WeekdayBusinessHours,
} from './business-hours.types.js';
import { SPECIAL_DAY_NOTE_MAX, StoreSpecialDay } from './special-day.entity.js';
import { StoreWeeklyHours } from './weekly-hours.entity.js';

export const HOURS_READ_SCOPE = 'store.business-hours.read';
export const HOURS_WRITE_SCOPE = 'store.business-hours.write';
/** specialDaysAhead of the public business info: default 30 (interface), 0 to 366 (a year and a day). */
export const SPECIAL_DAYS_AHEAD = { default: 30, max: 366 } as const;
/** The management view lists at most this many upcoming special days. */
export const UPCOMING_SPECIAL_DAYS_CAP = 100;

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export interface SpecialDayInput {
  readonly date: string;
  readonly closed: boolean;
  readonly intervals?: readonly HoursInterval[] | null;
  readonly note?: string | null;
}

/** Regular hours, special days and the store's time zone; open-now for public stores. */
export class BusinessHoursService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly stores: StoreService,
    private readonly shopApps: ShopAppService,
  ) {}

  /** The management view of a store the caller may manage. */
  async get(storeId: string): Promise<StoreBusinessHours> {
    const store = await this.managedStore(storeId, HOURS_READ_SCOPE);
    return this.view(store);
  }

  /** Replaces one weekday's intervals (an empty list closes that weekday). */
  async setWeekly(storeId: string, weekday: number, intervals: readonly HoursInterval[]): Promise<StoreBusinessHours> {
    requireAuthenticated(this.ctx.principal);
    const validation = new Validation();
    validation.check(
      Number.isInteger(weekday) && weekday >= 1 && weekday <= 7,
      'weekday',
      'must be 1 (Monday) to 7 (Sunday)',
    );
    for (const error of intervalErrors(intervals, 'intervals')) validation.add(error.path, error.message);
    validation.throwIfInvalid();
    const store = await this.managedStore(storeId, HOURS_WRITE_SCOPE);
    const now = new Date();
    // One statement, so two writers of the same weekday never collide on the unique (store, weekday).
    await this.ctx.em.execute(
      `insert into "store_weekly_hours" ("id", "created_at", "updated_at", "store_id", "weekday", "intervals")
       values (?, ?, ?, ?, ?, ?::jsonb)
       on conflict ("store_id", "weekday") do update set "intervals" = excluded."intervals", "updated_at" = excluded."updated_at"`,
      [new StoreWeeklyHours().id, now, now, store.id, weekday, JSON.stringify(sortIntervals(intervals))],
    );
    return this.view(store);
  }

  /** Sets (inserts or replaces) the special day of a date. */
  async setSpecialDay(storeId: string, input: SpecialDayInput): Promise<StoreBusinessHours> {
    requireAuthenticated(this.ctx.principal);
    const intervals = input.intervals ?? [];
    const note = input.note?.trim() || null;
    const validation = new Validation();
    validation.check(isCalendarDate(input.date), 'date', 'must be a calendar date, YYYY-MM-DD');
    if (input.closed) validation.check(intervals.length === 0, 'intervals', 'must be empty on a closed day');
    else validation.check(intervals.length > 0, 'intervals', 'give at least one interval, or closed: true');
    for (const error of intervalErrors(intervals, 'intervals')) validation.add(error.path, error.message);
    validation.check(
      (note ?? '').length <= SPECIAL_DAY_NOTE_MAX,
      'note',
      `must be at most ${SPECIAL_DAY_NOTE_MAX} characters`,
    );
    validation.throwIfInvalid();
    const store = await this.managedStore(storeId, HOURS_WRITE_SCOPE);
    const now = new Date();
    await this.ctx.em.execute(
      `insert into "store_special_day" ("id", "created_at", "updated_at", "store_id", "date", "closed", "intervals", "note")
       values (?, ?, ?, ?, ?::date, ?, ?::jsonb, ?)
       on conflict ("store_id", "date") do update set "closed" = excluded."closed", "intervals" = excluded."intervals",
         "note" = excluded."note", "updated_at" = excluded."updated_at"`,
      [
        new StoreSpecialDay().id,
        now,
        now,
        store.id,
        input.date,
        input.closed,
        JSON.stringify(sortIntervals(intervals)),
        note,
      ],
    );
    return this.view(store);
  }

  /** Removes the special day of a date; removing one that is not there changes nothing (idempotent). */
  async removeSpecialDay(storeId: string, date: string): Promise<StoreBusinessHours> {
    requireAuthenticated(this.ctx.principal);
    new Validation().check(isCalendarDate(date), 'date', 'must be a calendar date, YYYY-MM-DD').throwIfInvalid();
    const store = await this.managedStore(storeId, HOURS_WRITE_SCOPE);
    await this.ctx.em.nativeDelete(StoreSpecialDay, { storeId: store.id, date });
    return this.view(store);
  }

  /** Sets the store's IANA time zone, which every store-local time is read in. */
  async setTimeZone(storeId: string, timeZone: string): Promise<StoreBusinessHours> {
    requireAuthenticated(this.ctx.principal);
    new Validation()
      .check(isTimeZone(timeZone), 'timeZone', 'must be an IANA time zone such as Asia/Tokyo')
      .throwIfInvalid();
    const store = await this.managedStore(storeId, HOURS_WRITE_SCOPE);
    store.timeZone = timeZone;
    await this.ctx.em.flush();
    return this.view(store);
  }

  /**
   * A public store's hours with open-now at `now`. Anyone may call it; a store that is not public
   * (or does not exist) is store_not_found.
   */
  async businessInfo(
    storeId: string,
    specialDaysAhead: number | null | undefined,
    now: Date,
  ): Promise<StoreBusinessInfo> {
    const ahead = validateAhead(specialDaysAhead);
    // Hours are whole minutes: the answer is the one of the minute, so it (and its ETag) holds all minute.
    now = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const store = await this.stores.getPublic(storeId);
    const today = localDateTime(now, store.timeZone).date;
    const weekly = await this.ctx.em.find(StoreWeeklyHours, { storeId: store.id });
    const special = await this.ctx.em.find(
      StoreSpecialDay,
      {
        storeId: store.id,
        date: { $gte: addDays(today, -1), $lte: addDays(today, Math.max(NEXT_CHANGE_HORIZON_DAYS + 1, ahead - 1)) },
      },
      { orderBy: { date: 'asc' } },
    );
    const schedule: HoursSchedule = {
      timeZone: store.timeZone,
      regular: new Map(weekly.map((w) => [w.weekday, w.intervals])),
      special: new Map(special.map((s): [string, SpecialDayHours] => [s.date, s])),
    };
    const { openNow, nextChange } = openState(schedule, now);
    const last = addDays(today, ahead - 1);
    return {
      storeId: store.id,
      timeZone: store.timeZone,
      regularHours: regularHours(weekly),
      specialDays: special.filter((s) => ahead > 0 && s.date >= today && s.date <= last).map(specialDay),
      openNow,
      nextChange,
      asOf: now,
    };
  }

  /**
   * {@link businessInfo} of a store a shop app shows: `storeId`, or the app's main (first) store when
   * absent. NOT_FOUND `app_not_found` for an unknown shopId, `store_not_found` when the app shows no
   * such store or the store is not public (the directory's visibility rule holds in apps too).
   */
  async shopBusinessInfo(
    shopId: string,
    storeId: string | null | undefined,
    specialDaysAhead: number | null | undefined,
    now: Date,
  ): Promise<StoreBusinessInfo> {
    validateAhead(specialDaysAhead);
    const app = await this.shopApps.getByShopId(shopId);
    return this.businessInfo(await this.shopApps.storeOf(app, storeId), specialDaysAhead, now);
  }

  /**
   * A store the caller may manage with `scope`: the operator any, a business token with the scope only
   * its own business's stores. Another business's store is answered like an unknown one.
   */
  private async managedStore(storeId: string, scope: string): Promise<Store> {
    const caller = requireAuthenticated(this.ctx.principal);
    if (caller.kind !== 'operator' && (caller.kind !== 'business' || !caller.scopes.has(scope)))
      throw new ForbiddenError(`The token lacks the ${scope} scope.`, 'insufficient_scope', scope);
    const store = isUuid(storeId) ? await this.ctx.em.findOne(Store, { id: storeId }) : null;
    if (!store || !mayManage(caller, store.businessAccountId))
      throw new NotFoundError('No store you manage has this id.', 'store_not_found');
    return store;
  }

  private async view(store: Store): Promise<StoreBusinessHours> {
    const today = localDateTime(new Date(), store.timeZone).date;
    const weekly = await this.ctx.em.find(StoreWeeklyHours, { storeId: store.id });
    const special = await this.ctx.em.find(
      StoreSpecialDay,
      { storeId: store.id, date: { $gte: today } },
      { orderBy: { date: 'asc' }, limit: UPCOMING_SPECIAL_DAYS_CAP },
    );
    return {
      storeId: store.id,
      timeZone: store.timeZone,
      regularHours: regularHours(weekly),
      specialDays: special.map(specialDay),
    };
  }
}

/** specialDaysAhead, defaulted and checked (BAD_USER_INPUT outside 0 to 366). */
function validateAhead(specialDaysAhead: number | null | undefined): number {
  const ahead = specialDaysAhead ?? SPECIAL_DAYS_AHEAD.default;
  new Validation()
    .check(
      Number.isInteger(ahead) && ahead >= 0 && ahead <= SPECIAL_DAYS_AHEAD.max,
      'specialDaysAhead',
      `must be an integer from 0 to ${SPECIAL_DAYS_AHEAD.max}`,
    )
    .throwIfInvalid();
  return ahead;
}

function regularHours(rows: readonly StoreWeeklyHours[]): WeekdayBusinessHours[] {
  const byDay = new Map(rows.map((r) => [r.weekday, r.intervals]));
  return WEEKDAYS.map((weekday) => ({ weekday, intervals: [...(byDay.get(weekday) ?? [])] }));
}

function specialDay(row: StoreSpecialDay): SpecialDayType {
  return { date: row.date, closed: row.closed, intervals: [...row.intervals], note: row.note ?? null };
}
