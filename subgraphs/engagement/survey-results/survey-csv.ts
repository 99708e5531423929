/**
 * The CSV export of a survey's responses: one row per response, oldest first, a column per question
 * of the campaign (answers to questions it no longer has are left out). Respondents stay anonymous:
 * no user or device column.
 */
import { toCsv, type CsvCell } from '../../kernel/csv/csv.js';
import { questionKind, type SurveyQuestionData } from '../survey-campaign/survey-campaign.types.js';
import type { SurveyAnswerData } from '../survey-response/survey-response.entity.js';
import { CSV_EXPORT_MAX_ROWS, type CsvExport } from '../campaign/csv-export.types.js';

/** One response as the export reads it. */
export interface SurveyCsvResponse {
  readonly id: string;
  readonly submittedAt: Date;
  readonly answers: readonly SurveyAnswerData[];
}

/** How multiple_choice selections share one cell. */
export const CHOICE_SEPARATOR = ' | ';

/** The cell of one answer: the choice (choices joined), the rating, or the text. */
function answerCell(question: SurveyQuestionData, answer: SurveyAnswerData | undefined): CsvCell {
  if (!answer) return null;
  switch (questionKind(question)) {
    case 'single_choice':
    case 'multiple_choice':
      return Array.isArray(answer.choices) ? answer.choices.join(CHOICE_SEPARATOR) : null;
    case 'rating':
      return typeof answer.rating === 'number' ? answer.rating : null;
    default:
      return typeof answer.text === 'string' ? answer.text : null;
  }
}

/**
 * The document of `responses` (already oldest first): at most `maxRows` rows, `truncated` when
 * `responses` held more (the service reads one row past the cap to know).
 */
export function surveyCsv(
  questions: readonly SurveyQuestionData[],
  responses: readonly SurveyCsvResponse[],
  maxRows: number = CSV_EXPORT_MAX_ROWS,
): Pick<CsvExport, 'content' | 'rowCount' | 'truncated'> {
  const kept = responses.slice(0, maxRows);
  const header = ['response_id', 'submitted_at', ...questions.map((q) => `${q.id}: ${q.prompt}`)];
  const rows = kept.map((response) => {
    const byQuestion = new Map(response.answers.map((a) => [a.questionId, a] as const));
    return [
      response.id,
      response.submittedAt.toISOString(),
      ...questions.map((q) => answerCell(q, byQuestion.get(q.id))),
    ];
  });
  return { content: toCsv(header, rows), rowCount: kept.length, truncated: responses.length > maxRows };
}

/**
 * `survey-<slug>-<YYYYMMDD>.csv`: the slug of the campaign's name (ASCII letters and digits, lower
 * case, runs of anything else as one hyphen, at most 40 characters), or its id when the name leaves
 * none. Never the token: it is the secret consumers present. The date is the export's, in UTC.
 */
export function surveyCsvFilename(campaign: { id: string; name: string; token: string }, now: Date): string {
  const name = slugOf(campaign.name);
  const token = slugOf(campaign.token);
  const slug = token.length > 0 && name.includes(token) ? '' : name.slice(0, 40).replace(/-+$/, '');
  return `survey-${slug || campaign.id}-${now.toISOString().slice(0, 10).replaceAll('-', '')}.csv`;
}

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
