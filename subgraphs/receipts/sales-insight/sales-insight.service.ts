import { requireBusinessScope } from '../../kernel/auth/access.js';
import type { BaseContext } from '../../kernel/context.js';
import { Validation } from '../../kernel/errors.js';
import { dateOf, dayNumber, SalesGranularity, tokyoDay } from '../sales-report/sales-calendar.js';
import { salesByPeriod, type SalesRow } from '../sales-report/sales-query.js';
import {
  assembleReport,
  figures,
  runReport,
  SALES_READ_SCOPE,
  type SalesReportService,
} from '../sales-report/sales-report.service.js';
import type { SalesFigures, SalesPeriod } from '../sales-report/sales-report.types.js';
import { findAnomalies } from './anomaly.js';
import { FORECAST_METHOD, forecastRevenue, HOLDOUT_DAYS } from './forecast.js';
import type { SalesForecast, SalesInsights, SalesWeekOverWeek } from './sales-insight.types.js';

/** Days of history read: 26 weeks. */
export const HISTORY_DAYS = 182;
/** Days (ending asOf) whose anomalies are listed. */
export const ANOMALY_DAYS = 90;

const change = (current: number | null, previous: number | null) =>
  current === null || previous === null || previous === 0
    ? null
    : Math.round((current / previous - 1) * 10_000) / 10_000;

/** The figures of a run of days. */
function sumOf(days: readonly SalesPeriod[]): SalesFigures {
  return figures(
    days.reduce((s, d) => s + d.transactions, 0),
    days.reduce((s, d) => s + d.revenue, 0),
    days.reduce((s, d) => s + d.units, 0),
  );
}

/** The last 7 days against the 7 before them (`days`: consecutive, the last one asOf). */
function weekOverWeek(days: readonly SalesPeriod[]): SalesWeekOverWeek {
  const current = days.slice(-7);
  const previous = days.slice(-14, -7);
  const [now, before] = [sumOf(current), sumOf(previous)];
  return {
    currentFrom: current[0]!.start,
    current: now,
    previousFrom: previous[0]!.start,
    previous: before,
    revenueChange: change(now.revenue, before.revenue),
    transactionsChange: change(now.transactions, before.transactions),
    averageBasketChange: change(now.averageBasketAmount, before.averageBasketAmount),
  };
}

/** The forecast of a store's daily history (from its first sale), dated after `lastDay`. */
function forecastOf(history: readonly SalesPeriod[], lastDay: number): SalesForecast {
  const forecast = forecastRevenue(history.map((d) => d.revenue));
  const base = { method: FORECAST_METHOD, historyDays: history.length };
  if (!forecast.available) return { ...base, unavailableReason: forecast.reason, days: [], error: null };
  const held = history.slice(-HOLDOUT_DAYS);
  const dated = (values: readonly number[], first: number) =>
    values.map((revenue, i) => ({ date: dateOf(first + i), revenue }));
  return {
    ...base,
    unavailableReason: null,
    days: dated(forecast.values, lastDay + 1),
    error: {
      days: forecast.error.days,
      from: held[0]!.start,
      mae: forecast.error.mae,
      mape: forecast.error.mape,
      forecast: dated(forecast.error.forecast, dayNumber(held[0]!.start)!),
      actual: dated(forecast.error.actual, dayNumber(held[0]!.start)!),
    },
  };
}

/**
 * Insights of one store's sales (sales.read): week-over-week change, anomalous days and a 14-day
 * forecast, from the daily figures of salesReport (the same sales, counted the same way).
 */
export class SalesInsightService {
  constructor(
    private readonly ctx: BaseContext,
    private readonly reports: SalesReportService,
  ) {}

  /** The insights of `storeId` up to `asOf` (default: yesterday in Tokyo, the last whole day). */
  async insights(storeId: string, asOf: string | null | undefined, currency: string): Promise<SalesInsights> {
    requireBusinessScope(this.ctx.principal, SALES_READ_SCOPE);
    const today = tokyoDay(new Date());
    const last = asOf ? dayNumber(asOf) : today - 1;
    const v = new Validation()
      .check(last !== null, 'asOf', 'must be a calendar date, YYYY-MM-DD (Asia/Tokyo)')
      .check(last === null || last <= today, 'asOf', 'must not be after today (Asia/Tokyo)');
    v.throwIfInvalid();
    const args = {
      from: dateOf(last! - HISTORY_DAYS + 1),
      to: dateOf(last!),
      granularity: SalesGranularity.day,
      storeId,
      currency,
    };
    const { filter, range } = await this.reports.scope(args, v);
    const statement = salesByPeriod(filter, SalesGranularity.day, false);
    const rows = await runReport<SalesRow>(this.ctx.em, statement);
    const days = assembleReport(filter, range, rows, false).periods;
    const firstSale = days.findIndex((d) => d.transactions > 0);
    const history = firstSale < 0 ? [] : days.slice(firstSale);
    const listedFrom = Math.max(0, history.length - ANOMALY_DAYS);
    return {
      store: { id: storeId },
      asOf: dateOf(last!),
      currency,
      weekOverWeek: weekOverWeek(days),
      anomalies: findAnomalies(
        history.map((d) => d.revenue),
        listedFrom,
      ).map((a) => ({
        date: history[a.index]!.start,
        revenue: a.value,
        median: a.median,
        mad: a.mad,
        score: Number.isFinite(a.score) ? Math.round(a.score * 100) / 100 : null,
        direction: a.score > 0 ? 'high' : 'low',
      })),
      forecast: forecastOf(history, last!),
    };
  }
}
