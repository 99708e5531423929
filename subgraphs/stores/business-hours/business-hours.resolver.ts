import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { BusinessHoursIntervalInput, StoreBusinessHours, StoreBusinessInfo } from './business-hours.types.js';

const MANAGE =
  'Operator, or a business token whose business owns the store; another business’s store is NOT_FOUND (store_not_found).';

@Resolver()
export class BusinessHoursResolver {
  @Query(() => StoreBusinessHours, {
    description: `A store's regular hours and upcoming special days (at most 100). store.business-hours.read. ${MANAGE}`,
  })
  storeBusinessHours(
    @Arg('storeId', () => ID) storeId: string,
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessHours> {
    return ctx.businessHours.get(storeId);
  }

  @Query(() => StoreBusinessInfo, {
    description:
      "A public store's hours with open-now in its time zone. No authentication; a store that is not public is " +
      'NOT_FOUND (store_not_found); specialDaysAhead outside 0 to 366 is BAD_USER_INPUT.',
  })
  storeBusinessInfo(
    @Arg('storeId', () => ID) storeId: string,
    @Arg('specialDaysAhead', () => Int, {
      nullable: true,
      description: 'Days of special days to include from today (store-local), 0 to 366; default 30.',
    })
    specialDaysAhead: number | null | undefined,
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessInfo> {
    return ctx.businessHours.businessInfo(storeId, specialDaysAhead, new Date());
  }

  @Query(() => StoreBusinessInfo, {
    description:
      'storeBusinessInfo of a store a shop app shows (its main store when storeId is absent). No authentication; ' +
      'NOT_FOUND app_not_found for an unknown shopId, store_not_found when the app shows no such public store.',
  })
  shopBusinessInfo(
    @Arg('shopId', () => String) shopId: string,
    @Arg('storeId', () => ID, { nullable: true, description: "One of the app's stores; default its main store." })
    storeId: string | null | undefined,
    @Arg('specialDaysAhead', () => Int, {
      nullable: true,
      description: 'Days of special days to include from today (store-local), 0 to 366; default 30.',
    })
    specialDaysAhead: number | null | undefined,
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessInfo> {
    return ctx.businessHours.shopBusinessInfo(shopId, storeId, specialDaysAhead, new Date());
  }

  @Mutation(() => StoreBusinessHours, {
    description:
      "Replaces one weekday's regular intervals; an empty list closes that weekday. At most 4 intervals, not " +
      `overlapping, HH:MM from 00:00 to 24:00. store.business-hours.write. ${MANAGE}`,
  })
  setStoreWeeklyHours(
    @Arg('storeId', () => ID) storeId: string,
    @Arg('weekday', () => Int, { description: 'ISO weekday: 1 = Monday .. 7 = Sunday.' }) weekday: number,
    @Arg('intervals', () => [BusinessHoursIntervalInput]) intervals: BusinessHoursIntervalInput[],
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessHours> {
    return ctx.businessHours.setWeekly(storeId, weekday, intervals);
  }

  @Mutation(() => StoreBusinessHours, {
    description:
      'Sets the special day of a store-local date (replacing one set before): closed, or its own intervals (1 to 4), ' +
      `with an optional note (at most 100 characters). store.business-hours.write. ${MANAGE}`,
  })
  setStoreSpecialDay(
    @Arg('storeId', () => ID) storeId: string,
    @Arg('date', () => String, { description: 'Store-local date, YYYY-MM-DD.' }) date: string,
    @Arg('closed', () => Boolean) closed: boolean,
    @Arg('intervals', () => [BusinessHoursIntervalInput], {
      nullable: true,
      description: 'Empty or absent when closed.',
    })
    intervals: BusinessHoursIntervalInput[] | null | undefined,
    @Arg('note', () => String, { nullable: true }) note: string | null | undefined,
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessHours> {
    return ctx.businessHours.setSpecialDay(storeId, { date, closed, intervals, note });
  }

  @Mutation(() => StoreBusinessHours, {
    description: `Removes the special day of a date (none there: no change). store.business-hours.write. ${MANAGE}`,
  })
  removeStoreSpecialDay(
    @Arg('storeId', () => ID) storeId: string,
    @Arg('date', () => String, { description: 'Store-local date, YYYY-MM-DD.' }) date: string,
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessHours> {
    return ctx.businessHours.removeSpecialDay(storeId, date);
  }

  @Mutation(() => StoreBusinessHours, {
    description: `Sets the IANA time zone the store's hours are in (default Asia/Tokyo). store.business-hours.write. ${MANAGE}`,
  })
  setStoreTimeZone(
    @Arg('storeId', () => ID) storeId: string,
    @Arg('timeZone', () => String) timeZone: string,
    @Ctx() ctx: StoresContext,
  ): Promise<StoreBusinessHours> {
    return ctx.businessHours.setTimeZone(storeId, timeZone);
  }
}
