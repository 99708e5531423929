import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { CheckInCampaign } from './check-in-campaign.entity.js';
import { CreateCheckInCampaignInput, UpdateCheckInCampaignInput } from './check-in-campaign.input.js';

const WHO_READS = 'A business token with store.campaigns.read (its own campaigns only) or the operator.';
const WHO_WRITES = 'A business token with store.campaigns.write (its own campaigns and stores only) or the operator.';

/** Check-in campaign management: a business lists, creates and changes its own campaigns. */
@Resolver(() => CheckInCampaign)
export class CheckInCampaignManagementResolver {
  @Query(() => [CheckInCampaign], {
    description: `The newest 200 check-in campaigns of the caller’s business (the operator: of all), of one store when storeId is given. ${WHO_READS}`,
  })
  businessCheckInCampaigns(
    @Arg('storeId', () => ID, { nullable: true, description: 'Only campaigns of this store.' })
    storeId: string | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInCampaign[]> {
    return ctx.checkInCampaignManagement.list(storeId);
  }

  @Mutation(() => CheckInCampaign, {
    description: `Creates a check-in campaign for a store of the caller’s business (another business’s store: NOT_FOUND store_not_found); the token is generated (128 bits, base64url) unless the operator names one (taken: CONFLICT token_taken). ${WHO_WRITES}`,
  })
  createCheckInCampaign(
    @Arg('input', () => CreateCheckInCampaignInput) input: CreateCheckInCampaignInput,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInCampaign> {
    return ctx.checkInCampaignManagement.create(input);
  }

  @Mutation(() => CheckInCampaign, {
    description: `Changes name, description, window, switch or per-day rule of a campaign (another business’s: NOT_FOUND campaign_not_found). ${WHO_WRITES}`,
  })
  updateCheckInCampaign(
    @Arg('input', () => UpdateCheckInCampaignInput) input: UpdateCheckInCampaignInput,
    @Ctx() ctx: EngagementContext,
  ): Promise<CheckInCampaign> {
    return ctx.checkInCampaignManagement.update(input);
  }
}
