import { Field, Int, ObjectType } from 'type-graphql';

/** How a question is answered. `text` is the earlier name of `free_text`, still read from stored rows. */
export type SurveyQuestionKind = 'single_choice' | 'multiple_choice' | 'rating' | 'free_text';

/** The question kinds a campaign may be given. */
export const SURVEY_QUESTION_KINDS: readonly SurveyQuestionKind[] = [
  'single_choice',
  'multiple_choice',
  'rating',
  'free_text',
];

/** Free-text answers: the default and the largest maximum length. */
export const FREE_TEXT_DEFAULT_MAX_LENGTH = 1000;
export const FREE_TEXT_MAX_LENGTH_CAP = 4000;
/** Rating scale used when a stored rating question names none. */
export const DEFAULT_RATING_SCALE = { min: 1, max: 5 } as const;

/**
 * One question of a survey, as stored in the campaign's `questions` column. The fields after
 * `required` came with campaign management; rows stored before them read with their defaults.
 */
export interface SurveyQuestionData {
  readonly id: string;
  readonly prompt: string;
  /** `single_choice`, `multiple_choice`, `rating` or `free_text` (`text` in older rows). */
  readonly kind: string;
  readonly choices?: readonly string[] | null;
  readonly required?: boolean;
  /** multiple_choice: fewest and most choices an answer may select (default 1 and all). */
  readonly minSelections?: number | null;
  readonly maxSelections?: number | null;
  /** rating: the lowest and highest value of the scale (default 1 and 5). */
  readonly scaleMin?: number | null;
  readonly scaleMax?: number | null;
  /** free_text: longest answer in characters (default 1000, at most 4000). */
  readonly maxLength?: number | null;
}

/** The kind of a stored question, reading the older `text` as `free_text`. */
export function questionKind(question: Pick<SurveyQuestionData, 'kind'>): string {
  return question.kind === 'text' ? 'free_text' : question.kind;
}

@ObjectType('SurveyQuestion', { description: 'One question of a survey campaign.' })
export class SurveyQuestion {
  @Field(() => String, { description: 'Stable identifier of the question within its campaign; answers refer to it.' })
  id!: string;

  @Field(() => String, { description: 'The question as shown to the consumer.' })
  prompt!: string;

  @Field(() => String, {
    description: 'How it is answered: single_choice, multiple_choice, rating or free_text.',
  })
  kind!: string;

  @Field(() => [String], { nullable: true, description: 'The choices of a choice question; null otherwise.' })
  choices?: string[] | null;

  @Field(() => Boolean, { description: 'Whether an answer is required.' })
  required!: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'multiple_choice: fewest choices an answer selects (default 1); null for other kinds.',
  })
  minSelections?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'multiple_choice: most choices an answer selects (default all); null for other kinds.',
  })
  maxSelections?: number | null;

  @Field(() => Int, { nullable: true, description: 'rating: lowest value of the scale (default 1); null otherwise.' })
  scaleMin?: number | null;

  @Field(() => Int, { nullable: true, description: 'rating: highest value of the scale (default 5); null otherwise.' })
  scaleMax?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'free_text: longest answer in characters (default 1000, at most 4000); null otherwise.',
  })
  maxLength?: number | null;
}

/** The question as the API shows it: its kind normalised and every default of its kind filled. */
export function questionView(q: SurveyQuestionData): SurveyQuestion {
  const kind = questionKind(q);
  const choices = q.choices ? [...q.choices] : null;
  return {
    id: q.id,
    prompt: q.prompt,
    kind,
    choices,
    required: q.required ?? false,
    minSelections: kind === 'multiple_choice' ? (q.minSelections ?? 1) : null,
    maxSelections: kind === 'multiple_choice' ? (q.maxSelections ?? choices?.length ?? null) : null,
    scaleMin: kind === 'rating' ? (q.scaleMin ?? DEFAULT_RATING_SCALE.min) : null,
    scaleMax: kind === 'rating' ? (q.scaleMax ?? DEFAULT_RATING_SCALE.max) : null,
    maxLength: kind === 'free_text' ? (q.maxLength ?? FREE_TEXT_DEFAULT_MAX_LENGTH) : null,
  };
}
