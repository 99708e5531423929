/**
 * Sales reports through GraphQL with real business tokens: a report reconciles with the raw
 * transactions and orders behind it, across the Tokyo day boundary (23:30 and 00:30 JST), each till
 * sale counted once (through its order), cancelled and open orders not at all, a transaction no order
 * describes once; week, month and by-store reports add up to the same; top products and the CSV say
 * the same; another business's store is NOT_FOUND, a token without sales.read FORBIDDEN.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { countQueries, failure, sql, type GraphQLResult } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import {
  orderOf,
  rawSales,
  salesApp,
  salesBusiness,
  tillSale,
  tokyoDate,
  type SalesBusiness,
} from './sales.fixtures.js';

let service: TestService;
let mine: SalesBusiness;
let theirs: SalesBusiness;

const FIGURES = 'revenue transactions units averageBasketAmount itemsPerTransaction';
const REPORT = `query($from: String!, $to: String!, $granularity: SalesGranularity, $storeId: ID, $byStore: Boolean) {
  salesReport(from: $from, to: $to, granularity: $granularity, storeId: $storeId, byStore: $byStore) {
    timeZone granularity from to currency store { id } totals { ${FIGURES} } periods { start end store { id } ${FIGURES} } } }`;
type Figures = { revenue: number; transactions: number; units: number; averageBasketAmount: number | null };
type Report = {
  from: string;
  to: string;
  totals: Figures;
  periods: (Figures & { start: string; end: string; store: { id: string } | null })[];
};

const gql = (query: string, variables: Record<string, unknown>, token: string): Promise<GraphQLResult> =>
  service.graphql(query, variables, token);
async function report(variables: Record<string, unknown>, token = mine.reader): Promise<Report> {
  const result = await gql(REPORT, { from: '2026-03-30', to: '2026-04-05', ...variables }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.salesReport as Report;
}

/** Sets when an order was placed (a manual order is placed when entered). */
const placeAt = (orderId: string, at: string) =>
  sql(service, 'update "sales_order" set "placed_at" = ? where "id" = ?', [at, orderId]);

async function createOrder(paid: boolean): Promise<string> {
  const result = await gql(
    'mutation($input: CreateOrderInput!) { createOrder(input: $input) { id } }',
    {
      input: {
        storeId: mine.stores[1],
        paid,
        lines: [{ name: '弁当', sku: 'BENTO', quantity: 3, unitPrice: 500, taxRateBasisPoints: 800 }],
      },
    },
    mine.orders,
  );
  expect(result.errors).toBeUndefined();
  return (result.data!.createOrder as { id: string }).id;
}

beforeAll(async () => {
  service = await startOAuthService();
  const app = await salesApp(service);
  [mine, theirs] = [await salesBusiness(service, app), await salesBusiness(service, app)];
  const [a, b] = mine.terminals;
  // Tuesday 2026-03-31 23:30 JST and Wednesday 2026-04-01 00:30 JST: one ISO week, two days, two months.
  await tillSale(service, a, '2026-03-31T14:30:00Z');
  await tillSale(service, a, '2026-03-31T15:30:00Z');
  await tillSale(service, b, '2026-04-01T03:00:00Z', {
    totalAmount: 1100,
    items: [
      { name: '弁当', sku: 'BENTO', unitPrice: 600, quantity: 2 },
      { name: '値引き', unitPrice: -100, quantity: 1 },
    ],
    taxes: [{ rateBasisPoints: 800, taxableAmount: 1100, taxAmount: 81 }],
  });
  // A till sale whose order was cancelled (refunded): not a sale any more.
  const refunded = await tillSale(service, a, '2026-04-01T01:00:00Z', {
    totalAmount: 5000,
    items: [{ name: '傘', unitPrice: 5000, quantity: 1 }],
    taxes: [{ rateBasisPoints: 1000, taxableAmount: 5000, taxAmount: 454 }],
  });
  const cancelled = await gql(
    'mutation($id: ID!) { cancelOrder(id: $id, reason: "返品") { status } }',
    { id: await orderOf(service, refunded) },
    mine.orders,
  );
  expect(cancelled.errors).toBeUndefined();
  // A transaction recorded before orders existed (no order describes it): counted as itself.
  const legacy = await tillSale(service, a, '2026-03-31T10:00:00Z', {
    totalAmount: 700,
    items: [{ name: 'パン', unitPrice: 350, quantity: 2 }],
    taxes: [{ rateBasisPoints: 800, taxableAmount: 700, taxAmount: 51 }],
  });
  await sql(service, 'delete from "sales_order" where "transaction_id" = ?', [legacy]);
  // Orders entered by staff: a paid one counts, an open one does not.
  await placeAt(await createOrder(true), '2026-04-01T02:00:00Z');
  await placeAt(await createOrder(false), '2026-04-01T02:30:00Z');
  // Another business's sale on the same day.
  await tillSale(service, theirs.terminals[0], '2026-04-01T03:00:00Z');
});

