/** The demo business hours: loaded with the demo data, once, and answering open-now as the types promise. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../test/fixtures/migrated-database.js';
import { BusinessHoursService } from '../../subgraphs/stores/business-hours/business-hours.service.js';
import { ShopAppService } from '../../subgraphs/stores/shop-app/shop-app.service.js';
import { StoreService } from '../../subgraphs/stores/store/store.service.js';
import { DEMO_STORES, loadDemoData } from './demo-data.js';
import { loadDemoHours } from './demo-hours.js';

let db: MigratedDatabase;
beforeAll(async () => {
  db = await openMigratedDatabase();
  await loadDemoData(db.orm);
});
afterAll(() => db.close());

const count = async (table: string) =>
  Number((await db.em().execute<{ n: string }[]>(`select count(*) as "n" from "${table}"`))[0]!.n);
const storeNamed = async (name: string) =>
  (await db.em().execute<{ id: string }[]>('select "id" from "store" where "name" = ?', [name]))[0]!.id;
const info = (storeId: string, now: Date) => {
  const ctx = db.context();
  return new BusinessHoursService(ctx, new StoreService(ctx), new ShopAppService(ctx)).businessInfo(storeId, 366, now);
};

describe('demo business hours', () => {
  it('gives every demo store seven weekdays and two special days', async () => {
    expect(await count('store_weekly_hours')).toBe(DEMO_STORES.length * 7);
    expect(await count('store_special_day')).toBe(DEMO_STORES.length * 2);
  });

  it('opens a café past midnight on Friday and keeps its lunch break (Asia/Tokyo)', async () => {
    const cafe = await storeNamed('カフェ・ミドリ 祇園');
    // Saturday 2026-11-28 00:30 in Tokyo: Friday's 17:00 to 01:00 still runs.
    expect(await info(cafe, new Date('2026-11-27T15:30:00Z'))).toMatchObject({
      openNow: true,
      nextChange: new Date('2026-11-27T16:00:00Z'),
    });
    // Wednesday 2026-11-25 15:00 in Tokyo: between 11:00-14:00 and 17:00-22:00.
    expect(await info(cafe, new Date('2026-11-25T06:00:00Z'))).toMatchObject({
      openNow: false,
      nextChange: new Date('2026-11-25T08:00:00Z'),
    });
  });

  it('closes on New Year’s Day, even a convenience store open around the clock', async () => {
    const konbini = await storeNamed('さくらマート エクスプレス 丸の内');
    const [newYear] = await db
      .em()
      .execute<{ date: string }[]>(
        `select to_char("date", 'YYYY-MM-DD') as "date" from "store_special_day" where "store_id" = ? and "closed"`,
        [konbini],
      );
    const result = await info(konbini, new Date(`${newYear!.date}T05:00:00+09:00`));
    expect(newYear!.date).toMatch(/-01-01$/);
    expect(result.openNow).toBe(false);
    expect(result.specialDays[0]).toMatchObject({ closed: true, note: '元日' });
  });

  it('adds nothing twice and keeps what a business changed', async () => {
    const cafe = await storeNamed('カフェ・ミドリ 鎌倉');
    await db
      .em()
      .execute(`update "store_weekly_hours" set "intervals" = '[]' where "store_id" = ? and "weekday" = 3`, [cafe]);
    await loadDemoData(db.orm);
    await loadDemoHours(db.em(), [{ id: cafe, storeType: 'cafe' }]);
    expect(await count('store_weekly_hours')).toBe(DEMO_STORES.length * 7);
    const rows = await db
      .em()
      .execute<{ intervals: unknown[] }[]>(
        'select "intervals" from "store_weekly_hours" where "store_id" = ? and "weekday" = 3',
        [cafe],
      );
    expect(rows[0]!.intervals).toEqual([]);
  });
});
