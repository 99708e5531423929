import { Field, ID, Int, ObjectType } from 'type-graphql';
import { StoreRef } from '../references.types.js';

@ObjectType('CheckInDayCount', { description: 'Check-ins at one store on one store-local day.' })
export class CheckInDayCount {
  @Field(() => StoreRef, { description: 'The store (resolved by the stores subgraph).' })
  store!: StoreRef;

  @Field(() => ID, { description: 'UUIDv7 identifier of the store.' })
  storeId!: string;

  @Field(() => String, { description: 'The store-local day (YYYY-MM-DD, in the store’s time zone).' })
  localDate!: string;

  @Field(() => Int, { description: 'Check-ins recorded that day (repeat check-ins each count).' })
  checkIns!: number;

  @Field(() => Int, { description: 'Distinct users who checked in that day.' })
  uniqueUsers!: number;
}

@ObjectType('CheckInResults', {
  description: 'Check-in counts of a business (or one campaign or store) over a range of store-local days.',
})
export class CheckInResults {
  @Field(() => String, { description: 'First day of the range (YYYY-MM-DD, store-local), included.' })
  from!: string;

  @Field(() => String, { description: 'Last day of the range (YYYY-MM-DD, store-local), included.' })
  to!: string;

  @Field(() => Int, { description: 'All check-ins in the range.' })
  checkIns!: number;

  @Field(() => Int, { description: 'Distinct users over the whole range (not the sum of the days).' })
  uniqueUsers!: number;

  @Field(() => [CheckInDayCount], {
    description: 'One entry per store and day that has check-ins, ordered by localDate then storeId.',
  })
  days!: CheckInDayCount[];
}

/** The filters of `checkInResults` and `checkInResultsCsv`. */
export interface CheckInResultsFilter {
  readonly campaignId?: string | null;
  readonly storeId?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly businessAccountId?: string | null;
}
