import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { AnalyticsSnapshotsArgs } from './analytics.input.js';
import { AnalyticsSnapshot, AnalyticsSnapshotConnection } from './analytics.types.js';

const WHO_READS =
  'A business token with analytics.read (its own stores only; another’s is NOT_FOUND store_not_found) or the operator.';

@Resolver(() => AnalyticsSnapshot)
export class AnalyticsResolver {
  @Query(() => AnalyticsSnapshotConnection, {
    description:
      'A store’s stored snapshots of closed Asia/Tokyo days from `from` to `to`, oldest first (today is not stored: ' +
      'see analyticsToday; a day appears once the worker has computed it). A malformed date, from after to, or ' +
      `more than 366 days is BAD_USER_INPUT. ${WHO_READS}`,
  })
  analyticsSnapshots(
    @Args(() => AnalyticsSnapshotsArgs) args: AnalyticsSnapshotsArgs,
    @Ctx() ctx: StoresContext,
  ): Promise<AnalyticsSnapshotConnection> {
    return ctx.analytics.snapshots(args);
  }

  @Query(() => AnalyticsSnapshot, {
    description: `Today’s figures of a store (the Asia/Tokyo day now), counted live at the call: partial, not stored. ${WHO_READS}`,
  })
  analyticsToday(
    @Arg('storeId', () => ID, { description: 'A store of the caller’s business.' }) storeId: string,
    @Ctx() ctx: StoresContext,
  ): Promise<AnalyticsSnapshot> {
    return ctx.analytics.today(storeId);
  }
}
