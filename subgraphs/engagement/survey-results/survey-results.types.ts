import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

/** Which responses a result counts: one campaign's, submitted in [from, to) (either bound optional). */
export interface SurveyResponseRange {
  readonly campaignId: string;
  readonly from: Date | null;
  readonly to: Date | null;
}

@ObjectType('SurveyChoiceCount', { description: 'How many responses picked one choice of a choice question.' })
export class SurveyChoiceCount {
  @Field(() => String, { description: 'The choice, as the question offers it.' })
  choice!: string;

  @Field(() => Int, { description: 'Responses that picked it (0 included).' })
  count!: number;

  @Field(() => Float, {
    description:
      'count / answerCount, 0 to 1 (0 when nobody answered); for multiple_choice the shares may add up to more than 1.',
  })
  share!: number;
}

@ObjectType('SurveyRatingCount', { description: 'How many responses gave one point of a rating scale.' })
export class SurveyRatingCount {
  @Field(() => Int, { description: 'A point of the scale.' })
  rating!: number;

  @Field(() => Int, { description: 'Responses that gave it (0 included).' })
  count!: number;
}

@ObjectType('SurveyTextAnswer', {
  description: 'One free-text answer. The respondent stays anonymous: no user or device is shown.',
})
export class SurveyTextAnswer {
  @Field(() => ID, { description: 'The response it belongs to (the response_id column of the CSV export).' })
  responseId!: string;

  @Field(() => String, { description: 'The answer as submitted (trimmed).' })
  text!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the response was submitted.' })
  submittedAt!: Date;
}

@ObjectType('SurveyTextAnswerPage', { description: 'One page of free-text answers, newest first.' })
export class SurveyTextAnswerPage {
  @Field(() => [SurveyTextAnswer], { description: 'The answers of this page, newest first.' })
  items!: SurveyTextAnswer[];

  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page; null on the last page. Opaque.',
  })
  nextCursor!: string | null;
}

@ObjectType('SurveyQuestionResult', {
  description: 'The tally of one question of the campaign; fields of other kinds are null.',
})
export class SurveyQuestionResult {
  @Field(() => String, { description: 'The question’s id within its campaign.' })
  questionId!: string;

  @Field(() => String, { description: 'single_choice, multiple_choice, rating or free_text.' })
  kind!: string;

  @Field(() => String, { description: 'The question as shown to consumers.' })
  prompt!: string;

  @Field(() => Int, { description: 'Responses in the range that answered this question.' })
  answerCount!: number;

  @Field(() => [SurveyChoiceCount], {
    nullable: true,
    description: 'Choice questions: every choice in question order, zero counts included; null for other kinds.',
  })
  choices!: SurveyChoiceCount[] | null;

  @Field(() => [SurveyRatingCount], {
    nullable: true,
    description: 'rating: every point from scaleMin to scaleMax, zero counts included; null for other kinds.',
  })
  ratings!: SurveyRatingCount[] | null;

  @Field(() => Float, {
    nullable: true,
    description: 'rating: the mean rating; null for other kinds and when there is no rating answer.',
  })
  ratingMean!: number | null;

  /** The responses this tally counts, for its `textAnswers` pages (not a GraphQL field). */
  range!: SurveyResponseRange;
}

@ObjectType('SurveyResults', {
  description:
    'What a survey campaign’s responses say, per question, over the responses submitted in a time range. Respondents stay anonymous.',
})
export class SurveyResults {
  @Field(() => ID, { description: 'The campaign.' })
  campaignId!: string;

  @Field(() => Int, { description: 'Responses submitted in the range.' })
  responseCount!: number;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'The earliest of them; null when none.' })
  firstSubmittedAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'The latest of them; null when none.' })
  lastSubmittedAt!: Date | null;

  @Field(() => [SurveyQuestionResult], { description: 'One tally per question of the campaign, in question order.' })
  questions!: SurveyQuestionResult[];
}
