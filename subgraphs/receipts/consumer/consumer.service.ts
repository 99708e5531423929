import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { Validation } from '../../kernel/errors.js';
import type { BudgetService, CalendarMonth } from '../budget/budget.service.js';
import type { ClaimChannel } from '../claim/claim.types.js';
import type { MonthlySpending, UserReceiptPage } from './consumer.types.js';

/** Page sizes of the user's receipts (DECISIONS paging: below 1 is a 400, above the cap clamped). */
export const RECEIPT_PAGE = { defaultSize: 20, maxSize: 100 } as const;
/** Japan has kept UTC+9 without daylight saving since 1951: a month there starts at 15:00 UTC the day before. */
const JAPAN_OFFSET_MS = 9 * 3600_000;

/** When a calendar month in Japan starts and ends, as instants. */
export function japanMonthBounds({ year, month }: CalendarMonth): { from: Date; to: Date } {
  return {
    from: new Date(Date.UTC(year, month - 1, 1) - JAPAN_OFFSET_MS),
    to: new Date(Date.UTC(year, month, 1) - JAPAN_OFFSET_MS),
  };
}

interface Cursor {
  readonly claimedAt: string;
  readonly id: string;
}

/** Opaque to callers: where the last page ended, (claimed_at, id) of its last row. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.claimedAt, cursor.id])).toString('base64url');
}

/** The cursor, or null when it is not one this service made. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [claimedAt, id] = value as unknown[];
    if (typeof claimedAt !== 'string' || typeof id !== 'string' || !isUuid(id)) return null;
    return Number.isNaN(Date.parse(claimedAt)) ? null : { claimedAt, id };
  } catch {
    return null;
  }
}

interface ClaimRow {
  readonly id: string;
  readonly claimed_at: Date | string;
  readonly channel: ClaimChannel | null;
  readonly transaction_id: string;
}

/** Keyset paging on the (user_id, claimed_at) index, newest first, ties broken by id. */
export const RECEIPT_PAGE_SQL = (after: boolean) => `select "id", "claimed_at", "channel", "transaction_id"
  from "receipt_claim"
  where "user_id" = ? and "transaction_id" is not null
  ${after ? 'and ("claimed_at", "id") < (?::timestamptz, ?::uuid)' : ''}
  order by "claimed_at" desc, "id" desc
  limit ?`;

/** The month's JPY receipts of the user, per store, by the time of the sale. */
const SPENDING_SQL = `select t."store_id", sum(t."total_amount")::int as "total", count(*)::int as "receipts"
  from "receipt_claim" c join "transaction" t on t."id" = c."transaction_id"
  where c."user_id" = ? and t."currency" = 'JPY' and t."occurred_at" >= ?::timestamptz and t."occurred_at" < ?::timestamptz
  group by t."store_id"
  order by "total" desc, t."store_id"`;

/**
 * The consumer's side of receipts: the receipts they claimed and what they spent. Methods act for
 * `userId`, a user the resolvers have authenticated with the right scope.
 */
export class ConsumerReceiptsService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly budgets: BudgetService,
  ) {}

  /** One page of the user's receipts; BAD_USER_INPUT for `first` below 1 or a cursor it did not make. */
  async receipts(
    userId: string,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<UserReceiptPage> {
    const size = Math.min(first ?? RECEIPT_PAGE.defaultSize, RECEIPT_PAGE.maxSize);
    const cursor = after ? decodeCursor(after) : null;
    new Validation()
      .check(size >= 1, 'first', 'must be 1 or more')
      .check(!after || cursor !== null, 'after', 'must be a nextCursor this API returned')
      .throwIfInvalid();
    const params: unknown[] = [userId, ...(cursor ? [cursor.claimedAt, cursor.id] : []), size + 1];
    const rows = await this.ctx.em.execute<ClaimRow[]>(RECEIPT_PAGE_SQL(cursor !== null), params);
    const items = rows.slice(0, size).map((row) => ({
      claimId: row.id,
      claimedAt: new Date(row.claimed_at),
      channel: row.channel,
      transactionId: row.transaction_id,
    }));
    const last = items.at(-1);
    const nextCursor =
      rows.length > size && last ? encodeCursor({ claimedAt: last.claimedAt.toISOString(), id: last.claimId }) : null;
    return { items, nextCursor };
  }

  /** The user's spending in a month in Japan beside its effective budget; BAD_USER_INPUT for a bad month. */
  async spending(userId: string, asked: Partial<CalendarMonth>): Promise<MonthlySpending> {
    const budget = await this.budgets.effective(userId, asked);
    const month = { year: budget.year, month: budget.month };
    const { from, to } = japanMonthBounds(month);
    const rows = await this.ctx.em.execute<{ store_id: string; total: number; receipts: number }[]>(SPENDING_SQL, [
      userId,
      from.toISOString(),
      to.toISOString(),
    ]);
    const total = rows.reduce((sum, row) => sum + row.total, 0);
    return {
      ...month,
      currency: 'JPY',
      total,
      receiptCount: rows.reduce((sum, row) => sum + row.receipts, 0),
      byStore: rows.map((row) => ({ store: { id: row.store_id }, total: row.total, receiptCount: row.receipts })),
      budget,
      remaining: budget.amount === null ? null : budget.amount - total,
    };
  }
}
