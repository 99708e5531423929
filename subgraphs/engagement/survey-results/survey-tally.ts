/**
 * The counts behind `surveyResults`, in one SQL statement for every question of a campaign: the
 * responses in the range, then their answers (jsonb_array_elements) grouped by question, and by
 * question and value for choices and ratings. Only grouped counts come back, never the responses.
 * Answers to questions the campaign no longer has, and values a question does not offer, are ignored.
 */
import {
  DEFAULT_RATING_SCALE,
  questionKind,
  type SurveyQuestionData,
} from '../survey-campaign/survey-campaign.types.js';
import type { SurveyQuestionResult, SurveyResponseRange, SurveyResults } from './survey-results.types.js';

/** The answers stored in a response row, as an array whatever was stored (a defensive no-op). */
export const ANSWERS_OF = (row: string) =>
  `jsonb_array_elements(case when jsonb_typeof(${row}."answers") = 'array' then ${row}."answers" else '[]'::jsonb end)`;

/** Responses of campaign ? submitted in [?, ?) (null: unbounded). */
export const IN_RANGE = (row: string) =>
  `${row}."campaign_id" = ? and ${row}."submitted_at" >= coalesce(?::timestamptz, '-infinity')
    and ${row}."submitted_at" < coalesce(?::timestamptz, 'infinity')`;

/** Parameters: campaign id, from, to, the campaign's question ids (a JSON array). */
export const TALLY_SQL = `with "r" as (
    select "r"."submitted_at", "r"."answers" from "survey_response" "r" where ${IN_RANGE('"r"')}
  ), "a" as (
    select "e"."value"->>'questionId' as "question_id", "e"."value" as "answer"
    from "r" cross join lateral ${ANSWERS_OF('"r"')} as "e"
    where "e"."value"->>'questionId' in (select jsonb_array_elements_text(?::jsonb))
  )
  select 'responses' as "tally", null as "question_id", null as "value", count(*)::int as "n",
    min("submitted_at") as "first_at", max("submitted_at") as "last_at" from "r"
  union all
  select 'answers', "question_id", null, count(*)::int, null, null from "a" group by "question_id"
  union all
  select 'choice', "a"."question_id", "c"."value", count(*)::int, null, null
    from "a" cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof("a"."answer"->'choices') = 'array' then "a"."answer"->'choices' else '[]'::jsonb end
    ) as "c"
    group by "a"."question_id", "c"."value"
  union all
  select 'rating', "question_id", "answer"->>'rating', count(*)::int, null, null
    from "a" where jsonb_typeof("answer"->'rating') = 'number'
    group by "question_id", "answer"->>'rating'`;

/** One row of {@link TALLY_SQL}. */
export interface TallyRow {
  readonly tally: 'responses' | 'answers' | 'choice' | 'rating';
  readonly question_id: string | null;
  readonly value: string | null;
  readonly n: number;
  readonly first_at: Date | string | null;
  readonly last_at: Date | string | null;
}

const at = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The results of `questions` from the rows of {@link TALLY_SQL}. */
export function tallyResults(
  range: SurveyResponseRange,
  questions: readonly SurveyQuestionData[],
  rows: readonly TallyRow[],
): SurveyResults {
  const totals = rows.find((row) => row.tally === 'responses');
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${row.tally}\u0000${row.question_id}\u0000${row.value ?? ''}`, row.n);
  const count = (tally: TallyRow['tally'], questionId: string, value = '') =>
    counts.get(`${tally}\u0000${questionId}\u0000${value}`) ?? 0;
  return {
    campaignId: range.campaignId,
    responseCount: totals?.n ?? 0,
    firstSubmittedAt: at(totals?.first_at ?? null),
    lastSubmittedAt: at(totals?.last_at ?? null),
    questions: questions.map((q) => questionResult(range, q, count)),
  };
}

function questionResult(
  range: SurveyResponseRange,
  q: SurveyQuestionData,
  count: (tally: TallyRow['tally'], questionId: string, value?: string) => number,
): SurveyQuestionResult {
  const kind = questionKind(q);
  const answerCount = count('answers', q.id);
  const result = { questionId: q.id, kind, prompt: q.prompt, answerCount, range };
  if (kind === 'single_choice' || kind === 'multiple_choice') {
    const choices = (q.choices ?? []).map((choice) => {
      const n = count('choice', q.id, choice);
      return { choice, count: n, share: answerCount === 0 ? 0 : n / answerCount };
    });
    return { ...result, choices, ratings: null, ratingMean: null };
  }
  if (kind === 'rating') {
    const min = q.scaleMin ?? DEFAULT_RATING_SCALE.min;
    const max = q.scaleMax ?? DEFAULT_RATING_SCALE.max;
    const ratings = Array.from({ length: max - min + 1 }, (_, i) => ({
      rating: min + i,
      count: count('rating', q.id, String(min + i)),
    }));
    const rated = ratings.reduce((sum, r) => sum + r.count, 0);
    const ratingMean = rated === 0 ? null : ratings.reduce((sum, r) => sum + r.rating * r.count, 0) / rated;
    return { ...result, choices: null, ratings, ratingMean };
  }
  return { ...result, choices: null, ratings: null, ratingMean: null };
}
