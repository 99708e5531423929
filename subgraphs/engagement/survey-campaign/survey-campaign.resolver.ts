import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { campaignWindow, type CampaignWindowStatus } from '../campaign/campaign.entity.js';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { SurveyCampaign } from './survey-campaign.entity.js';
import { CreateSurveyCampaignInput, UpdateSurveyCampaignInput } from './survey-campaign.input.js';
import { SurveyQuestion, questionView } from './survey-campaign.types.js';
import { visibleStoreId } from '../../kernel/auth/store-visibility.js';

const WHO_READS = 'A business token with store.campaigns.read (its own campaigns only) or the operator.';
const WHO_WRITES = 'A business token with store.campaigns.write (its own campaigns and stores only) or the operator.';

@Resolver(() => SurveyCampaign)
export class SurveyCampaignResolver {
  @Query(() => SurveyCampaign, {
    nullable: true,
    description: 'The survey campaign with this token; null when the token is unknown.',
  })
  surveyCampaign(
    @Arg('token', () => String) token: string,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyCampaign | null> {
    return ctx.surveyCampaigns.findByToken(token);
  }

  @Query(() => [SurveyCampaign], {
    description: `The newest 200 survey campaigns of the caller’s business (the operator: of all, or of the business named). ${WHO_READS}`,
  })
  businessSurveyCampaigns(
    @Arg('businessAccountId', () => ID, { nullable: true, description: 'Operator only: one business.' })
    businessAccountId: string | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyCampaign[]> {
    return ctx.surveyCampaigns.list(businessAccountId);
  }

  @Mutation(() => SurveyCampaign, {
    description: `Creates a survey campaign with an unguessable token; a store of another business is NOT_FOUND store_not_found. ${WHO_WRITES}`,
  })
  createSurveyCampaign(
    @Arg('input', () => CreateSurveyCampaignInput) input: CreateSurveyCampaignInput,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyCampaign> {
    return ctx.surveyCampaigns.create(input);
  }

  @Mutation(() => SurveyCampaign, {
    description: `Changes a survey campaign; its questions only while it has no responses (CONFLICT survey_has_responses). ${WHO_WRITES}`,
  })
  updateSurveyCampaign(
    @Arg('input', () => UpdateSurveyCampaignInput) input: UpdateSurveyCampaignInput,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyCampaign> {
    return ctx.surveyCampaigns.update(input);
  }

  @FieldResolver(() => String, {
    description: 'Whether it accepts answers now: open, or inactive, not_started or ended.',
  })
  windowStatus(@Root() campaign: SurveyCampaign): CampaignWindowStatus {
    return campaignWindow(campaign, new Date());
  }

  @FieldResolver(() => [SurveyQuestion], { description: 'The questions, in display order.' })
  questions(@Root() campaign: SurveyCampaign): SurveyQuestion[] {
    return campaign.questions.map(questionView);
  }

  @FieldResolver(() => StoreRef, {
    nullable: true,
    description:
      'The store the survey was made for; null when it is for any store of the business, or when the caller may not see it (an unlisted store, for anyone but operators and its business).',
  })
  async store(@Root() campaign: SurveyCampaign, @Ctx() ctx: EngagementContext): Promise<StoreRef | null> {
    if (!campaign.storeId) return null;
    const id = await visibleStoreId(ctx.em, ctx.principal, campaign.storeId);
    return id === null ? null : { id };
  }
}
