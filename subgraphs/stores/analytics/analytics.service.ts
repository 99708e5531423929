import { requireBusinessScope } from '../../kernel/auth/access.js';
import { connectionOf, pageArgs, type PageLimits } from '../../kernel/connection.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { mayShowGroup } from '../../kernel/privacy/min-group.js';
import type { AnalyticsSnapshotsArgs } from './analytics.input.js';
import type { AnalyticsSnapshot, AnalyticsSnapshotConnection } from './analytics.types.js';
import { countDayFigures, type DayFigures } from './snapshot-figures.js';
import { daysBetween, parseDay, tokyoDay } from './tokyo-day.js';

/** The scope of every analytics read. */
export const ANALYTICS_SCOPE = 'analytics.read';

/** Most days a range may cover, both ends counted (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;

/** A page holds a month by default, and a whole range at most. */
const PAGE_LIMITS: PageLimits = { defaultSize: 31, maxSize: ANALYTICS_MAX_DAYS };

const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');

const COLUMNS = `"store_id", to_char("day", 'YYYY-MM-DD') as "day", "receipts_issued", "receipts_claimed",
  "receipt_claimers", "check_ins", "check_in_users", "survey_responses", "survey_respondents",
  "coupon_views", "coupon_uses", "flyer_views", "post_views", "computed_at"`;

type StoredRow = Record<string, string | number | Date | null>;

const n = (value: unknown) => Number(value ?? 0);

function storedFigures(row: StoredRow): DayFigures {
  return {
    storeId: String(row.store_id),
    day: String(row.day),
    receiptsIssued: n(row.receipts_issued),
    receiptsClaimed: n(row.receipts_claimed),
    receiptClaimers: n(row.receipt_claimers),
    checkIns: n(row.check_ins),
    checkInUsers: n(row.check_in_users),
    surveyResponses: n(row.survey_responses),
    surveyRespondents: n(row.survey_respondents),
    couponViews: n(row.coupon_views),
    couponUses: row.coupon_uses === null ? null : n(row.coupon_uses),
    flyerViews: n(row.flyer_views),
    postViews: n(row.post_views),
    computedAt: new Date(row.computed_at as string | Date),
  };
}

/**
 * A store's analytics for its business (analytics.read) and the operator: stored snapshots of closed
 * days, and today counted live. Another business's store is NOT_FOUND; figures over fewer people than
 * MIN_GROUP_SIZE are suppressed unless the caller may see them (kernel/privacy/min-group.ts).
 */
export class AnalyticsService {
  constructor(private readonly ctx: BaseContext) {}

  /** The stored snapshots of `storeId` from `from` to `to` (Tokyo days), oldest first, paged. */
  async snapshots(args: AnalyticsSnapshotsArgs): Promise<AnalyticsSnapshotConnection> {
    const businessAccountId = this.caller();
    const v = new Validation();
    const { first, after } = pageArgs(args, ['string'], v, PAGE_LIMITS);
    const [from, to] = [parseDay(args.from), parseDay(args.to)];
    v.check(from !== null, 'from', 'must be a date YYYY-MM-DD').check(to !== null, 'to', 'must be a date YYYY-MM-DD');
    v.throwIfInvalid();
    v.check(from! <= to!, 'from', 'must not be after to');
    v.check(daysBetween(args.from, args.to) <= ANALYTICS_MAX_DAYS, 'to', `at most ${ANALYTICS_MAX_DAYS} days`);
    v.throwIfInvalid();
    await this.ownStore(args.storeId, businessAccountId);
    const rows = await this.ctx.em.execute<StoredRow[]>(
      `select ${COLUMNS} from "analytics_snapshot"
        where "store_id" = ? and "day" >= ?::date and "day" <= ?::date ${after ? 'and "day" > ?::date' : ''}
        order by "day" limit ?`,
      [args.storeId, args.from, args.to, ...(after ?? []), first + 1],
    );
    const nodes = rows.map((row) => this.shown(storedFigures(row), false));
    return connectionOf(nodes, first, (s) => [s.day], after !== null);
  }

  /** Today's figures of `storeId` (the Asia/Tokyo day now), counted live and not stored: partial. */
  async today(storeId: string): Promise<AnalyticsSnapshot> {
    const businessAccountId = this.caller();
    await this.ownStore(storeId, businessAccountId);
    const now = new Date();
    const figures = await countDayFigures(this.ctx.em, storeId, tokyoDay(now), now);
    if (!figures) throw storeNotFound();
    return this.shown(figures, true);
  }

  /** The caller's business (null: the operator, any business), after the scope check. */
  private caller(): string | null {
    if (this.ctx.principal.kind === 'operator') return null;
    return requireBusinessScope(this.ctx.principal, ANALYTICS_SCOPE).businessAccountId;
  }

  /** NOT_FOUND store_not_found unless the store exists and (for a business) is its own. */
  private async ownStore(storeId: string, businessAccountId: string | null): Promise<void> {
    const rows = isUuid(storeId)
      ? await this.ctx.em.execute<{ business_account_id: string }[]>(
          'select "business_account_id" from "store" where "id" = ?',
          [storeId],
        )
      : [];
    const owner = rows[0]?.business_account_id;
    if (!owner || (businessAccountId !== null && owner !== businessAccountId)) throw storeNotFound();
  }

  /** The figures as this caller may see them: each people-counting group shown or suppressed whole. */
  private shown(f: DayFigures, partial: boolean): AnalyticsSnapshot {
    const principal = this.ctx.principal;
    const claims = mayShowGroup(principal, f.receiptClaimers);
    const checkIns = mayShowGroup(principal, f.checkInUsers);
    const surveys = mayShowGroup(principal, f.surveyRespondents);
    const claimRate = f.receiptsIssued === 0 ? null : f.receiptsClaimed / f.receiptsIssued;
    return {
      storeId: f.storeId,
      day: f.day,
      partial,
      computedAt: f.computedAt,
      suppressed: !(claims && checkIns && surveys),
      receiptsIssued: f.receiptsIssued,
      receiptsClaimed: claims ? f.receiptsClaimed : null,
      receiptClaimers: claims ? f.receiptClaimers : null,
      claimRate: claims ? claimRate : null,
      checkIns: checkIns ? f.checkIns : null,
      checkInUsers: checkIns ? f.checkInUsers : null,
      surveyResponses: surveys ? f.surveyResponses : null,
      surveyRespondents: surveys ? f.surveyRespondents : null,
      couponViews: f.couponViews,
      couponUses: f.couponUses,
      flyerViews: f.flyerViews,
      postViews: f.postViews,
    };
  }
}
