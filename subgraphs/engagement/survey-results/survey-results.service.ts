import type { BaseContext } from '../../kernel/context.js';
import { Validation } from '../../kernel/errors.js';
import { CSV_CONTENT_TYPE, CSV_EXPORT_MAX_ROWS, type CsvExport } from '../campaign/csv-export.types.js';
import type { SurveyCampaign } from '../survey-campaign/survey-campaign.entity.js';
import type { SurveyCampaignService } from '../survey-campaign/survey-campaign.service.js';
import type { SurveyAnswerData } from '../survey-response/survey-response.entity.js';
import { surveyCsv, surveyCsvFilename } from './survey-csv.js';
import { IN_RANGE, tallyResults, TALLY_SQL, type TallyRow } from './survey-tally.js';
import {
  decodeTextAnswerCursor,
  TEXT_ANSWER_PAGE,
  textAnswerPageLoader,
  type TextAnswerPageKey,
} from './survey-text-answers.js';
import type {
  SurveyQuestionResult,
  SurveyResponseRange,
  SurveyResults,
  SurveyTextAnswerPage,
} from './survey-results.types.js';

/** The responses of the export, oldest first, one past the cap (to know whether it was cut). */
const CSV_SQL = `select "r"."id", "r"."submitted_at", "r"."answers" from "survey_response" "r"
  where ${IN_RANGE('"r"')}
  order by "r"."submitted_at", "r"."id"
  limit ?`;

interface CsvRow {
  readonly id: string;
  readonly submitted_at: Date | string;
  readonly answers: unknown;
}

/** The stored answers (a driver may hand jsonb over as text); anything but an array as none. */
function answersOf(stored: unknown): readonly SurveyAnswerData[] {
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(value) ? (value as SurveyAnswerData[]) : [];
}

/** Optional bounds of the responses counted: `from` inclusive, `to` exclusive. */
export interface SubmittedRange {
  readonly from?: Date | null;
  readonly to?: Date | null;
}

/**
 * What a business learns from its survey: counts per question and a CSV of the responses, for a
 * business token with store.campaigns.read (its own campaigns only: another business's is not found)
 * or the operator. Respondents stay anonymous: no user or device id leaves this service.
 */
export class SurveyResultsService {
  private readonly textPages;

  constructor(
    private readonly ctx: BaseContext,
    private readonly campaigns: SurveyCampaignService,
  ) {
    this.textPages = textAnswerPageLoader(ctx.em);
  }

  /** The tally of every question of the campaign, in one aggregate statement. */
  async results(campaignId: string, submitted: SubmittedRange): Promise<SurveyResults> {
    const { campaign, range } = await this.readableRange(campaignId, submitted);
    const rows = await this.ctx.em.execute<TallyRow[]>(TALLY_SQL, [
      ...rangeParams(range),
      JSON.stringify(campaign.questions.map((q) => q.id)),
    ]);
    return tallyResults(range, campaign.questions, rows);
  }

  /**
   * One page of a free-text question's answers, newest first; null for other kinds (after the page
   * arguments are checked). `question` comes from {@link results}, which checked the caller.
   */
  textAnswers(
    question: SurveyQuestionResult,
    first: number,
    after: string | null | undefined,
  ): Promise<SurveyTextAnswerPage> | null {
    const cursor = after ? decodeTextAnswerCursor(after) : null;
    new Validation()
      .check(
        Number.isInteger(first) && first >= 1 && first <= TEXT_ANSWER_PAGE.maxSize,
        'first',
        `1 to ${TEXT_ANSWER_PAGE.maxSize}`,
      )
      .check(!after || cursor !== null, 'after', 'must be a nextCursor this API returned')
      .throwIfInvalid();
    if (question.kind !== 'free_text') return null;
    const key: TextAnswerPageKey = { range: question.range, questionId: question.questionId, first, after: cursor };
    return this.textPages.load(key);
  }

  /** The responses as CSV, oldest first, at most CSV_EXPORT_MAX_ROWS (then `truncated`). */
  async csv(campaignId: string, submitted: SubmittedRange): Promise<CsvExport> {
    const { campaign, range } = await this.readableRange(campaignId, submitted);
    const rows = await this.ctx.em.execute<CsvRow[]>(CSV_SQL, [...rangeParams(range), CSV_EXPORT_MAX_ROWS + 1]);
    const responses = rows.map((row) => ({
      id: row.id,
      submittedAt: new Date(row.submitted_at),
      answers: answersOf(row.answers),
    }));
    return {
      ...surveyCsv(campaign.questions, responses),
      filename: surveyCsvFilename(campaign, new Date()),
      contentType: CSV_CONTENT_TYPE,
    };
  }

  /** Checks the caller first, then the range (from before to), then that the campaign is theirs. */
  private async readableRange(
    campaignId: string,
    { from, to }: SubmittedRange,
  ): Promise<{ campaign: SurveyCampaign; range: SurveyResponseRange }> {
    const reader = this.campaigns.reader();
    new Validation()
      .check(!from || storable(from), 'from', 'a time in the years 0001 to 9999')
      .check(!to || storable(to), 'to', 'a time in the years 0001 to 9999')
      .check(!from || !to || from.getTime() < to.getTime(), 'to', 'must be after from')
      .throwIfInvalid();
    const campaign = await this.campaigns.readable(reader, campaignId);
    return { campaign, range: { campaignId: campaign.id, from: from ?? null, to: to ?? null } };
  }
}

/** Whether PostgreSQL can hold the time (the scalar lets year 0000 through; timestamptz refuses it). */
const storable = (at: Date) => at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999;

const rangeParams = (range: SurveyResponseRange) => [
  range.campaignId,
  range.from?.toISOString() ?? null,
  range.to?.toISOString() ?? null,
];
