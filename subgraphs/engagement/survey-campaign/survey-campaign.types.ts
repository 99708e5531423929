import { Field, ObjectType } from 'type-graphql';

/** One question of a survey, as stored in the campaign's `questions` column. */
export interface SurveyQuestionData {
  readonly id: string;
  readonly prompt: string;
  /** `single_choice`, `multiple_choice`, `text` or `rating`. */
  readonly kind: string;
  readonly choices?: readonly string[] | null;
  readonly required?: boolean;
}

@ObjectType('SurveyQuestion', { description: 'One question of a survey campaign.' })
export class SurveyQuestion {
  @Field(() => String, { description: 'Stable identifier of the question within its campaign; answers refer to it.' })
  id!: string;

  @Field(() => String, { description: 'The question as shown to the consumer.' })
  prompt!: string;

  @Field(() => String, { description: 'How it is answered: single_choice, multiple_choice, text or rating.' })
  kind!: string;

  @Field(() => [String], { nullable: true, description: 'The choices of a choice question; null otherwise.' })
  choices?: string[] | null;

  @Field(() => Boolean, { description: 'Whether an answer is required.' })
  required!: boolean;
}
