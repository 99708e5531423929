import type { BaseContext } from '../../kernel/context.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { Budget, BUDGET_LIMITS } from './budget.entity.js';
import { BudgetSource, type BudgetInput, type EffectiveBudget } from './budget.types.js';

/** Budgets are yen: the service's consumers are in Japan (DECISIONS: Budget, amount in JPY). */
const BUDGET_CURRENCY = 'JPY';
/** Which calendar month "now" is when a caller names none: the month as shoppers in Japan see it. */
export const BUDGET_TIME_ZONE = 'Asia/Tokyo';

export interface CalendarMonth {
  readonly year: number;
  readonly month: number;
}

/** The calendar month of `at` in `timeZone`. */
export function calendarMonthAt(at: Date, timeZone = BUDGET_TIME_ZONE): CalendarMonth {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(at);
  const part = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

const within = (value: number, range: { readonly min: number; readonly max: number }) =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

function checkMonth(validation: Validation, { year, month }: CalendarMonth): Validation {
  const { year: y, month: m } = BUDGET_LIMITS;
  return validation
    .check(within(year, y), 'year', `must be an integer from ${y.min} to ${y.max}`)
    .check(within(month, m), 'month', `must be an integer from ${m.min} to ${m.max}`);
}

/**
 * One statement, so two concurrent settings of one month cannot both insert: the later one wins.
 * Returns the row's update time.
 */
const UPSERT_BUDGET = `insert into "budget" ("id", "created_at", "updated_at", "user_id", "year", "month", "amount")
  values (?, ?::timestamptz, ?::timestamptz, ?, ?, ?, ?)
  on conflict ("user_id", "year", "month") do update set "amount" = excluded."amount", "updated_at" = excluded."updated_at"
  returning "updated_at"`;

/**
 * A consumer's monthly budgets. Methods act for `userId`, a user the caller has already authenticated
 * with the right scope (the resolvers call `requireUserScope` first).
 */
export class BudgetService {
  constructor(private readonly ctx: BaseContext) {}

  /**
   * The effective budget of a month (default: the current month in Japan): the one set for it, else
   * the latest earlier month's, else none. BAD_USER_INPUT (validation_failed) for a month out of range.
   */
  async effective(userId: string, asked: Partial<CalendarMonth>): Promise<EffectiveBudget> {
    const now = calendarMonthAt(new Date());
    const month = { year: asked.year ?? now.year, month: asked.month ?? now.month };
    checkMonth(new Validation(), month).throwIfInvalid();
    // The unique (user_id, year, month) index read backwards from this month: one row at most.
    const row = await this.ctx.em.findOne(
      Budget,
      { userId, $or: [{ year: { $lt: month.year } }, { year: month.year, month: { $lte: month.month } }] },
      { orderBy: [{ year: 'desc' }, { month: 'desc' }] },
    );
    if (!row)
      return {
        ...month,
        amount: null,
        currency: BUDGET_CURRENCY,
        source: BudgetSource.none,
        setFor: null,
        updatedAt: null,
      };
    const source =
      row.year === month.year && row.month === month.month ? BudgetSource.this_month : BudgetSource.earlier_month;
    return {
      ...month,
      amount: row.amount,
      currency: BUDGET_CURRENCY,
      source,
      setFor: { year: row.year, month: row.month },
      updatedAt: row.updatedAt,
    };
  }

  /** Sets (or replaces) the budget of a month; BAD_USER_INPUT naming every invalid field. */
  async set(userId: string, input: BudgetInput): Promise<EffectiveBudget> {
    const { amount } = BUDGET_LIMITS;
    checkMonth(new Validation(), input)
      .check(within(input.amount, amount), 'amount', `must be an integer from ${amount.min} to ${amount.max} (yen)`)
      .throwIfInvalid();
    const now = new Date().toISOString();
    const params = [uuidv7(), now, now, userId, input.year, input.month, input.amount];
    // A user id of a deleted account (its row is a tombstone, its grants revoked) cannot get here.
    const rows = await withConstraintErrors(
      { foreignKey: () => new NotFoundError('The account does not exist.', 'user_not_found') },
      () => this.ctx.em.execute<{ updated_at: Date | string }[]>(UPSERT_BUDGET, params),
    );
    const [row] = rows;
    if (!row) throw new Error('The budget upsert returned no row.');
    return {
      year: input.year,
      month: input.month,
      amount: input.amount,
      currency: BUDGET_CURRENCY,
      source: BudgetSource.this_month,
      setFor: { year: input.year, month: input.month },
      updatedAt: new Date(row.updated_at),
    };
  }
}
