import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { EngagementContext } from '../context.js';
import { SurveyCampaign } from '../survey-campaign/survey-campaign.entity.js';
import type { SurveyResponse } from './survey-response.entity.js';
import { MySurveyResponse, SurveyAnswerInput, SurveySubmitResult } from './survey-response.types.js';

@Resolver(() => MySurveyResponse)
export class SurveyResponseResolver {
  @Mutation(() => SurveySubmitResult, {
    description:
      'Submits answers to the survey campaign of `token`. A user token attaches its userId; without a token the caller sends a ' +
      'stable deviceId and the campaign must be anonymous (else status auth_required). Refusals are statuses, nothing recorded; ' +
      'a recorded response writes survey.submitted to the outbox in the same transaction. BAD_USER_INPUT for an empty token or ' +
      'no answers; FORBIDDEN user_token_required for a business or operator token.',
  })
  submitSurveyResponse(
    @Arg('token', () => String) token: string,
    @Arg('answers', () => [SurveyAnswerInput]) answers: SurveyAnswerInput[],
    @Arg('deviceId', () => String, {
      nullable: true,
      description: 'Anonymous callers: 8 to 128 of A-Z a-z 0-9 . _ : -',
    })
    deviceId: string | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveySubmitResult> {
    return ctx.surveyResponses.submit(token, deviceId, answers);
  }

  @Query(() => [MySurveyResponse], {
    description: 'The signed-in user’s survey responses, newest first. Any user token.',
  })
  async mySurveyResponses(
    @Arg('limit', () => Int, {
      nullable: true,
      description: 'How many, default 50, clamped to 200; below 1 is invalid.',
    })
    limit: number | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyResponse[]> {
    return ctx.surveyResponses.listMine(limit);
  }

  @FieldResolver(() => SurveyCampaign, {
    nullable: true,
    description: 'The campaign answered (one batched query for a whole list); null if it was removed.',
  })
  campaign(@Root() response: SurveyResponse, @Ctx() ctx: EngagementContext): Promise<SurveyCampaign | null> {
    return ctx.loaders.surveyCampaignById.load(response.campaignId);
  }
}
