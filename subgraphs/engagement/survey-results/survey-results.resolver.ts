import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { CsvExport } from '../campaign/csv-export.types.js';
import type { EngagementContext } from '../context.js';
import { SurveyQuestionResult, SurveyResults, SurveyTextAnswerPage } from './survey-results.types.js';
import { TEXT_ANSWER_PAGE } from './survey-text-answers.js';

const WHO =
  'A business token with store.campaigns.read (its own campaigns only: another business’s, an unknown or a malformed id is NOT_FOUND survey_campaign_not_found) or the operator.';
const RANGE =
  'Responses submitted from `from` (inclusive) to `to` (exclusive), both optional; from not before to is BAD_USER_INPUT.';
const FROM = { nullable: true, description: 'Count responses submitted at or after this time.' } as const;
const TO = { nullable: true, description: 'Count responses submitted before this time.' } as const;

@Resolver(() => SurveyQuestionResult)
export class SurveyResultsResolver {
  @Query(() => SurveyResults, {
    description: `The tally of each question of a survey campaign. ${RANGE} Respondents stay anonymous. ${WHO}`,
  })
  surveyResults(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('from', () => GraphQLDateTimeISO, FROM) from: Date | null,
    @Arg('to', () => GraphQLDateTimeISO, TO) to: Date | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyResults> {
    return ctx.surveyResults.results(campaignId, { from, to });
  }

  @Query(() => CsvExport, {
    description: `The responses of a survey campaign as CSV: one row per response, oldest first; columns response_id, submitted_at (RFC 3339 UTC), then one per question headed "<id>: <prompt>" (multiple choices joined with " | "). No user or device column. ${RANGE} ${WHO}`,
  })
  surveyResponsesCsv(
    @Arg('campaignId', () => ID) campaignId: string,
    @Arg('from', () => GraphQLDateTimeISO, FROM) from: Date | null,
    @Arg('to', () => GraphQLDateTimeISO, TO) to: Date | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<CsvExport> {
    return ctx.surveyResults.csv(campaignId, { from, to });
  }

  @FieldResolver(() => SurveyTextAnswerPage, {
    nullable: true,
    description:
      'free_text: the answers, newest first, a page at a time (the pages of every question of a request cost one query); null for other kinds.',
  })
  textAnswers(
    @Root() question: SurveyQuestionResult,
    @Arg('first', () => Int, {
      nullable: true,
      defaultValue: TEXT_ANSWER_PAGE.defaultSize,
      description: `Page size, 1 to ${TEXT_ANSWER_PAGE.maxSize} (else BAD_USER_INPUT).`,
    })
    first: number | null,
    @Arg('after', () => String, {
      nullable: true,
      description: 'The nextCursor of the page before; one this API did not return is BAD_USER_INPUT.',
    })
    after: string | null,
    @Ctx() ctx: EngagementContext,
  ): Promise<SurveyTextAnswerPage> | null {
    return ctx.surveyResults.textAnswers(question, first ?? TEXT_ANSWER_PAGE.defaultSize, after);
  }
}
