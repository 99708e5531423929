/**
 * salesInsights through GraphQL: from 60 days of a store's sales (by SQL, with a known spike), the
 * week-over-week change agrees with salesReport, the spike is the one anomaly, the 14-day forecast is
 * the same on every call and its error is computed on the last 14 days; a store with too little
 * history has no forecast and says why; another business's store is NOT_FOUND.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { failure } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { dailySales, salesApp, salesBusiness, type SalesBusiness } from '../sales-report/sales.fixtures.js';

let service: TestService;
let mine: SalesBusiness;
let theirs: SalesBusiness;

const AS_OF = '2026-05-31'; // a Sunday
/** 60 days ending AS_OF: a weekly pattern with a trend, day 30 (2026-05-02) a spike. */
const REVENUES = Array.from({ length: 60 }, (_, i) =>
  i === 30 ? 900_000 : 100_000 + [10, 0, 5, 8, 20, 60, 50][i % 7]! * 1000 + i * 300 + ((i * 31) % 7) * 400,
);

const INSIGHTS = `query($s: ID!, $asOf: String) { salesInsights(storeId: $s, asOf: $asOf) {
  store { id } asOf currency
  weekOverWeek { currentFrom previousFrom current { revenue transactions } previous { revenue transactions } revenueChange transactionsChange averageBasketChange }
  anomalies { date revenue median mad score direction }
  forecast { method historyDays unavailableReason days { date revenue } error { days from mae mape forecast { date revenue } actual { date revenue } } } } }`;

type Insights = {
  weekOverWeek: Record<string, unknown> & { current: { revenue: number }; previous: { revenue: number } };
  anomalies: { date: string; direction: string; revenue: number }[];
  forecast: {
    historyDays: number;
    unavailableReason: string | null;
    days: { date: string; revenue: number }[];
    error: {
      days: number;
      from: string;
      mae: number;
      mape: number;
      actual: { date: string; revenue: number }[];
      forecast: { revenue: number }[];
    } | null;
  };
};

async function insights(storeId: string, asOf = AS_OF, token = mine.reader): Promise<Insights> {
  const result = await service.graphql(INSIGHTS, { s: storeId, asOf }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.salesInsights as Insights;
}

beforeAll(async () => {
  service = await startOAuthService();
  const app = await salesApp(service);
  [mine, theirs] = [await salesBusiness(service, app), await salesBusiness(service, app)];
  await dailySales(service, mine.stores[0], AS_OF, REVENUES);
  await dailySales(service, mine.stores[1], AS_OF, REVENUES.slice(-20));
});

describe('salesInsights', () => {
  it('compares the last 7 days with the 7 before, as salesReport counts them', async () => {
    const { weekOverWeek } = await insights(mine.stores[0]);
    const sum = (from: number, to: number) => REVENUES.slice(from, to).reduce((s, r) => s + r, 0);
    expect(weekOverWeek).toMatchObject({
      currentFrom: '2026-05-25',
      previousFrom: '2026-05-18',
      current: { revenue: sum(53, 60), transactions: 7 },
      previous: { revenue: sum(46, 53), transactions: 7 },
      revenueChange: Math.round((sum(53, 60) / sum(46, 53) - 1) * 10_000) / 10_000,
      transactionsChange: 0,
    });
    const report = await service.graphql(
      'query($s: ID!) { salesReport(storeId: $s, from: "2026-05-25", to: "2026-05-31") { totals { revenue } } }',
      { s: mine.stores[0] },
      mine.reader,
    );
    expect(report.data!.salesReport).toEqual({ totals: { revenue: weekOverWeek.current.revenue } });
  });

  it('flags the spike, and only it', async () => {
    const { anomalies } = await insights(mine.stores[0]);
    expect(anomalies).toEqual([expect.objectContaining({ date: '2026-05-02', revenue: 900_000, direction: 'high' })]);
  });

  it('forecasts the 14 days after asOf, the same on every call, its error from the last 14 days held back', async () => {
    const first = await insights(mine.stores[0]);
    const again = await insights(mine.stores[0]);
    expect(again.forecast).toEqual(first.forecast);
    const { forecast } = first;
    expect(forecast).toMatchObject({ historyDays: 60, unavailableReason: null });
    expect(forecast.days.map((d) => d.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-06-${String(i + 1).padStart(2, '0')}`),
    );
    expect(forecast.error).toMatchObject({ days: 14, from: '2026-05-18' });
    expect(forecast.error!.actual.map((d) => d.revenue)).toEqual(REVENUES.slice(-14));
    const errors = forecast.error!.actual.map((d, i) => Math.abs(d.revenue - forecast.error!.forecast[i]!.revenue));
    expect(forecast.error!.mae).toBeCloseTo(errors.reduce((s, e) => s + e, 0) / 14, 2);
    expect(forecast.error!.mape).toBeLessThan(25);
  });

  it('gives no forecast with fewer than 35 days of history, and says why', async () => {
    const { forecast } = await insights(mine.stores[1]);
    expect(forecast).toMatchObject({
      historyDays: 20,
      unavailableReason: 'insufficient_history',
      days: [],
      error: null,
    });
  });

  it('answers NOT_FOUND for another business’s store and BAD_USER_INPUT for a bad asOf', async () => {
    const result = await service.graphql(INSIGHTS, { s: theirs.stores[0], asOf: AS_OF }, mine.reader);
    expect(failure(result)).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    for (const asOf of ['2026-13-01', '2999-01-01']) {
      const bad = await service.graphql(INSIGHTS, { s: mine.stores[0], asOf }, mine.reader);
      expect(failure(bad), asOf).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'asOf' }] });
    }
  });
});
