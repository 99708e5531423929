/**
 * What the insights page shows, read with the signed-in owner's access token through the facade's
 * executor: the business's stores with sales, today's figures of one store (analyticsToday), its last
 * 30 closed days (salesReport by day, analyticsSnapshots) and its insights (salesInsights: week over
 * week, anomalies, the 14-day forecast with its error on held-back days). One GraphQL operation: the
 * gateway plans it over the receipts and stores subgraphs.
 */
import type { GraphQLExecutor } from '../kernel/executor.js';
import { problemFromGraphQLError, type ProblemInput } from '../kernel/problem.js';
import type { Outcome } from './operations.js';

/** Days of history the page charts. */
export const HISTORY_DAYS = 30;

const STORES = `query DashboardInsightStores($from: String!, $to: String!) {
  salesReport(from: $from, to: $to, granularity: day, byStore: true) { periods { revenue store { id name } } }
}`;

const INSIGHTS = `query DashboardInsights($storeId: ID!, $from: String!, $to: String!, $today: String!) {
  today: analyticsToday(storeId: $storeId) {
    day receiptsIssued receiptsClaimed claimRate checkIns surveyResponses couponViews flyerViews postViews suppressed
  }
  todaySales: salesReport(from: $today, to: $today, granularity: day, storeId: $storeId) { totals { revenue transactions } }
  sales: salesReport(from: $from, to: $to, granularity: day, storeId: $storeId) {
    store { id name }
    periods { start revenue transactions }
  }
  snapshots: analyticsSnapshots(storeId: $storeId, from: $from, to: $to, first: 31) {
    edges { node { day receiptsIssued receiptsClaimed checkIns } }
  }
  insights: salesInsights(storeId: $storeId, asOf: $to) {
    weekOverWeek { revenueChange transactionsChange averageBasketChange }
    anomalies { date revenue median direction }
    forecast { method historyDays unavailableReason days { date revenue } error { days mae mape } }
  }
}`;

/** A store the owner can look at. */
export interface InsightStore {
  readonly id: string;
  readonly name: string;
}

/** Today's figures of the store (null: suppressed for a small group). */
export interface TodayFigures {
  readonly day: string;
  readonly revenue: number;
  readonly transactions: number;
  readonly receiptsIssued: number;
  readonly receiptsClaimed: number | null;
  readonly claimRate: number | null;
  readonly checkIns: number | null;
  readonly surveyResponses: number | null;
  readonly couponViews: number;
  readonly flyerViews: number;
  readonly postViews: number;
}

/** One closed day of the chart. */
export interface DayFigures {
  readonly day: string;
  readonly revenue: number;
  readonly transactions: number;
  readonly receiptsIssued: number | null;
  readonly receiptsClaimed: number | null;
  readonly checkIns: number | null;
}

/** The page's data for one store. */
export interface StoreInsights {
  readonly store: InsightStore;
  readonly today: TodayFigures;
  readonly days: readonly DayFigures[];
  readonly weekOverWeek: {
    readonly revenueChange: number | null;
    readonly transactionsChange: number | null;
    readonly averageBasketChange: number | null;
  };
  readonly anomalies: readonly { date: string; revenue: number; median: number; direction: string }[];
  readonly forecast: {
    readonly method: string;
    readonly historyDays: number;
    readonly unavailableReason: string | null;
    readonly days: readonly { date: string; revenue: number }[];
    readonly error: { days: number; mae: number; mape: number | null } | null;
  };
}

/** YYYY-MM-DD of `date` in Asia/Tokyo. */
export function tokyoDay(date: Date): string {
  return new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) moved by `days`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The closed days the page charts: the 30 days before today (Asia/Tokyo). */
export function historyRange(now: Date): { from: string; to: string; today: string } {
  const today = tokyoDay(now);
  return { from: addDays(today, -HISTORY_DAYS), to: addDays(today, -1), today };
}

interface StoresData {
  salesReport: { periods: { revenue: number; store: InsightStore | null }[] };
}

interface InsightsData {
  today: Omit<TodayFigures, 'revenue' | 'transactions'>;
  todaySales: { totals: { revenue: number; transactions: number } };
  sales: { store: InsightStore | null; periods: { start: string; revenue: number; transactions: number }[] };
  snapshots: {
    edges: { node: { day: string; receiptsIssued: number; receiptsClaimed: number | null; checkIns: number | null } }[];
  };
  insights: Pick<StoreInsights, 'weekOverWeek' | 'anomalies' | 'forecast'>;
}

/** The stores with sales in the charted days, best first: the ones the page offers. */
export function storesBySales(data: StoresData): InsightStore[] {
  const revenue = new Map<string, { store: InsightStore; revenue: number }>();
  for (const period of data.salesReport.periods) {
    if (!period.store) continue;
    const entry = revenue.get(period.store.id) ?? { store: period.store, revenue: 0 };
    entry.revenue += period.revenue;
    revenue.set(period.store.id, entry);
  }
  return [...revenue.values()].sort((a, b) => b.revenue - a.revenue).map((e) => e.store);
}

/** Joins the sales of each charted day with its stored snapshot (null where none was computed yet). */
export function insightsOf(data: InsightsData, storeId: string): StoreInsights {
  const snapshots = new Map(data.snapshots.edges.map((e) => [e.node.day, e.node]));
  return {
    store: data.sales.store ?? { id: storeId, name: storeId },
    today: { ...data.today, ...data.todaySales.totals },
    days: data.sales.periods.map((p) => {
      const snapshot = snapshots.get(p.start);
      return {
        day: p.start,
        revenue: p.revenue,
        transactions: p.transactions,
        receiptsIssued: snapshot?.receiptsIssued ?? null,
        receiptsClaimed: snapshot?.receiptsClaimed ?? null,
        checkIns: snapshot?.checkIns ?? null,
      };
    }),
    weekOverWeek: data.insights.weekOverWeek,
    anomalies: data.insights.anomalies,
    forecast: data.insights.forecast,
  };
}

/** The page's reads, for one request with the owner's access token. */
export class InsightsReader {
  constructor(
    private readonly executor: GraphQLExecutor,
    private readonly accessToken: string,
    private readonly requestId: string,
    private readonly clientIp: string | undefined,
  ) {}

  private async run<T>(document: string, variables: Record<string, unknown>): Promise<Outcome<T>> {
    const result = await this.executor.execute({
      document,
      operationName: /query (\w+)/.exec(document)?.[1] ?? '',
      variables,
      authorization: `Bearer ${this.accessToken}`,
      requestId: this.requestId,
      clientIp: this.clientIp,
    });
    const error = result.errors?.[0];
    if (!error && result.data) return { ok: true, data: result.data as T };
    const problem: ProblemInput = error
      ? problemFromGraphQLError(error)
      : { status: 500, code: 'internal_error', detail: 'The operation returned no data.' };
    return { ok: false, problem };
  }

  /** The stores with sales in the 30 days before today, best first. */
  async stores(now: Date): Promise<Outcome<InsightStore[]>> {
    const { from, to } = historyRange(now);
    const result = await this.run<StoresData>(STORES, { from, to });
    return result.ok ? { ok: true, data: storesBySales(result.data) } : result;
  }

  /** Everything the page shows of one store. */
  async insights(storeId: string, now: Date): Promise<Outcome<StoreInsights>> {
    const result = await this.run<InsightsData>(INSIGHTS, { storeId, ...historyRange(now) });
    return result.ok ? { ok: true, data: insightsOf(result.data, storeId) } : result;
  }
}
