import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { CheckInCampaign } from './check-in-campaign.entity.js';

@Resolver(() => CheckInCampaign)
export class CheckInCampaignResolver {
  @Query(() => CheckInCampaign, {
    nullable: true,
    description: 'The check-in campaign with this token; null when the token is unknown.',
  })
  checkInCampaign(
    @Arg('token', () => String) token: string,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInCampaign | null> {
    return ctx.checkInCampaigns.findByToken(token);
  }

  @FieldResolver(() => StoreRef, { description: 'The store running the campaign.' })
  store(@Root() campaign: CheckInCampaign): StoreRef {
    return { id: campaign.storeId };
  }
}
