/**
 * Inventory refusals and costs: bad input is named and changes nothing, another business's products,
 * locations and stores are not found, a token needs store.inventory.write to post and
 * store.inventory.read to read (Product.stock included), and a page of products with their stock
 * costs the same number of queries for 5 products as for 20.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createLocation, createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { business, countQueries, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let location: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, CATALOG_SCOPES);
  [mine, theirs] = [await business(service, app, CATALOG_SCOPES), await business(service, app, CATALOG_SCOPES)];
  location = await createLocation(service, mine.token);
});

const gql = (query: string, variables: Record<string, unknown>, token = mine.token) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const adjust = (input: Record<string, unknown>, token = mine.token) =>
  gql('mutation($input: AdjustStockInput!) { adjustStock(input: $input) { onHandAfter } }', { input }, token);
const movementCount = async () =>
  (await sql<{ n: number }>(service, 'select count(*)::int as n from "stock_movement"'))[0]!.n;

describe('validation', () => {
  it('names every invalid field and posts nothing', async () => {
    const product = await createProduct(service, mine.token);
    const before = await movementCount();
    const answer = await adjust({ productId: product.id, locationId: location, delta: 0, reason: ' ', reference: '' });
    expect(errorOf(answer)).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((errorOf(answer)!.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'delta',
      'reason',
      'reference',
    ]);
    const transfer = await gql('mutation($input: TransferStockInput!) { transferStock(input: $input) { id } }', {
      input: { productId: product.id, fromLocationId: location, toLocationId: location, quantity: 1_000_001 },
    });
    expect((errorOf(transfer)!.errors as { path: string }[]).map((e) => e.path)).toEqual(['quantity', 'toLocationId']);
    const filter = await gql('{ stockLevels(productId: "nope") { nodes { onHand } } }', {});
    expect(errorOf(filter)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'productId' }] });
    expect(await movementCount()).toBe(before);
  });
});

describe('another business', () => {
  it('cannot post to or read what is not its own: all not found', async () => {
    const product = await createProduct(service, mine.token);
    const theirProduct = await createProduct(service, theirs.token);
    const theirLocation = await createLocation(service, theirs.token);
    const refusals = [
      [
        await adjust({ productId: product.id, locationId: theirLocation, delta: 1, reason: 'x' }, theirs.token),
        'product_not_found',
      ],
      [
        await adjust({ productId: theirProduct.id, locationId: location, delta: 1, reason: 'x' }, theirs.token),
        'location_not_found',
      ],
      [await adjust({ productId: product.id, locationId: theirLocation, delta: 1, reason: 'x' }), 'location_not_found'],
      [
        await gql('{ stockLevels(storeId: "01900000-0000-7000-8000-000000000000") { nodes { onHand } } }', {}),
        'store_not_found',
      ],
    ] as const;
    for (const [answer, reason] of refusals) expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason });
    await adjust({ productId: product.id, locationId: location, delta: 4, reason: '棚卸差異' });
    const theirView = await ok<{ nodes: unknown[] }>(
      service,
      'query($p: ID) { stockLevels(productId: $p) { nodes { onHand } } }',
      { p: product.id },
      theirs.token,
    );
    expect(theirView.nodes).toEqual([]);
    const operator = await adjust(
      { productId: theirProduct.id, locationId: theirLocation, delta: 2, reason: '運用' },
      TEST_OPERATOR_TOKEN,
    );
    expect(operator.data!.adjustStock).toEqual({ onHandAfter: 2 });
  });

  it('needs store.inventory.write to post and store.inventory.read to read, Product.stock included', async () => {
    const readOnly = await business(service, app, ['store.inventory.read', 'store.products.read']);
    const product = await createProduct(service, TEST_OPERATOR_TOKEN, {
      businessAccountId: readOnly.businessAccountId,
    });
    const loc = await createLocation(service, TEST_OPERATOR_TOKEN, { businessAccountId: readOnly.businessAccountId });
    expect(
      errorOf(await adjust({ productId: product.id, locationId: loc, delta: 1, reason: 'x' }, readOnly.token)),
    ).toMatchObject({
      code: 'FORBIDDEN',
      scope: 'store.inventory.write',
    });
    const id = '01900000-0000-7000-8000-000000000000';
    const writes = [
      'mutation { createStockLocation(input: { name: "x", kind: floor }) { id } }',
      `mutation { updateStockLocation(input: { id: "${id}", name: "x" }) { id } }`,
      `mutation { receiveStock(input: { productId: "${product.id}", locationId: "${loc}", quantity: 1 }) { id } }`,
      `mutation { transferStock(input: { productId: "${product.id}", fromLocationId: "${loc}", toLocationId: "${id}", quantity: 1 }) { id } }`,
      `mutation { createStocktake(locationId: "${loc}") { id } }`,
      `mutation { recordStocktakeCounts(stocktakeId: "${id}", counts: [{ productId: "${product.id}", counted: 1 }]) { id } }`,
      `mutation { applyStocktake(id: "${id}") { id } }`,
      `mutation { cancelStocktake(id: "${id}") { id } }`,
    ];
    for (const write of writes)
      expect(errorOf(await gql(write, {}, readOnly.token)), write).toMatchObject({
        code: 'FORBIDDEN',
        scope: 'store.inventory.write',
      });
    const productsOnly = await business(service, app, ['store.products.read']);
    await createProduct(service, TEST_OPERATOR_TOKEN, { businessAccountId: productsOnly.businessAccountId });
    const answer = await gql('{ products { nodes { id stock { onHand } } } }', {}, productsOnly.token);
    expect(errorOf(answer)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.inventory.read' });
    expect((answer.data!.products as { nodes: { stock: unknown }[] }).nodes[0]!.stock).toBeNull();
    for (const query of [
      '{ stockLevels { nodes { onHand } } }',
      '{ stockMovements { nodes { id } } }',
      '{ stockLocations { nodes { id } } }',
      '{ stocktake(id: "01900000-0000-7000-8000-000000000000") { id } }',
    ])
      expect(errorOf(await gql(query, {}, productsOnly.token))).toMatchObject({
        code: 'FORBIDDEN',
        scope: 'store.inventory.read',
      });
  });
});

describe('a product page with its stock', () => {
  it('costs the same number of queries for 5 products as for 20, each with stock at two locations', async () => {
    const owner = await business(service, app, CATALOG_SCOPES);
    const second = await createLocation(service, owner.token);
    const first = await createLocation(service, owner.token);
    for (let i = 0; i < 20; i++) {
      const product = await createProduct(service, owner.token, { name: `商品 ${String(i).padStart(2, '0')}` });
      for (const loc of [first, second])
        await gql(
          'mutation($input: ReceiveStockInput!) { receiveStock(input: $input) { id } }',
          {
            input: { productId: product.id, locationId: loc, quantity: i + 1 },
          },
          owner.token,
        );
    }
    const query = `query($n: Int) { products(first: $n) { nodes { id name storeIds stock { onHand location { name } } } } }`;
    let page: { nodes: { stock: { onHand: number }[] }[] } = { nodes: [] };
    const forFive = await countQueries(service, () => gql(query, { n: 5 }, owner.token));
    const forTwenty = await countQueries(service, async () => {
      page = (await gql(query, { n: 20 }, owner.token)).data!.products as typeof page;
    });
    expect(page.nodes).toHaveLength(20);
    expect(page.nodes[19]!.stock.map((s) => s.onHand)).toEqual([20, 20]);
    expect(forTwenty).toBe(forFive);
  });
});

describe('the stock levels list', () => {
  it('costs the same queries for 5 levels with their product and location as for 20', async () => {
    const owner = await business(service, app, CATALOG_SCOPES);
    const locations = [await createLocation(service, owner.token), await createLocation(service, owner.token)];
    for (let i = 0; i < 10; i++) {
      const product = await createProduct(service, owner.token, { name: `在庫 ${String(i).padStart(2, '0')}` });
      for (const locationId of locations)
        await ok(
          service,
          'mutation($input: ReceiveStockInput!) { receiveStock(input: $input) { id } }',
          { input: { productId: product.id, locationId, quantity: i + 1 } },
          owner.token,
        );
    }
    const query = `query($n: Int) { stockLevels(first: $n) { nodes { onHand product { name } location { name } } } }`;
    type Level = { onHand: number; product: { name: string }; location: { name: string } };
    let levels: Level[] = [];
    const forFive = await countQueries(service, () => gql(query, { n: 5 }, owner.token));
    const forTwenty = await countQueries(service, async () => {
      levels = ((await gql(query, { n: 20 }, owner.token)).data!.stockLevels as { nodes: Level[] }).nodes;
    });
    expect(levels).toHaveLength(20);
    expect(levels.every((l) => l.product.name.startsWith('在庫') && l.location.name.length > 0)).toBe(true);
    expect(forTwenty).toBe(forFive);
  });
});
