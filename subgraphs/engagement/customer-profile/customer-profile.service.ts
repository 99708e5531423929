/**
 * What the engagement subgraph knows of a customer profile's person at the business, by the record's
 * user: check-ins at the business's campaigns, and responses to its survey campaigns. Responses to
 * anonymous campaigns never join a profile (those respondents were promised anonymity), and a record
 * of no user (storefront, staff) has neither. One query per batch of profiles each.
 */
import type DataLoader from 'dataloader';
import type { BaseContext } from '../../kernel/context.js';
import { groupedLoader, keyedLoader } from '../../kernel/loaders.js';
import {
  inList,
  profileReader,
  profileRefLoader,
  type CustomerProfileRef,
} from '../../kernel/privacy/customer-profile.js';
import type { SurveyAnswerData } from '../survey-response/survey-response.entity.js';
import type { CustomerProfileCheckIns, CustomerProfileSurveyResponse } from './customer-profile.types.js';

/** Newest responses a profile lists. */
export const PROFILE_SURVEY_RESPONSES = 20;

interface CheckInRow {
  user_id: string;
  count: number;
  store_count: number;
  first_at: Date | string;
  last_at: Date | string;
}

interface ResponseRow {
  id: string;
  user_id: string;
  campaign_id: string;
  submitted_at: Date | string;
  answers: SurveyAnswerData[] | string;
}

const NO_CHECK_INS: CustomerProfileCheckIns = { count: 0, storeCount: 0, firstAt: null, lastAt: null };

/** The engagement subgraph's customer-profile fields, per request. */
export class EngagementProfileService {
  private readonly refs: DataLoader<string, CustomerProfileRef | null>;
  private readonly checkInsByUser: DataLoader<string, CheckInRow | null>;
  private readonly responsesByUser: DataLoader<string, ResponseRow[]>;

  constructor(private readonly ctx: BaseContext) {
    this.refs = profileRefLoader(ctx.em, ctx.principal);
    this.checkInsByUser = keyedLoader<string, CheckInRow>(
      (users) =>
        this.forBusiness(
          users,
          `select ci."user_id", count(*)::int as "count", count(distinct ci."store_id")::int as "store_count",
                  min(ci."checked_in_at") as "first_at", max(ci."checked_in_at") as "last_at"
           from "check_in" ci join "check_in_campaign" cc on cc."id" = ci."campaign_id"
           where cc."business_account_id" = ? and ci."user_id" in (${inList(users)})
           group by ci."user_id"`,
        ),
      (row) => row.user_id,
    );
    this.responsesByUser = groupedLoader<string, ResponseRow>(
      (users) =>
        this.forBusiness(
          users,
          `select "id", "user_id", "campaign_id", "submitted_at", "answers" from (
             select r.*, row_number() over (partition by r."user_id" order by r."submitted_at" desc, r."id" desc) as "n"
             from "survey_response" r join "survey_campaign" sc on sc."id" = r."campaign_id"
             where sc."business_account_id" = ? and not sc."is_anonymous" and r."user_id" in (${inList(users)})
           ) ranked where "n" <= ${PROFILE_SURVEY_RESPONSES} order by "user_id", "submitted_at" desc, "id" desc`,
        ),
      (row) => row.user_id,
    );
  }

  /** Runs `sql` (business first, then the users) for the caller's business; nothing without the scope. */
  private async forBusiness<T>(users: readonly string[], sql: string): Promise<T[]> {
    const businessAccountId = profileReader(this.ctx.principal);
    if (businessAccountId === null || users.length === 0) return [];
    return this.ctx.em.execute<T[]>(sql, [businessAccountId, ...users]);
  }

  /** The profile a reference names, or null unless it is the caller's business's and the caller has crm.profiles.read. */
  reference(id: string): Promise<CustomerProfileRef | null> {
    return this.refs.load(id);
  }

  /** The person's check-ins at the business's campaigns. */
  async checkIns(ref: CustomerProfileRef): Promise<CustomerProfileCheckIns> {
    const row = ref.userId ? await this.checkInsByUser.load(ref.userId) : null;
    if (!row) return NO_CHECK_INS;
    return {
      count: row.count,
      storeCount: row.store_count,
      firstAt: new Date(row.first_at),
      lastAt: new Date(row.last_at),
    };
  }

  /** The person's newest responses to the business's survey campaigns that are not anonymous. */
  async surveyResponses(ref: CustomerProfileRef): Promise<CustomerProfileSurveyResponse[]> {
    const rows = ref.userId ? await this.responsesByUser.load(ref.userId) : [];
    return rows.map((r) => ({
      id: r.id,
      campaignId: r.campaign_id,
      submittedAt: new Date(r.submitted_at),
      answers: (typeof r.answers === 'string' ? (JSON.parse(r.answers) as SurveyAnswerData[]) : r.answers).map((a) => ({
        questionId: a.questionId,
        choices: a.choices ? [...a.choices] : null,
        rating: a.rating ?? null,
        text: a.text ?? null,
      })),
    }));
  }
}
