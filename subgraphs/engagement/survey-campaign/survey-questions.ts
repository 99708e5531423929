/**
 * Checks the questions a business gives a survey campaign and turns them into the stored form: every
 * problem is collected into one validation error naming the question (`questions[2].choices`), and
 * nothing is stored while any remains.
 */
import type { Validation } from '../../kernel/errors.js';
import type { SurveyQuestionInput } from './survey-campaign.input.js';
import {
  DEFAULT_RATING_SCALE,
  FREE_TEXT_DEFAULT_MAX_LENGTH,
  FREE_TEXT_MAX_LENGTH_CAP,
  SURVEY_QUESTION_KINDS,
  type SurveyQuestionData,
  type SurveyQuestionKind,
} from './survey-campaign.types.js';

/** Most questions a campaign has. */
export const MAX_SURVEY_QUESTIONS = 50;
const MAX_CHOICES = 50;
const MAX_PROMPT = 500;
const MAX_CHOICE = 200;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const isKind = (kind: string): kind is SurveyQuestionKind =>
  (SURVEY_QUESTION_KINDS as readonly string[]).includes(kind);

/** The stored questions for `input`, or [] with the problems added to `v`. */
export function checkQuestions(v: Validation, input: readonly SurveyQuestionInput[]): SurveyQuestionData[] {
  v.check(input.length >= 1 && input.length <= MAX_SURVEY_QUESTIONS, 'questions', `1 to ${MAX_SURVEY_QUESTIONS}`);
  const ids = input.map((q, i) => q.id ?? `q${i + 1}`);
  const questions = input.map((q, i) => checkQuestion(v, `questions[${i}]`, ids[i]!, q));
  ids.forEach((id, i) => v.check(ids.indexOf(id) === i, `questions[${i}].id`, 'must be unique in the campaign'));
  return questions;
}

function checkQuestion(v: Validation, path: string, id: string, q: SurveyQuestionInput): SurveyQuestionData {
  const prompt = q.prompt.trim();
  v.check(ID_PATTERN.test(id), `${path}.id`, '1 to 64 of A-Z a-z 0-9 _ -');
  v.check(prompt.length >= 1 && prompt.length <= MAX_PROMPT, `${path}.prompt`, `1 to ${MAX_PROMPT} characters`);
  const base = { id, prompt, required: q.required ?? false };
  if (!isKind(q.kind)) {
    v.add(`${path}.kind`, `one of ${SURVEY_QUESTION_KINDS.join(', ')}`);
    return { ...base, kind: q.kind };
  }
  const only = (field: keyof SurveyQuestionInput, kinds: string) =>
    v.check(q[field] === null || q[field] === undefined, `${path}.${field}`, `only for ${kinds}`);
  if (q.kind !== 'single_choice' && q.kind !== 'multiple_choice') only('choices', 'choice questions');
  if (q.kind !== 'multiple_choice')
    (['minSelections', 'maxSelections'] as const).forEach((f) => only(f, 'multiple_choice'));
  if (q.kind !== 'rating') (['scaleMin', 'scaleMax'] as const).forEach((f) => only(f, 'rating'));
  if (q.kind !== 'free_text') only('maxLength', 'free_text');
  switch (q.kind) {
    case 'single_choice':
      return { ...base, kind: q.kind, choices: checkChoices(v, path, q.choices) };
    case 'multiple_choice':
      return { ...base, kind: q.kind, ...checkSelections(v, path, q, checkChoices(v, path, q.choices)) };
    case 'rating':
      return { ...base, kind: q.kind, ...checkScale(v, path, q) };
    case 'free_text':
      return { ...base, kind: q.kind, maxLength: checkMaxLength(v, path, q.maxLength) };
  }
}

function checkChoices(v: Validation, path: string, choices: readonly string[] | null | undefined): string[] {
  const trimmed = (choices ?? []).map((c) => c.trim());
  v.check(trimmed.length >= 2 && trimmed.length <= MAX_CHOICES, `${path}.choices`, `2 to ${MAX_CHOICES} choices`);
  v.check(new Set(trimmed).size === trimmed.length, `${path}.choices`, 'must be distinct');
  v.check(
    trimmed.every((c) => c.length >= 1 && c.length <= MAX_CHOICE),
    `${path}.choices`,
    `each 1 to ${MAX_CHOICE} characters`,
  );
  return trimmed;
}

function checkSelections(v: Validation, path: string, q: SurveyQuestionInput, choices: readonly string[]) {
  const minSelections = q.minSelections ?? 1;
  const maxSelections = q.maxSelections ?? choices.length;
  v.check(minSelections >= 1, `${path}.minSelections`, 'at least 1');
  v.check(
    maxSelections >= minSelections && maxSelections <= Math.max(choices.length, 1),
    `${path}.maxSelections`,
    'from minSelections to the number of choices',
  );
  return { choices: [...choices], minSelections, maxSelections };
}

function checkScale(v: Validation, path: string, q: SurveyQuestionInput) {
  const scaleMin = q.scaleMin ?? DEFAULT_RATING_SCALE.min;
  const scaleMax = q.scaleMax ?? DEFAULT_RATING_SCALE.max;
  v.check(scaleMin === 0 || scaleMin === 1, `${path}.scaleMin`, '0 or 1');
  v.check(scaleMax >= 2 && scaleMax <= 10, `${path}.scaleMax`, '2 to 10');
  return { scaleMin, scaleMax };
}

function checkMaxLength(v: Validation, path: string, maxLength: number | null | undefined): number {
  const value = maxLength ?? FREE_TEXT_DEFAULT_MAX_LENGTH;
  v.check(value >= 1 && value <= FREE_TEXT_MAX_LENGTH_CAP, `${path}.maxLength`, `1 to ${FREE_TEXT_MAX_LENGTH_CAP}`);
  return value;
}
