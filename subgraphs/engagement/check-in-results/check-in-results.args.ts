import { ArgsType, Field, ID } from 'type-graphql';
import type { CheckInResultsFilter } from './check-in-results.types.js';

/** The filters of `checkInResults` and `checkInResultsCsv`. */
@ArgsType()
export class CheckInResultsArgs implements CheckInResultsFilter {
  @Field(() => ID, {
    nullable: true,
    description: 'Only this campaign (of the caller’s business; else NOT_FOUND campaign_not_found).',
  })
  campaignId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Only this store (of the caller’s business; else NOT_FOUND store_not_found).',
  })
  storeId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'First store-local day, YYYY-MM-DD (default: 29 days before `to`).',
  })
  from?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Last store-local day, YYYY-MM-DD, included (default: today in Asia/Tokyo, the stores’ default time zone). At most 366 days from `from`, both counted.',
  })
  to?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Operator only: the business counted (the operator names it or a campaign).',
  })
  businessAccountId?: string | null;
}
