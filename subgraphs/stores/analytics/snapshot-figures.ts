/**
 * The figures of a store's Asia/Tokyo day, counted in one statement from the rows of four subgraphs
 * that share the database. Reads across subgraphs are SQL, read-only, of named columns only
 * (decision 0020): receipts' "transaction" (store_id, occurred_at, coupon_ids) and "receipt_claim"
 * (transaction_id, user_id, claimed_at); engagement's "check_in" (store_id, user_id, checked_in_at),
 * "survey_response" (campaign_id, user_id, device_id, respondent_key, submitted_at) and
 * "survey_campaign" (id, store_id); this subgraph's "store" and "content_view_day". The only table
 * written is this module's "analytics_snapshot".
 *
 * Every figure counts rows whose instant falls inside the day (start included, end excluded): the
 * day's receipts, the ones of them claimed before the day ended, check-ins, survey responses, views.
 * A closed day's figures therefore never change unless a row is back-dated, and recomputing writes
 * the same numbers.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { tokyoDayBounds, type Day } from './tokyo-day.js';

/** A store's figures of one day, as counted (before any suppression). */
export interface DayFigures {
  readonly storeId: string;
  readonly day: Day;
  readonly receiptsIssued: number;
  readonly receiptsClaimed: number;
  readonly receiptClaimers: number;
  readonly checkIns: number;
  readonly checkInUsers: number;
  readonly surveyResponses: number;
  readonly surveyRespondents: number;
  readonly couponViews: number;
  /** Coupons used on the day's sales (recordTransaction's couponIds); null only in snapshots computed before uses were recorded. */
  readonly couponUses: number | null;
  readonly flyerViews: number;
  readonly postViews: number;
  readonly computedAt: Date;
}

/** The columns of analytics_snapshot after (store_id, day), in order: the figures and computed_at. */
const FIGURE_COLUMNS = [
  'receipts_issued',
  'receipts_claimed',
  'receipt_claimers',
  'check_ins',
  'check_in_users',
  'survey_responses',
  'survey_respondents',
  'coupon_views',
  'coupon_uses',
  'flyer_views',
  'post_views',
] as const;

/**
 * One row per store (every store, or the one named), with the day's figures (zeros for a quiet day);
 * parameters: the day's end, its start and end four times, the day, then the store id.
 */
const FIGURES_SQL = (oneStore: boolean) => `
  with "tx" as (
    select t."store_id", count(distinct t."id")::int as "issued",
      count(distinct c."transaction_id")::int as "claimed", count(distinct c."user_id")::int as "claimers"
    from "transaction" t
    left join "receipt_claim" c on c."transaction_id" = t."id" and c."claimed_at" < ?
    where t."occurred_at" >= ? and t."occurred_at" < ?
    group by t."store_id"
  ), "cu" as (
    select "store_id", sum(jsonb_array_length("coupon_ids"))::int as "uses"
    from "transaction" where "occurred_at" >= ? and "occurred_at" < ?
    group by "store_id"
  ), "ci" as (
    select "store_id", count(*)::int as "check_ins", count(distinct "user_id")::int as "users"
    from "check_in" where "checked_in_at" >= ? and "checked_in_at" < ?
    group by "store_id"
  ), "sr" as (
    select sc."store_id", count(*)::int as "responses",
      count(distinct coalesce('user:' || r."user_id"::text, 'device:' || r."device_id", r."respondent_key",
        'response:' || r."id"::text))::int as "respondents"
    from "survey_response" r join "survey_campaign" sc on sc."id" = r."campaign_id"
    where r."submitted_at" >= ? and r."submitted_at" < ?
    group by sc."store_id"
  ), "cv" as (
    select "store_id",
      coalesce(sum("views") filter (where "content_kind" = 'coupon'), 0)::int as "coupon",
      coalesce(sum("views") filter (where "content_kind" = 'flyer'), 0)::int as "flyer",
      coalesce(sum("views") filter (where "content_kind" = 'post'), 0)::int as "post"
    from "content_view_day" where "day" = ?::date
    group by "store_id"
  )
  select s."id" as "store_id",
    coalesce(tx."issued", 0) as "receipts_issued", coalesce(tx."claimed", 0) as "receipts_claimed",
    coalesce(tx."claimers", 0) as "receipt_claimers",
    coalesce(ci."check_ins", 0) as "check_ins", coalesce(ci."users", 0) as "check_in_users",
    coalesce(sr."responses", 0) as "survey_responses", coalesce(sr."respondents", 0) as "survey_respondents",
    coalesce(cv."coupon", 0) as "coupon_views", coalesce(cu."uses", 0) as "coupon_uses",
    coalesce(cv."flyer", 0) as "flyer_views", coalesce(cv."post", 0) as "post_views"
  from "store" s
  left join "tx" on tx."store_id" = s."id"
  left join "cu" on cu."store_id" = s."id"
  left join "ci" on ci."store_id" = s."id"
  left join "sr" on sr."store_id" = s."id"
  left join "cv" on cv."store_id" = s."id"
  ${oneStore ? 'where s."id" = ?' : ''}`;

