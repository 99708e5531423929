/**
 * Inventory through GraphQL with real business tokens: locations, goods received, adjustments with
 * reasons, transfers whose two legs post together or not at all, levels that equal the sum of the
 * append-only ledger, inventory.updated in the outbox with each movement, idempotent references,
 * another business's records not found, scopes enforced, and a product page with its stock at a
 * constant number of queries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createLocation, createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let myStore: string;
let floor: string;
let warehouse: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, CATALOG_SCOPES);
  [mine, theirs] = [await business(service, app, CATALOG_SCOPES), await business(service, app, CATALOG_SCOPES)];
  myStore = await createStore(service, mine.businessAccountId);
  floor = await createLocation(service, mine.token, { name: '渋谷店 売場', kind: 'floor', storeId: myStore });
  warehouse = await createLocation(service, mine.token, { name: '倉庫', kind: 'warehouse' });
});

const MOVEMENT = 'id productId locationId quantity kind reason transferId source sourceRef actor onHandAfter';
const gql = (query: string, variables: Record<string, unknown>, token = mine.token) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const adjust = (input: Record<string, unknown>, token = mine.token) =>
  gql(`mutation($input: AdjustStockInput!) { adjustStock(input: $input) { ${MOVEMENT} } }`, { input }, token);
const receive = (input: Record<string, unknown>, token = mine.token) =>
  gql(`mutation($input: ReceiveStockInput!) { receiveStock(input: $input) { ${MOVEMENT} } }`, { input }, token);
const transfer = (input: Record<string, unknown>, token = mine.token) =>
  gql(`mutation($input: TransferStockInput!) { transferStock(input: $input) { ${MOVEMENT} } }`, { input }, token);
const levelsOf = async (productId: string) =>
  (
    await ok<{ nodes: { locationId: string; onHand: number }[] }>(
      service,
      'query($p: ID) { stockLevels(productId: $p) { nodes { locationId onHand } } }',
      { p: productId },
      mine.token,
    )
  ).nodes;
const ledger = (productId: string) =>
  sql<{ location_id: string; sum: number }>(
    service,
    'select "location_id", sum("quantity")::int as "sum" from "stock_movement" where "product_id" = ? group by 1',
    [productId],
  );

describe('stock locations', () => {
  it('are listed by name, changed, unique by name, and placed only at the business’s own stores', async () => {
    const page = await ok<{ nodes: { id: string; name: string; storeId: string | null }[] }>(
      service,
      '{ stockLocations(first: 10) { nodes { id name storeId } } }',
      {},
      mine.token,
    );
    expect(page.nodes).toEqual([
      { id: warehouse, name: '倉庫', storeId: null },
      { id: floor, name: '渋谷店 売場', storeId: myStore },
    ]);
    const update = (input: Record<string, unknown>, token = mine.token) =>
      gql(
        'mutation($input: UpdateStockLocationInput!) { updateStockLocation(input: $input) { name kind storeId } }',
        { input },
        token,
      );
    const spare = await createLocation(service, mine.token, { name: '予備', kind: 'backroom' });
    expect((await update({ id: spare, name: '予備室', storeId: myStore })).data!.updateStockLocation).toEqual({
      name: '予備室',
      kind: 'backroom',
      storeId: myStore,
    });
    expect(errorOf(await update({ id: spare, name: '倉庫' }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'location_name_taken',
    });
    expect(errorOf(await update({ id: spare, name: 'x' }, theirs.token))).toMatchObject({ code: 'NOT_FOUND' });
    const create = (input: Record<string, unknown>) =>
      gql(
        'mutation($input: CreateStockLocationInput!) { createStockLocation(input: $input) { id } }',
        { input },
        theirs.token,
      );
    expect(errorOf(await create({ name: 'x', kind: 'floor', storeId: myStore }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'store_not_found',
    });
  });
});

describe('the stock ledger', () => {
  it('receives, adjusts and transfers; each level is the sum of its movements, each movement an event', async () => {
    const product = await createProduct(service, mine.token);
    const received = await receive({ productId: product.id, locationId: warehouse, quantity: 30, reason: '納品書 1' });
    expect(received.data!.receiveStock).toMatchObject({
      kind: 'receipt',
      quantity: 30,
      onHandAfter: 30,
      source: 'api.receive',
    });
    expect((received.data!.receiveStock as { actor: string }).actor).toBe(`app:${app.clientId}`);
    const adjusted = await adjust({ productId: product.id, locationId: warehouse, delta: -2, reason: '破損' });
    expect(adjusted.data!.adjustStock).toMatchObject({ kind: 'adjustment', reason: '破損', onHandAfter: 28 });
    const moved = await transfer({
      productId: product.id,
      fromLocationId: warehouse,
      toLocationId: floor,
      quantity: 10,
    });
    const legs = moved.data!.transferStock as {
      kind: string;
      quantity: number;
      transferId: string;
      onHandAfter: number;
    }[];
    expect(legs).toMatchObject([
      { kind: 'transfer_out', quantity: -10, onHandAfter: 18 },
      { kind: 'transfer_in', quantity: 10, onHandAfter: 10 },
    ]);
    expect(legs[0]!.transferId).toBe(legs[1]!.transferId);

    expect(await levelsOf(product.id)).toEqual(
      [
        { locationId: floor, onHand: 10 },
        { locationId: warehouse, onHand: 18 },
      ].sort((a, b) => a.locationId.localeCompare(b.locationId)),
    );
    const sums = Object.fromEntries((await ledger(product.id)).map((r) => [r.location_id, r.sum]));
    expect(sums).toEqual({ [floor]: 10, [warehouse]: 18 });

    const events = await sql<{ payload: Record<string, unknown> }>(
      service,
      `select "payload" from "outbox_event" where "type" = 'inventory.updated' and "payload"->>'productId' = ? order by "id"`,
      [product.id],
    );
    expect(events.map((e) => e.payload)).toMatchObject([
      { sku: product.sku, locationId: warehouse, storeId: null, delta: 30, onHand: 30, kind: 'receipt' },
      { locationId: warehouse, delta: -2, onHand: 28, kind: 'adjustment' },
      { locationId: warehouse, delta: -10, onHand: 18, kind: 'transfer_out' },
      { locationId: floor, storeId: myStore, delta: 10, onHand: 10, kind: 'transfer_in' },
    ]);

    const history = await ok<{ nodes: { kind: string }[]; pageInfo: { endCursor: string } }>(
      service,
      'query($p: ID) { stockMovements(productId: $p, first: 3) { nodes { kind } pageInfo { endCursor } } }',
      { p: product.id },
      mine.token,
    );
    expect(history.nodes.map((n) => n.kind)).toEqual(['transfer_in', 'transfer_out', 'adjustment']);
    const older = await ok<{ nodes: { kind: string }[] }>(
      service,
      'query($p: ID, $a: String) { stockMovements(productId: $p, after: $a) { nodes { kind } } }',
      { p: product.id, a: history.pageInfo.endCursor },
      mine.token,
    );
    expect(older.nodes.map((n) => n.kind)).toEqual(['receipt']);
  });

  it('refuses to go below zero without backorder, and a transfer that would changes nothing', async () => {
    const product = await createProduct(service, mine.token);
    await receive({ productId: product.id, locationId: warehouse, quantity: 5 });
    expect(
      errorOf(await adjust({ productId: product.id, locationId: warehouse, delta: -6, reason: '紛失' })),
    ).toMatchObject({
      code: 'CONFLICT',
      reason: 'insufficient_stock',
    });
    expect(
      errorOf(await transfer({ productId: product.id, fromLocationId: warehouse, toLocationId: floor, quantity: 6 })),
    ).toMatchObject({ code: 'CONFLICT', reason: 'insufficient_stock' });
    expect(await levelsOf(product.id)).toEqual([{ locationId: warehouse, onHand: 5 }]);
    expect(await ledger(product.id)).toEqual([{ location_id: warehouse, sum: 5 }]);

    const backorder = await createProduct(service, mine.token, { allowsBackorder: true });
    const sold = await adjust({ productId: backorder.id, locationId: floor, delta: -3, reason: '予約販売' });
    expect(sold.data!.adjustStock).toMatchObject({ onHandAfter: -3 });
  });

  it('posts a reference once: the second call answers the recorded movement', async () => {
    const product = await createProduct(service, mine.token);
    const input = { productId: product.id, locationId: warehouse, quantity: 7, reference: 'DELIVERY-42' };
    const first = await receive(input);
    const second = await receive(input);
    expect(second.data!.receiveStock).toEqual(first.data!.receiveStock);
    expect(await ledger(product.id)).toEqual([{ location_id: warehouse, sum: 7 }]);
  });

  it('keeps the ledger append-only: rows cannot be changed or deleted', async () => {
    const product = await createProduct(service, mine.token);
    await receive({ productId: product.id, locationId: warehouse, quantity: 1 });
    await expect(
      sql(service, 'update "stock_movement" set "quantity" = 100 where "product_id" = ?', [product.id]),
    ).rejects.toThrow(/append-only/);
    await expect(sql(service, 'delete from "stock_movement" where "product_id" = ?', [product.id])).rejects.toThrow(
      /append-only/,
    );
    await sql(service, 'delete from "product" where "id" = ?', [product.id]);
    expect(await ledger(product.id)).toEqual([]);
  });
});
