/** The demo products and stock: loaded with the demo data, once, each level explained by the ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../test/fixtures/migrated-database.js';
import { DEMO_LOCATIONS, DEMO_PRODUCTS, loadDemoCatalog } from './demo-catalog.js';
import { loadDemoData } from './demo-data.js';

let db: MigratedDatabase;
beforeAll(async () => {
  db = await openMigratedDatabase();
  await loadDemoData(db.orm);
});
afterAll(() => db.close());

const rows = <T>(query: string) => db.em().execute<T[]>(query);

describe('demo products and stock', () => {
  it('gives さくらマート its products at 渋谷店 with stock on the floor and in the warehouse, once', async () => {
    await loadDemoCatalog(db.em());
    await loadDemoData(db.orm);
    expect(await rows<{ n: number }>(`select count(*)::int as "n" from "product"`)).toEqual([
      { n: DEMO_PRODUCTS.length },
    ]);
    expect(await rows<{ n: number }>(`select count(*)::int as "n" from "product_store"`)).toEqual([
      { n: DEMO_PRODUCTS.length },
    ]);
    const levels = await rows<{ sku: string; location_id: string; on_hand: number; ledger: number }>(
      `select p."sku", l."location_id", l."on_hand",
         (select sum(m."quantity")::int from "stock_movement" m where m."product_id" = l."product_id" and m."location_id" = l."location_id") as "ledger"
       from "stock_level" l join "product" p on p."id" = l."product_id" order by p."sku", l."location_id"`,
    );
    const expected = DEMO_PRODUCTS.flatMap(([sku, , , , , , floor, warehouse]) =>
      [
        { sku, location_id: DEMO_LOCATIONS.shibuyaFloor, on_hand: floor, ledger: floor },
        { sku, location_id: DEMO_LOCATIONS.warehouse, on_hand: warehouse, ledger: warehouse },
      ].filter((level) => level.on_hand > 0),
    ).sort((a, b) => a.sku.localeCompare(b.sku) || a.location_id.localeCompare(b.location_id));
    expect(levels).toEqual(expected);
    expect(new Set(levels.map((l) => l.location_id))).toEqual(new Set(Object.values(DEMO_LOCATIONS)));
  });
});
