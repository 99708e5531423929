import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { storeBusinessAccountId } from '../receipt-events.js';
import { dateOf, nextPeriod, periodStarts, SALES_TIME_ZONE, salesRange, type SalesRange } from './sales-calendar.js';
import { reportCsv } from './sales-csv.js';
import {
  salesByPeriod,
  topProducts,
  type ProductRow,
  type SalesFilter,
  type SalesRow,
  type Statement,
} from './sales-query.js';
import type {
  SalesFigures,
  SalesProductReport,
  SalesReport,
  SalesReportArgs,
  SalesReportCsv,
} from './sales-report.types.js';

/** The scope of every sales report and insight. */
export const SALES_READ_SCOPE = 'sales.read';
/** Most products per period in a top list. */
export const MAX_TOP = 50;

/** A store the caller's business does not own (or no store): NOT_FOUND, whichever it is. */
export const storeNotFound = () => new NotFoundError('No store of this business has this id.', 'store_not_found');

/**
 * Runs a report statement in a transaction with JIT compilation off. PostgreSQL's JIT switches on by
 * the planner's cost, which the per-sale subqueries of a month of sales exceed at once, and then spent
 * 2.3 s compiling a statement that runs in well under one (npm run bench, BENCH_ONLY=sales).
 */
export function runReport<T>(em: BaseContext['em'], statement: Statement): Promise<T[]> {
  return em.transactional(async (tx) => {
    await tx.execute('set local jit = off');
    return tx.execute<T[]>(statement.sql, statement.params);
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The figures of `transactions` sales with `revenue` and `units`. */
export function figures(transactions: number, revenue: number, units: number): SalesFigures {
  return {
    transactions,
    revenue,
    units,
    averageBasketAmount: transactions > 0 ? round2(revenue / transactions) : null,
    itemsPerTransaction: transactions > 0 ? round2(units / transactions) : null,
  };
}

/** A checked report request: the caller's business, the store if any, the range. */
export interface ReportScope {
  readonly filter: SalesFilter;
  readonly range: SalesRange;
}

/**
 * Sales reports of a business (sales.read): store sales aggregates, not people, so no figure is a
 * group of people to suppress. A business token reads only its own stores; another business's store
 * is NOT_FOUND store_not_found.
 */
export class SalesReportService {
  constructor(private readonly ctx: BaseContext) {}

  /** Checks the caller first, then the arguments, then that the store is the business's. */
  async scope(args: SalesReportArgs, v = new Validation()): Promise<ReportScope> {
    const { businessAccountId } = requireBusinessScope(this.ctx.principal, SALES_READ_SCOPE);
    v.check(/^[A-Z]{3}$/.test(args.currency), 'currency', 'must be an ISO 4217 code such as JPY');
    const range = salesRange(args.from, args.to, args.granularity, v);
    const storeId = args.storeId ?? null;
    if (storeId !== null) {
      const owner = isUuid(storeId) ? await storeBusinessAccountId(this.ctx.em, storeId) : null;
      if (owner !== businessAccountId) throw storeNotFound();
    }
    return {
      range,
      filter: { businessAccountId, storeId, currency: args.currency, start: range.start, end: range.end },
    };
  }

  /** Revenue, transactions and basket size per period (and per store when `byStore`). */
  async report(args: SalesReportArgs, byStore: boolean): Promise<SalesReport> {
    const { filter, range } = await this.scope(args);
    const statement = salesByPeriod(filter, range.granularity, byStore);
    const rows = await runReport<SalesRow>(this.ctx.em, statement);
    return assembleReport(filter, range, rows, byStore);
  }

  /** The `top` best-selling products of each period. */
  async topProducts(args: SalesReportArgs, top: number): Promise<SalesProductReport> {
    const v = new Validation().check(Number.isInteger(top) && top >= 1 && top <= MAX_TOP, 'top', `1 to ${MAX_TOP}`);
    const { filter, range } = await this.scope(args, v);
    const statement = topProducts(filter, range.granularity, top);
    const rows = await runReport<ProductRow>(this.ctx.em, statement);
    return {
      granularity: range.granularity,
      from: range.from,
      to: range.to,
      periods: periodStarts(range).map((day) => {
        const start = dateOf(day);
        return {
          start,
          end: dateOf(nextPeriod(day, range.granularity) - 1),
          products: rows
            .filter((row) => row.period === start)
            .map((row) => ({
              rank: Number(row.rank),
              key: row.product_key,
              sku: row.sku,
              name: row.name,
              units: Number(row.units),
              revenue: Number(row.revenue),
            })),
        };
      }),
    };
  }

  /** The report as CSV: one row per period (and store), the figures as columns. */
  async csv(args: SalesReportArgs, byStore: boolean): Promise<SalesReportCsv> {
    return reportCsv(await this.report(args, byStore), new Date());
  }
}

/** The report of the rows: every period (zeros included), or by store the rows there are. */
export function assembleReport(
  filter: SalesFilter,
  range: SalesRange,
  rows: readonly SalesRow[],
  byStore: boolean,
): SalesReport {
  const endOf = (start: string) => dateOf(nextPeriod(Date.parse(start) / 86_400_000, range.granularity) - 1);
  const figuresOf = (row: SalesRow | undefined) =>
    figures(Number(row?.transactions ?? 0), Number(row?.revenue ?? 0), Number(row?.units ?? 0));
  const periods = byStore
    ? rows.map((row) => ({
        ...figuresOf(row),
        start: row.period,
        end: endOf(row.period),
        store: row.store_id ? { id: row.store_id } : null,
      }))
    : periodStarts(range).map((day) => {
        const start = dateOf(day);
        return { ...figuresOf(rows.find((row) => row.period === start)), start, end: endOf(start), store: null };
      });
  const sum = (pick: (row: SalesRow) => string | number) => rows.reduce((total, row) => total + Number(pick(row)), 0);
  return {
    timeZone: SALES_TIME_ZONE,
    granularity: range.granularity,
    from: range.from,
    to: range.to,
    currency: filter.currency,
    store: filter.storeId ? { id: filter.storeId } : null,
    totals: figures(
      sum((row) => row.transactions),
      sum((row) => row.revenue),
      sum((row) => row.units),
    ),
    periods,
  };
}
