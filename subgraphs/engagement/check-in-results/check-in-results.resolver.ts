import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { CsvExport } from '../campaign/csv-export.types.js';
import type { EngagementContext } from '../context.js';
import { CheckInResultsArgs } from './check-in-results.args.js';
import { CheckInResults } from './check-in-results.types.js';

const WHO_READS =
  'A business token with store.campaigns.read (its own campaigns and stores only) or the operator (naming businessAccountId or campaignId, else BAD_USER_INPUT).';
const RANGE =
  'Days are store-local (the store’s time zone); the default range is the 30 days ending today in Asia/Tokyo; a malformed date, from after to, or more than 366 days is BAD_USER_INPUT.';

/** Check-in results of a business: counts per store and day, and their CSV export. */
@Resolver(() => CheckInResults)
export class CheckInResultsResolver {
  @Query(() => CheckInResults, {
    description: `Check-ins and distinct users per store and store-local day, and over the range. ${RANGE} ${WHO_READS}`,
  })
  checkInResults(
    @Args(() => CheckInResultsArgs) args: CheckInResultsArgs,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInResults> {
    return ctx.checkInResults.results(args);
  }

  @Query(() => CsvExport, {
    description: `The check-in results as CSV (local_date, store_id, store_name, check_ins, unique_users; no user ids), named check-ins-<from>-<to>.csv. ${RANGE} ${WHO_READS}`,
  })
  checkInResultsCsv(
    @Args(() => CheckInResultsArgs) args: CheckInResultsArgs,
    @Ctx() ctx: EngagementContext,
  ): Promise<CsvExport> {
    return ctx.checkInResults.csv(args);
  }
}