function figuresParams(day: Day, storeId?: string): unknown[] {
  const { start, end } = tokyoDayBounds(day);
  return [end, start, end, start, end, start, end, start, end, day, ...(storeId ? [storeId] : [])];
}

type FigureRow = Record<'store_id' | (typeof FIGURE_COLUMNS)[number], string | number | null>;

const num = (value: string | number | null) => Number(value ?? 0);

function figuresOf(row: FigureRow, day: Day, computedAt: Date): DayFigures {
  return {
    storeId: String(row.store_id),
    day,
    receiptsIssued: num(row.receipts_issued),
    receiptsClaimed: num(row.receipts_claimed),
    receiptClaimers: num(row.receipt_claimers),
    checkIns: num(row.check_ins),
    checkInUsers: num(row.check_in_users),
    surveyResponses: num(row.survey_responses),
    surveyRespondents: num(row.survey_respondents),
    couponViews: num(row.coupon_views),
    couponUses: row.coupon_uses === null ? null : num(row.coupon_uses),
    flyerViews: num(row.flyer_views),
    postViews: num(row.post_views),
    computedAt,
  };
}

/** Counts one store's figures of `day` now (the live figures of today; nothing is written). */
export async function countDayFigures(
  em: EntityManager,
  storeId: string,
  day: Day,
  now: Date,
): Promise<DayFigures | null> {
  const rows = await em.execute<FigureRow[]>(FIGURES_SQL(true), figuresParams(day, storeId));
  return rows[0] ? figuresOf(rows[0], day, now) : null;
}

const UPSERT_SQL = (oneStore: boolean) => `
  insert into "analytics_snapshot" ("store_id", "day", ${FIGURE_COLUMNS.map((c) => `"${c}"`).join(', ')}, "computed_at")
  select f."store_id", ?::date, ${FIGURE_COLUMNS.map((c) => `f."${c}"`).join(', ')}, ?
  from (${FIGURES_SQL(oneStore)}) f
  on conflict ("store_id", "day") do update set
    ${[...FIGURE_COLUMNS, 'computed_at'].map((c) => `"${c}" = excluded."${c}"`).join(', ')}
  returning "store_id"`;

/**
 * Computes and stores `day` for every store (or only `storeId`), in one
 * statement: an upsert on (store_id, day), so running it again writes the same figures (and a new
 * computed_at). Returns how many store rows it wrote.
 */
export async function storeDaySnapshots(em: EntityManager, day: Day, now: Date, storeId?: string): Promise<number> {
  const rows = await em.execute<{ store_id: string }[]>(UPSERT_SQL(storeId !== undefined), [
    day,
    now,
    ...figuresParams(day, storeId),
  ]);
  return rows.length;
}
