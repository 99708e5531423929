import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { CheckInCampaign } from './check-in-campaign.entity.js';
import { visibleStoreId } from '../../kernel/auth/store-visibility.js';

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

  @FieldResolver(() => StoreRef, {
    nullable: true,
    description:
      'The store running the campaign; null when the caller may not see it (an unlisted store, for anyone but operators and its business).',
  })
  async store(@Root() campaign: CheckInCampaign, @Ctx() ctx: EngagementContext): Promise<StoreRef | null> {
    const id = await visibleStoreId(ctx.em, ctx.principal, campaign.storeId);
    return id === null ? null : { id };
  }
}
