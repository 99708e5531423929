import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { StoreRef } from '../references.types.js';
import { SurveyCampaign } from './survey-campaign.entity.js';
import { SurveyQuestion } from './survey-campaign.types.js';

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

  @FieldResolver(() => StoreRef, { description: 'The store running the campaign.' })
  store(@Root() campaign: SurveyCampaign): StoreRef {
    return { id: campaign.storeId };
  }
}
