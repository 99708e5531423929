import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';

@InputType('SurveyQuestionInput', { description: 'One question of a survey campaign.' })
export class SurveyQuestionInput {
  @Field(() => String, {
    nullable: true,
    description: 'Stable id (1 to 64 of A-Z a-z 0-9 _ -), unique in the campaign; absent: q1, q2, ... by position.',
  })
  id?: string | null;

  @Field(() => String, { description: 'single_choice, multiple_choice, rating or free_text.' })
  kind!: string;

  @Field(() => String, { description: 'The question, 1 to 500 characters.' })
  prompt!: string;

  @Field(() => Boolean, { nullable: true, description: 'Whether an answer is required (default false).' })
  required?: boolean | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Choice questions: 2 to 50 distinct choices of 1 to 200 characters; other kinds: none.',
  })
  choices?: string[] | null;

  @Field(() => Int, { nullable: true, description: 'multiple_choice: fewest selections (default 1).' })
  minSelections?: number | null;

  @Field(() => Int, { nullable: true, description: 'multiple_choice: most selections (default all choices).' })
  maxSelections?: number | null;

  @Field(() => Int, { nullable: true, description: 'rating: lowest value, 0 or 1 (default 1).' })
  scaleMin?: number | null;

  @Field(() => Int, { nullable: true, description: 'rating: highest value, 2 to 10 (default 5).' })
  scaleMax?: number | null;

  @Field(() => Int, { nullable: true, description: 'free_text: longest answer, 1 to 4000 (default 1000).' })
  maxLength?: number | null;
}

/** What create and update share (on update, an absent field stays as it is and null clears it). */
@InputType('SurveyCampaignFieldsInput', { description: 'Fields of a survey campaign that create and update share.' })
export class SurveyCampaignFieldsInput {
  @Field(() => String, { nullable: true, description: 'Description shown to consumers, at most 2000 characters.' })
  description?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Answers accepted from; null: no start limit.' })
  startsAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Answers accepted until (excluded), after startsAt; null: no end limit.',
  })
  endsAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Switched on (default true).' })
  isActive?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether callers without a bearer token may answer with a device id (default false).',
  })
  isAnonymous?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'One response per user (per device for anonymous answers); default true.',
  })
  onePerRespondent?: boolean | null;
}

@InputType('CreateSurveyCampaignInput', { description: 'A new survey campaign.' })
export class CreateSurveyCampaignInput extends SurveyCampaignFieldsInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business (the operator must name it; a business token may only name its own).',
  })
  businessAccountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'A store of the business; absent: any store of it.' })
  storeId?: string | null;

  @Field(() => String, { description: 'Name shown to consumers, 1 to 200 characters.' })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The operator may choose the token (8 to 64 of A-Z a-z 0-9 _ -); otherwise an unguessable one is made.',
  })
  token?: string | null;

  @Field(() => [SurveyQuestionInput], { description: '1 to 50 questions, in display order.' })
  questions!: SurveyQuestionInput[];
}

@InputType('UpdateSurveyCampaignInput', {
  description: 'Changes to a survey campaign: absent fields stay; questions only while it has no responses.',
})
export class UpdateSurveyCampaignInput extends SurveyCampaignFieldsInput {
  @Field(() => ID, { description: 'The campaign.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name, 1 to 200 characters.' })
  name?: string | null;

  @Field(() => [SurveyQuestionInput], {
    nullable: true,
    description: 'New questions (replace the old ones), 1 to 50; CONFLICT survey_has_responses once answered.',
  })
  questions?: SurveyQuestionInput[] | null;
}
