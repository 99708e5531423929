import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { SURVEY_ANSWER_PROBLEMS, SURVEY_SUBMIT_STATUSES, type SurveySubmitStatus } from './survey-statuses.js';

@InputType('SurveyAnswerInput', {
  description: 'One answer: `choices` for choice questions, `rating` for a rating, `text` for free text.',
})
export class SurveyAnswerInput {
  @Field(() => String, { description: 'The id of the question answered.' })
  questionId!: string;

  @Field(() => [String], { nullable: true, description: 'single_choice: one choice; multiple_choice: the selections.' })
  choices?: string[] | null;

  @Field(() => Int, { nullable: true, description: 'rating: a whole number on the question’s scale.' })
  rating?: number | null;

  @Field(() => String, { nullable: true, description: 'free_text: at most the question’s maxLength characters.' })
  text?: string | null;
}

@ObjectType('SurveyAnswerProblem', { description: 'Why the answer to one question was refused.' })
export class SurveyAnswerProblem {
  @Field(() => String, { description: 'The question (as the caller named it).' })
  questionId!: string;

  @Field(() => String, { description: `One of ${SURVEY_ANSWER_PROBLEMS.join(', ')}.` })
  reason!: string;
}

@ObjectType('SurveySubmitResult', { description: 'What became of a survey submission.' })
export class SurveySubmitResult {
  @Field(() => String, { description: `recorded, or why not: ${SURVEY_SUBMIT_STATUSES.slice(1).join(', ')}.` })
  status!: SurveySubmitStatus;

  @Field(() => ID, { nullable: true, description: 'The response recorded; null unless recorded.' })
  responseId?: string | null;

  @Field(() => [SurveyAnswerProblem], { description: 'For invalid_answers: each refused answer; else empty.' })
  problems!: SurveyAnswerProblem[];
}

@ObjectType('SurveyAnswer', { description: 'One recorded answer.' })
export class SurveyAnswer {
  @Field(() => String, { description: 'The question answered.' })
  questionId!: string;

  @Field(() => [String], { nullable: true, description: 'The choices selected (choice questions).' })
  choices?: string[] | null;

  @Field(() => Int, { nullable: true, description: 'The rating given (rating questions).' })
  rating?: number | null;

  @Field(() => String, { nullable: true, description: 'The text given (free-text questions).' })
  text?: string | null;
}

@ObjectType('MySurveyResponse', { description: 'A survey response of the signed-in user.' })
export class MySurveyResponse {
  @Field(() => ID, { description: 'The response.' })
  id!: string;

  @Field(() => ID, { description: 'The survey campaign answered.' })
  campaignId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was submitted.' })
  submittedAt!: Date;

  @Field(() => [SurveyAnswer], { description: 'The answers, in the order of the questions.' })
  answers!: SurveyAnswer[];
}
