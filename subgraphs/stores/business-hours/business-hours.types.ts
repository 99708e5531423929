import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('BusinessHoursInterval', {
  description:
    'An opening interval in store-local time. `closes` at or before `opens` runs past midnight into the next day ' +
    '(18:00 to 02:00); 00:00 to 24:00 is the whole day.',
})
export class BusinessHoursInterval {
  @Field(() => String, { description: 'Opening time, HH:MM (00:00 to 23:59).' })
  opens!: string;

  @Field(() => String, { description: 'Closing time, HH:MM (00:00 to 24:00).' })
  closes!: string;
}

@InputType('BusinessHoursIntervalInput', { description: 'An opening interval in store-local time.' })
export class BusinessHoursIntervalInput {
  @Field(() => String, { description: 'Opening time, HH:MM (00:00 to 23:59).' })
  opens!: string;

  @Field(() => String, {
    description: 'Closing time, HH:MM (00:00 to 24:00); at or before `opens` means after midnight.',
  })
  closes!: string;
}

@ObjectType('WeekdayBusinessHours', { description: 'The regular intervals of one weekday; none means closed.' })
export class WeekdayBusinessHours {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday .. 7 = Sunday.' })
  weekday!: number;

  @Field(() => [BusinessHoursInterval], { description: 'Sorted by opening time; empty when closed.' })
  intervals!: BusinessHoursInterval[];
}

@ObjectType('StoreSpecialDay', { description: "A store-local date whose hours replace its weekday's regular hours." })
export class SpecialDayType {
  @Field(() => String, { description: 'Store-local date, YYYY-MM-DD.' })
  date!: string;

  @Field(() => Boolean, { description: 'Closed all day (then `intervals` is empty).' })
  closed!: boolean;

  @Field(() => [BusinessHoursInterval], { description: "The day's own intervals, sorted by opening time." })
  intervals!: BusinessHoursInterval[];

  @Field(() => String, { nullable: true, description: 'Why, e.g. 年末年始.' })
  note!: string | null;
}

@ObjectType('StoreBusinessHours', {
  description: "A store's business hours as its business manages them: regular hours and upcoming special days.",
})
export class StoreBusinessHours {
  @Field(() => ID)
  storeId!: string;

  @Field(() => String, { description: 'IANA time zone the times are in.' })
  timeZone!: string;

  @Field(() => [WeekdayBusinessHours], { description: 'All seven weekdays, Monday first.' })
  regularHours!: WeekdayBusinessHours[];

  @Field(() => [SpecialDayType], {
    description: 'Special days from today (store-local) on, by date, at most 100.',
  })
  specialDays!: SpecialDayType[];
}

@ObjectType('StoreBusinessInfo', {
  description: "A public store's hours for its app: regular hours, special days ahead and whether it is open now.",
})
export class StoreBusinessInfo {
  @Field(() => ID)
  storeId!: string;

  @Field(() => String, { description: 'IANA time zone the times are in (Asia/Tokyo by default).' })
  timeZone!: string;

  @Field(() => [WeekdayBusinessHours], { description: 'All seven weekdays, Monday first.' })
  regularHours!: WeekdayBusinessHours[];

  @Field(() => [SpecialDayType], {
    description: 'Special days from today (store-local) for `specialDaysAhead` days (today counts as the first).',
  })
  specialDays!: SpecialDayType[];

  @Field(() => Boolean, { description: 'Open at `asOf`, in the store’s time zone, across midnight and special days.' })
  openNow!: boolean;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'The next instant the store opens or closes (UTC), within 8 days; null when none is that near.',
  })
  nextChange!: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    description: 'The minute the answer was computed for (UTC, seconds zero): it holds for that whole minute.',
  })
  asOf!: Date;
}
