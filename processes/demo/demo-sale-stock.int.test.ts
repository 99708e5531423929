/**
 * The demo terminal's fresh sale, recorded at every load, sells さくらマート's demo products by their
 * SKUs: once the stores job has run, each load's sale has lowered 渋谷店's floor stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../test/fixtures/migrated-database.js';
import { publishPending } from '../../subgraphs/kernel/events/publisher.js';
import { postPublishedEvents } from '../../subgraphs/stores/inventory/stock-postings.job.js';
import { DEMO_LOCATIONS, DEMO_PRODUCTS } from './demo-catalog.js';
import { DEMO_TERMINAL_ID } from './demo-content.js';
import { loadDemoData } from './demo-data.js';

let db: MigratedDatabase;
beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(() => db.close());

const rows = <T>(query: string, params: unknown[] = []) => db.em().execute<T[]>(query, params);

/** Publishes what is pending, then runs the stores job as the worker does, until it has read everything. */
async function postStock(): Promise<void> {
  await publishPending(db.em(), []);
  const run = () =>
    db.em().transactional((em) => postPublishedEvents({ em, now: new Date(), signal: new AbortController().signal }));
  while ((await run()) !== null);
}

describe('the demo terminal’s sale', () => {
  it('lowers the floor stock of the demo products it sells, at each load', async () => {
    await loadDemoData(db.orm);
    await loadDemoData(db.orm);
    await postStock();
    const sales = await rows<{ sku: string; quantity: number; location_id: string }>(
      `select l."sku", m."quantity", m."location_id" from "stock_movement" m
       join "sales_order_line" l on m."source_ref" = l."order_id" || '/' || l."id"
       join "sales_order" o on o."id" = l."order_id"
       join "transaction" t on t."id" = o."transaction_id"
       join "terminal" d on d."id" = t."terminal_id"
       where d."public_terminal_id" = ? and m."source" = 'order' order by m."id"`,
      [DEMO_TERMINAL_ID],
    );
    const perSale = [
      { sku: 'SM-ONIGIRI-SAKE', quantity: -2, location_id: DEMO_LOCATIONS.shibuyaFloor },
      { sku: 'SM-TEA-500', quantity: -1, location_id: DEMO_LOCATIONS.shibuyaFloor },
    ];
    expect(sales).toEqual([...perSale, ...perSale]);
    const [onigiri] = DEMO_PRODUCTS.filter(([sku]) => sku === 'SM-ONIGIRI-SAKE');
    const [level] = await rows<{ on_hand: number }>(
      `select l."on_hand" from "stock_level" l join "product" p on p."id" = l."product_id"
       where p."sku" = 'SM-ONIGIRI-SAKE' and l."location_id" = ?`,
      [DEMO_LOCATIONS.shibuyaFloor],
    );
    // No demo order sells rice balls: only the two sales moved them.
    expect(level).toEqual({ on_hand: onigiri![6] - 4 });
  });
});