describe('salesReport', () => {
  it('counts each sale once, on its Tokyo day: 23:30 and 00:30 JST on different days', async () => {
    const days = await report({});
    expect(days).toMatchObject({ from: '2026-03-30', to: '2026-04-05' });
    const byDay = Object.fromEntries(days.periods.map((p) => [p.start, p]));
    expect(byDay['2026-03-31']).toMatchObject({ revenue: 1100 + 700, transactions: 2, units: 3 + 2 });
    expect(byDay['2026-04-01']).toMatchObject({ revenue: 1100 + 1100 + 1500, transactions: 3, units: 3 + 2 + 3 });
    expect(byDay['2026-04-02']).toMatchObject({ revenue: 0, transactions: 0, averageBasketAmount: null });
    expect(days.periods).toHaveLength(7);
    expect(days.totals).toEqual({
      revenue: 5500,
      transactions: 5,
      units: 13,
      averageBasketAmount: 1100,
      itemsPerTransaction: 2.6,
    });
  });

  it('reconciles with the raw transactions and orders, per day, store, week and month', async () => {
    const raw = (await rawSales(service, mine.businessAccountId)).filter((s) => {
      const day = tokyoDate(s.at);
      return day >= '2026-03-30' && day <= '2026-04-05';
    });
    const sum = (sales: typeof raw) => ({
      revenue: sales.reduce((t, s) => t + s.amount, 0),
      transactions: sales.length,
      units: sales.reduce((t, s) => t + s.units, 0),
    });
    const days = await report({});
    for (const period of days.periods)
      expect(period, period.start).toMatchObject(sum(raw.filter((s) => tokyoDate(s.at) === period.start)));
    expect(days.totals).toMatchObject(sum(raw));
    const week = await report({ granularity: 'week' });
    expect(week.periods.map((p) => p.start)).toEqual(['2026-03-30']);
    expect(week.totals).toEqual(days.totals);
    const months = await report({ granularity: 'month' });
    expect(months.periods.map((p) => [p.start, p.end, p.revenue])).toEqual([
      ['2026-03-01', '2026-03-31', sum(raw.filter((s) => tokyoDate(s.at) < '2026-04-01')).revenue],
      ['2026-04-01', '2026-04-30', sum(raw.filter((s) => tokyoDate(s.at) >= '2026-04-01')).revenue],
    ]);
    const byStore = await report({ byStore: true });
    for (const period of byStore.periods)
      expect(period).toMatchObject(
        sum(raw.filter((s) => tokyoDate(s.at) === period.start && s.storeId === period.store!.id)),
      );
    expect(byStore.totals).toEqual(days.totals);
    const one = await report({ storeId: mine.stores[1] });
    expect(one.totals).toMatchObject(sum(raw.filter((s) => s.storeId === mine.stores[1])));
  });

  it('costs the same statements for one day as for 400, by store or not (the stores resolved in one batch)', async () => {
    const query = `query($from: String!, $to: String!, $byStore: Boolean) {
      salesReport(from: $from, to: $to, byStore: $byStore) { periods { start store { id name } } } }`;
    const run = (from: string, to: string, byStore: boolean) => () =>
      gql(query, { from, to, byStore }, mine.reader).then((r) => expect(r.errors).toBeUndefined());
    // By store: 2 stores on one day, 2 stores over 400 days (their rows); else one row per period.
    const oneDay = await countQueries(service, run('2026-04-01', '2026-04-01', true));
    expect(await countQueries(service, run('2025-03-02', '2026-04-05', true))).toBe(oneDay);
    const plainDay = await countQueries(service, run('2026-04-01', '2026-04-01', false));
    expect(await countQueries(service, run('2025-03-02', '2026-04-05', false))).toBe(plainDay);
  });

  it('lists the top products of each period by units, discount lines left out', async () => {
    const result = await gql(
      `query { salesTopProducts(from: "2026-04-01", to: "2026-04-01", top: 2) { periods { start products { rank key sku name units revenue } } } }`,
      {},
      mine.reader,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.salesTopProducts).toEqual({
      periods: [
        {
          start: '2026-04-01',
          products: [
            { rank: 1, key: 'BENTO', sku: 'BENTO', name: '弁当', units: 5, revenue: 2700 },
            { rank: 2, key: 'おにぎり', sku: null, name: 'おにぎり', units: 2, revenue: 300 },
          ],
        },
      ],
    });
  });

  it('exports the report as CSV with the same figures', async () => {
    const result = await gql(
      `query { salesReportCsv(from: "2026-03-31", to: "2026-04-01") { filename contentType rowCount truncated content } }`,
      {},
      mine.reader,
    );
    expect(result.errors).toBeUndefined();
    const csv = result.data!.salesReportCsv as Record<string, string | number>;
    expect(csv).toMatchObject({ contentType: 'text/csv; charset=utf-8', rowCount: 2, truncated: false });
    expect(csv.filename).toMatch(/^sales-day-2026-03-31-2026-04-01-\d{8}\.csv$/);
    expect(String(csv.content).split('\r\n')).toEqual([
      '\uFEFFperiod_start,period_end,store_id,currency,revenue,transactions,units,average_basket_amount,items_per_transaction',
      '2026-03-31,2026-03-31,,JPY,1800,2,5,900,2.5',
      '2026-04-01,2026-04-01,,JPY,3700,3,8,1233.33,2.67',
      '',
    ]);
  });
});

