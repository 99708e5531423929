/**
 * Checks a submission's answers against the campaign's questions: each answer names a question of the
 * campaign once and carries the value its kind takes, inside the question's limits; every required
 * question is answered. Problems are reported per question; the stored answers follow question order.
 */
import {
  DEFAULT_RATING_SCALE,
  FREE_TEXT_DEFAULT_MAX_LENGTH,
  questionKind,
  type SurveyQuestionData,
} from '../survey-campaign/survey-campaign.types.js';
import type { SurveyAnswerData } from './survey-response.entity.js';
import type { SurveyAnswerInput } from './survey-response.types.js';
import type { SurveyAnswerProblemReason } from './survey-statuses.js';

/** One refused answer. */
export interface AnswerProblem {
  readonly questionId: string;
  readonly reason: SurveyAnswerProblemReason;
}

/** The answers to store (in question order), or the problems found. */
export type AnswerCheck = { ok: true; answers: SurveyAnswerData[] } | { ok: false; problems: AnswerProblem[] };

export function checkAnswers(
  questions: readonly SurveyQuestionData[],
  input: readonly SurveyAnswerInput[],
): AnswerCheck {
  const problems: AnswerProblem[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, SurveyAnswerData>();
  const seen = new Set<string>();
  for (const answer of input) {
    const question = byId.get(answer.questionId);
    const problem = !question
      ? 'unknown_question'
      : seen.has(answer.questionId)
        ? 'duplicate_answer'
        : checkValue(question, answer);
    seen.add(answer.questionId);
    if (typeof problem === 'string') problems.push({ questionId: answer.questionId, reason: problem });
    else if (problem) given.set(answer.questionId, problem);
  }
  for (const q of questions) {
    if ((q.required ?? false) && !seen.has(q.id)) problems.push({ questionId: q.id, reason: 'required' });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, answers: questions.flatMap((q) => (given.has(q.id) ? [given.get(q.id)!] : [])) };
}

/** The stored answer, a problem, or null for an empty free-text answer (no answer). */
function checkValue(q: SurveyQuestionData, a: SurveyAnswerInput): SurveyAnswerData | SurveyAnswerProblemReason | null {
  const kind = questionKind(q);
  const has = { choices: a.choices != null, rating: a.rating != null, text: a.text != null };
  const expected = kind === 'rating' ? 'rating' : kind === 'free_text' ? 'text' : 'choices';
  const others = (['choices', 'rating', 'text'] as const).filter((k) => k !== expected);
  if (!has[expected] || others.some((k) => has[k])) return 'wrong_kind';
  switch (kind) {
    case 'single_choice':
    case 'multiple_choice':
      return checkChoices(q, kind, a.choices!);
    case 'rating': {
      const min = q.scaleMin ?? DEFAULT_RATING_SCALE.min;
      const max = q.scaleMax ?? DEFAULT_RATING_SCALE.max;
      return a.rating! >= min && a.rating! <= max ? { questionId: q.id, rating: a.rating! } : 'out_of_scale';
    }
    default: {
      const text = a.text!.trim();
      if (text.length === 0) return q.required ? 'required' : null;
      const max = q.maxLength ?? FREE_TEXT_DEFAULT_MAX_LENGTH;
      return [...text].length <= max ? { questionId: q.id, text } : 'too_long';
    }
  }
}

function checkChoices(
  q: SurveyQuestionData,
  kind: 'single_choice' | 'multiple_choice',
  choices: readonly string[],
): SurveyAnswerData | SurveyAnswerProblemReason {
  const offered = q.choices ?? [];
  if (choices.some((c) => !offered.includes(c))) return 'unknown_choice';
  const selected = offered.filter((c) => choices.includes(c));
  const min = kind === 'single_choice' ? 1 : (q.minSelections ?? 1);
  const max = kind === 'single_choice' ? 1 : (q.maxSelections ?? offered.length);
  if (new Set(choices).size !== choices.length) return 'duplicate_answer';
  if (selected.length < min) return 'too_few_selections';
  if (selected.length > max) return 'too_many_selections';
  return { questionId: q.id, choices: selected };
}
