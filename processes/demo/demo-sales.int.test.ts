/**
 * The demo sales history: 42 Tokyo days ending yesterday at three stores of さくらマート, topped up
 * (never doubled) on later starts, and enough for salesInsights to forecast and find the busy day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../test/fixtures/migrated-database.js';
import { loadEnv } from '../../subgraphs/kernel/env.js';
import { SalesReportService } from '../../subgraphs/receipts/sales-report/sales-report.service.js';
import { SalesInsightService } from '../../subgraphs/receipts/sales-insight/sales-insight.service.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';
import { DEMO_SALES_DAYS, loadDemoSales } from './demo-sales.js';

let db: MigratedDatabase;
beforeAll(async () => {
  db = await openMigratedDatabase();
  await loadDemoData(db.orm);
});
afterAll(() => db.close());

const DAY = 24 * 3600 * 1000;
const tokyoDate = (at: number) => new Date(at + 9 * 3600 * 1000).toISOString().slice(0, 10);

/** Sales per store and Tokyo day of the three demo stores. */
const perDay = () =>
  db.em().execute<{ store_id: string; day: string; n: number }[]>(
    `select "store_id", to_char("occurred_at" at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as "day", count(*)::int as "n"
       from "transaction" where "store_id" in (?, ?, ?) and "occurred_at" < now() - interval '1 hour'
       group by 1, 2 order by 1, 2`,
    [demoId(2, 1), demoId(2, 2), demoId(2, 3)],
  );

describe('demo sales', () => {
  it('covers the 42 days ending yesterday at 渋谷店, 新宿店 and 池袋店, and a second load adds nothing', async () => {
    const days = await perDay();
    const yesterday = tokyoDate(Date.now() - DAY);
    const first = tokyoDate(Date.now() - DEMO_SALES_DAYS * DAY);
    for (const store of [demoId(2, 1), demoId(2, 2), demoId(2, 3)]) {
      const mine = days.filter((d) => d.store_id === store && d.day >= first && d.day <= yesterday);
      expect(mine, store).toHaveLength(DEMO_SALES_DAYS);
      expect(mine.every((d) => d.n >= 9)).toBe(true);
    }
    expect(await loadDemoSales(db.em())).toBe(0);
  });

  it('adds the days missing at a later start, each once', async () => {
    const count = async () =>
      (await db.em().execute<{ n: number }[]>('select count(*)::int as "n" from "transaction"'))[0]!.n;
    const before = await count();
    const added = await loadDemoSales(db.em(), new Date(Date.now() + 2 * DAY));
    expect(added).toBeGreaterThan(0);
    expect(await count()).toBe(before + added);
    expect(await loadDemoSales(db.em(), new Date(Date.now() + 2 * DAY))).toBe(0);
  });

  it('gives salesInsights a forecast and the busy day at 渋谷店 ten days ago', async () => {
    const ctx = {
      requestId: 'test',
      em: db.em(),
      env: loadEnv({}),
      principal: {
        kind: 'business' as const,
        businessAccountId: demoId(1, 1),
        userId: demoId(0x10, 2),
        clientId: 'test',
        grantId: 'test',
        scopes: new Set(['sales.read']),
        expiresAt: new Date(Date.now() + 3600_000),
      },
    };
    const asOf = tokyoDate(Date.now() - DAY);
    const insights = await new SalesInsightService(ctx, new SalesReportService(ctx)).insights(
      demoId(2, 1),
      asOf,
      'JPY',
    );
    expect(insights.forecast).toMatchObject({ unavailableReason: null, historyDays: expect.any(Number) });
    expect(insights.forecast.days).toHaveLength(14);
    expect(insights.forecast.error!.mape).toBeLessThan(50);
    expect(insights.anomalies.map((a) => a.date)).toContain(tokyoDate(Date.now() - 10 * DAY));
  });
});