describe('sales access and input', () => {
  it('answers NOT_FOUND for another business’s store, as for an unknown one, and counts none of its sales', async () => {
    for (const storeId of [theirs.stores[0], '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const result = await gql(REPORT, { from: '2026-03-30', to: '2026-04-05', storeId }, mine.reader);
      expect(failure(result), storeId).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    }
    expect((await report({}, theirs.reader)).totals).toMatchObject({ revenue: 1100, transactions: 1 });
  });

  it('refuses a token without sales.read with FORBIDDEN, on every sales operation', async () => {
    for (const query of [
      REPORT,
      'query($from: String!, $to: String!) { salesTopProducts(from: $from, to: $to) { from } }',
      'query($from: String!, $to: String!) { salesReportCsv(from: $from, to: $to) { content } }',
    ]) {
      const result = await gql(query, { from: '2026-03-30', to: '2026-04-05' }, mine.orders);
      expect(failure(result)).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_scope', scope: 'sales.read' });
    }
    const insights = await gql(
      'query($s: ID!) { salesInsights(storeId: $s) { asOf } }',
      { s: mine.stores[0] },
      mine.orders,
    );
    expect(failure(insights)).toMatchObject({ code: 'FORBIDDEN', scope: 'sales.read' });
  });

  it('refuses bad ranges with BAD_USER_INPUT naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
      [{ from: '2025-01-01', to: '2026-02-05' }, 'to'],
    ];
    for (const [range, path] of cases) {
      const result = await gql(REPORT, range, mine.reader);
      expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path }] });
    }
    const top = await gql(
      'query { salesTopProducts(from: "2026-03-01", to: "2026-03-01", top: 0) { from } }',
      {},
      mine.reader,
    );
    expect(failure(top)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'top' }] });
    const currency = await gql(
      'query { salesReport(from: "2026-03-01", to: "2026-03-01", currency: "yen") { from } }',
      {},
      mine.reader,
    );
    expect(failure(currency)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'currency' }] });
  });
});
