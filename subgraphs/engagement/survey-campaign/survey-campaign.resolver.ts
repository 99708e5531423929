import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { SurveyCampaign } from './survey-campaign.entity.js';
import { SurveyQuestion } from './survey-campaign.types.js';
import { visibleStoreId } from '../../kernel/auth/store-visibility.js';

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

  @FieldResolver(() => [SurveyQuestion], { description: 'The questions, in display order.' })
  questions(@Root() campaign: SurveyCampaign): SurveyQuestion[] {
    return campaign.questions.map((q) => ({
      ...q,
      choices: q.choices ? [...q.choices] : null,
      required: q.required ?? false,
    }));
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
