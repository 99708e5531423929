/**
 * A till's sale carries SKUs, so it lowers stock (issue 14 item 2): a partner app's business token
 * records a sale at a terminal of its store with an item naming a product's SKU; the item keeps its
 * SKU, the sale's order line gets it, and the stores job `stores.stock-postings` lowers the product's
 * level on the store's floor by the quantity exactly once, however often it runs. Another business's
 * product of the same SKU does not move; a malformed SKU is refused and records nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createLocation, createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { runJobUntilDone, unreadBy } from '../../../test/fixtures/jobs.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal } from '../../../test/fixtures/receipts.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { STOCK_POSTINGS_JOB, stockPostingsJob } from '../../stores/inventory/stock-postings.job.js';

const SCOPES = [...CATALOG_SCOPES, 'store.receipts.write'];
const SKU = `TILL-RICE-${process.pid}`;
let service: TestService;
let mine: Business;
let terminal: string;
let rice: string;
let floor: string;
let backroom: string;
let theirRice: string;
let theirFloor: string;

const RECORD = `mutation($input: RecordTransactionInput!) {
  recordTransaction(input: $input) { transaction { id items { name unitPrice quantity sku } } }
}`;

/** `quantity` of `productId` received at `locationId` by `token`. */
const receive = (token: string, productId: string, locationId: string, quantity: number) =>
  ok(
    service,
    'mutation($input: ReceiveStockInput!) { receiveStock(input: $input) { id } }',
    { input: { productId, locationId, quantity } },
    token,
  );

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, SCOPES);
  const theirs = await business(service, app, SCOPES);
  mine = await business(service, app, SCOPES);
  const store = await createStore(service, mine.businessAccountId);
  terminal = await createTerminal(service, store);
  rice = (await createProduct(service, mine.token, { sku: SKU, name: 'おにぎり 鮭', priceAmount: 150 })).id;
  // The backroom first: the sale leaves the floor, not the store's first location.
  backroom = await createLocation(service, mine.token, { name: 'バックヤード', kind: 'backroom', storeId: store });
  floor = await createLocation(service, mine.token, { name: '売場', kind: 'floor', storeId: store });
  for (const location of [floor, backroom]) await receive(mine.token, rice, location, 10);
  theirRice = (await createProduct(service, theirs.token, { sku: SKU })).id;
  theirFloor = await createLocation(service, theirs.token, {
    kind: 'floor',
    storeId: await createStore(service, theirs.businessAccountId),
  });
  await receive(theirs.token, theirRice, theirFloor, 10);
});

const levelOf = async (productId: string, locationId: string) =>
  (
    await sql<{ on_hand: number }>(
      service,
      'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ?',
      [productId, locationId],
    )
  )[0]?.on_hand;

/** The stores job, until it has read every event written so far (the worker's part). */
const postStock = () => runJobUntilDone(service, stockPostingsJob(60_000), unreadBy(STOCK_POSTINGS_JOB));

describe('a till sale with a SKU', () => {
  it('keeps the SKU on the item and the order line, and lowers the floor stock by the quantity once', async () => {
    const recorded = await ok<{ transaction: { id: string; items: unknown[] } }>(
      service,
      RECORD,
      {
        input: {
          publicTerminalId: terminal,
          totalAmount: 455,
          items: [
            { name: 'おにぎり 鮭', unitPrice: 150, quantity: 3, sku: ` ${SKU} ` },
            { name: 'レジ袋', unitPrice: 5, quantity: 1 },
          ],
        },
      },
      mine.token,
    );
    expect(recorded.transaction.items).toEqual([
      { name: 'おにぎり 鮭', unitPrice: 150, quantity: 3, sku: SKU },
      { name: 'レジ袋', unitPrice: 5, quantity: 1, sku: null },
    ]);
    const lines = await sql<{ sku: string | null; quantity: number }>(
      service,
      `select l."sku", l."quantity" from "sales_order_line" l join "sales_order" o on o."id" = l."order_id"
       where o."transaction_id" = ? order by l."position"`,
      [recorded.transaction.id],
    );
    expect(lines).toEqual([
      { sku: SKU, quantity: 3 },
      { sku: null, quantity: 1 },
    ]);
    await postStock();
    expect(await levelOf(rice, floor)).toBe(7);
    // Run again, the events read again (the cursor set back, as after a restore): nothing is posted twice.
    await sql(service, `update "outbox_consumer_cursor" set "last_seq" = 0 where "consumer" = 'stores.stock-postings'`);
    await postStock();
    expect(await levelOf(rice, floor)).toBe(7);
    expect(await levelOf(rice, backroom)).toBe(10);
    expect(await levelOf(theirRice, theirFloor)).toBe(10);
    const sales = await sql<{ kind: string; quantity: number; location_id: string }>(
      service,
      `select "kind", "quantity", "location_id" from "stock_movement" where "product_id" = ? and "source" = 'order'`,
      [rice],
    );
    expect(sales).toEqual([{ kind: 'sale', quantity: -3, location_id: floor }]);
  });

  it('refuses a SKU the catalogue would refuse, and records nothing', async () => {
    const count = async () =>
      (await sql<{ n: number }>(service, 'select count(*)::int as "n" from "transaction"'))[0]!.n;
    const before = await count();
    const answer = await service.graphql(
      RECORD,
      {
        input: {
          publicTerminalId: terminal,
          totalAmount: 150,
          items: [{ name: 'おにぎり', unitPrice: 150, quantity: 1, sku: 'おにぎり/鮭' }],
        },
      },
      mine.token,
    );
    expect(errorOf(answer)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'items.0.sku' }] });
    expect(await count()).toBe(before);
  });
});
