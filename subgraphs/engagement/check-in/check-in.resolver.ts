import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CheckInCampaign } from '../check-in-campaign/check-in-campaign.entity.js';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { CheckIn } from './check-in.entity.js';
import { MY_CHECK_INS_CAP, MY_CHECK_INS_DEFAULT } from './check-in.service.js';
import { CheckInResult } from './check-in.types.js';

/** Consumers' check-ins (any user token; a business or operator token is FORBIDDEN user_token_required). */
@Resolver(() => CheckIn)
export class CheckInResolver {
  @Mutation(() => CheckInResult, {
    description:
      'Checks the caller in for the campaign with this token: recorded (writing checkin.recorded to the outbox in the same statement), or rejected with a reason (unknown_token, inactive, not_started, ended, store_not_public, already_checked_in). One check-in per user per store per store-local day unless the campaign allows repeats. Any user token.',
  })
  recordCheckIn(
    @Arg('token', () => String, { description: 'The campaign token (from the QR code).' }) token: string,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInResult> {
    return ctx.checkIns.record(token);
  }

  @Query(() => [CheckIn], {
    description: `The caller’s check-ins, newest first. Any user token.`,
  })
  myCheckIns(
    @Arg('limit', () => Int, {
      defaultValue: MY_CHECK_INS_DEFAULT,
      description: `How many, default ${MY_CHECK_INS_DEFAULT}; below 1 is BAD_USER_INPUT, above ${MY_CHECK_INS_CAP} is clamped to ${MY_CHECK_INS_CAP}.`,
    })
    limit: number,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckIn[]> {
    return ctx.checkIns.mine(limit);
  }

  @FieldResolver(() => CheckInCampaign, {
    nullable: true,
    description: 'The campaign checked in for (one batched query for a whole list).',
  })
  campaign(@Root() checkIn: CheckIn, @Ctx() ctx: EngagementContext): Promise<CheckInCampaign | null> {
    return ctx.loaders.checkInCampaignById.load(checkIn.campaignId);
  }

  @FieldResolver(() => StoreRef, { description: 'The store checked in at (resolved by the stores subgraph).' })
  store(@Root() checkIn: CheckIn): StoreRef {
    return { id: checkIn.storeId };
  }
}
