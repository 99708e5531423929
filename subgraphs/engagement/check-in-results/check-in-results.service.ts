import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { toCsv } from '../../kernel/csv/csv.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { BadUserInputError, ForbiddenError, NotFoundError } from '../../kernel/errors.js';
import { CSV_CONTENT_TYPE, CSV_EXPORT_MAX_ROWS, type CsvExport } from '../campaign/csv-export.types.js';
import { dayRange, type DayRange } from './check-in-range.js';
import type { CheckInDayCount, CheckInResults, CheckInResultsFilter } from './check-in-results.types.js';

const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');
const campaignNotFound = () =>
  new NotFoundError('No check-in campaign of this business has this id.', 'campaign_not_found');

/** The rows counted: a SQL condition on "check_in" "c" and its parameters, and the day range. */
interface Selection {
  readonly where: string;
  readonly params: unknown[];
  readonly range: DayRange;
}

interface CountRow {
  readonly store_id: string | null;
  readonly local_date: string | null;
  readonly check_ins: number;
  readonly unique_users: number;
}

/**
 * Per store and day and over the whole range in one statement: the empty grouping set is the total
 * row (store_id null), present even when nothing was counted.
 */
const COUNTS = (where: string) => `
  select "c"."store_id", to_char("c"."local_date", 'YYYY-MM-DD') as "local_date",
    cast(count(*) as int) as "check_ins", cast(count(distinct "c"."user_id") as int) as "unique_users"
  from "check_in" "c" where ${where}
  group by grouping sets (("c"."store_id", "c"."local_date"), ())
  order by "c"."local_date" nulls first, "c"."store_id"`;

/** The export's rows, with the store's name (the stores table is in the same database). */
const EXPORT_ROWS = (where: string) => `
  select to_char("c"."local_date", 'YYYY-MM-DD') as "local_date", "c"."store_id", "s"."name" as "store_name",
    cast(count(*) as int) as "check_ins", cast(count(distinct "c"."user_id") as int) as "unique_users"
  from "check_in" "c" join "store" "s" on "s"."id" = "c"."store_id" where ${where}
  group by "c"."local_date", "c"."store_id", "s"."name"
  order by "c"."local_date", "c"."store_id" limit ?`;

export const CHECK_IN_RESULTS_CSV_HEADER = ['local_date', 'store_id', 'store_name', 'check_ins', 'unique_users'];

/**
 * Check-in results of a business: counts per store and store-local day, distinct users, and a CSV of
 * the same. A business token (store.campaigns.read) sees its own campaigns and stores only; another
 * business's are answered as not found. The operator names a business or a campaign. No user id
 * ever leaves this service.
 */
export class CheckInResultsService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts per store and day (only days with check-ins) and the totals of the range. */
  async results(filter: CheckInResultsFilter): Promise<CheckInResults> {
    const { where, params, range } = await this.select(filter);
    const rows = await this.ctx.em.execute<CountRow[]>(COUNTS(where), params);
    const total = rows.find((row) => row.store_id === null);
    const days: CheckInDayCount[] = rows
      .filter((row) => row.store_id !== null)
      .map((row) => ({
        store: { id: row.store_id! },
        storeId: row.store_id!,
        localDate: row.local_date!,
        checkIns: row.check_ins,
        uniqueUsers: row.unique_users,
      }));
    return { ...range, checkIns: total?.check_ins ?? 0, uniqueUsers: total?.unique_users ?? 0, days };
  }

  /** The same counts as CSV: local_date, store_id, store_name, check_ins, unique_users. */
  async csv(filter: CheckInResultsFilter): Promise<CsvExport> {
    const { where, params, range } = await this.select(filter);
    const rows = await this.ctx.em.execute<(CountRow & { store_name: string })[]>(EXPORT_ROWS(where), [
      ...params,
      CSV_EXPORT_MAX_ROWS + 1,
    ]);
    const kept = rows.slice(0, CSV_EXPORT_MAX_ROWS);
    return {
      filename: `check-ins-${range.from}-${range.to}.csv`,
      contentType: CSV_CONTENT_TYPE,
      rowCount: kept.length,
      truncated: rows.length > kept.length,
      content: toCsv(
        CHECK_IN_RESULTS_CSV_HEADER,
        kept.map((r) => [r.local_date, r.store_id, r.store_name, r.check_ins, r.unique_users]),
      ),
    };
  }

  /** Checks the caller and the filters (ownership first, then dates) and builds the condition. */
  private async select(filter: CheckInResultsFilter): Promise<Selection> {
    const business = await this.business(filter);
    const conditions: string[] = [];
    const params: unknown[] = [];
    const add = (condition: string, value: unknown) => {
      conditions.push(condition);
      params.push(value);
    };
    if (business !== null)
      add(`"c"."campaign_id" in (select "id" from "check_in_campaign" where "business_account_id" = ?)`, business);
    if (filter.campaignId) {
      await this.checkOwner('check_in_campaign', filter.campaignId, business, campaignNotFound);
      add(`"c"."campaign_id" = ?`, filter.campaignId);
    }
    if (filter.storeId) {
      await this.checkOwner('store', filter.storeId, business, storeNotFound);
      add(`"c"."store_id" = ?`, filter.storeId);
    }
    const range = dayRange(filter.from, filter.to, this.now());
    conditions.push(`"c"."local_date" between cast(? as date) and cast(? as date)`);
    params.push(range.from, range.to);
    return { where: conditions.join(' and '), params, range };
  }

  /** The business whose check-ins are counted; null only for the operator naming a campaign. */
  private async business({ businessAccountId, campaignId }: CheckInResultsFilter): Promise<string | null> {
    const principal = this.ctx.principal;
    if (principal.kind !== 'operator') {
      const own = requireBusinessScope(principal, 'store.campaigns.read').businessAccountId;
      if (businessAccountId && businessAccountId !== own)
        throw new ForbiddenError('A business token acts only for its own business account.', 'other_business');
      return own;
    }
    if (!businessAccountId && !campaignId)
      throw new BadUserInputError('The operator names a business account or a campaign.', [
        { path: 'businessAccountId', message: 'required for the operator unless campaignId is given' },
      ]);
    if (businessAccountId && !isUuid(businessAccountId))
      throw new BadUserInputError('businessAccountId is not an id.', [
        { path: 'businessAccountId', message: 'must be a UUID' },
      ]);
    return businessAccountId ?? null;
  }

  /** Throws `notFound` unless the row exists and (when `business` is set) belongs to it. */
  private async checkOwner(
    table: 'store' | 'check_in_campaign',
    id: string,
    business: string | null,
    notFound: () => NotFoundError,
  ): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const rows = await this.ctx.em.execute<{ business_account_id: string }[]>(
      `select "business_account_id" from "${table}" where "id" = ?`,
      [id],
    );
    const owner = rows[0]?.business_account_id;
    if (!owner || (business !== null && owner !== business)) throw notFound();
  }
}
