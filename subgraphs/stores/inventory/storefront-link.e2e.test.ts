/**
 * Storefront inventory reaches the stock ledger: a business links a shop's inventory item to a product
 * and the shop's location to a stock location; the shop's signed inventory_levels/update delivery,
 * processed by the receipts worker and published, sets the linked level through one `storefront sync`
 * adjustment of the difference; an unlinked item moves nothing, nor does the ledger's own
 * inventory.updated. The link mutations: bad input named, another business's product or location not
 * found, a token without store.inventory.write refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createLocation, createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { runJobUntilDone, unreadBy } from '../../../test/fixtures/jobs.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { sendStorefrontWebhook } from '../../../test/fixtures/storefront.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { storefrontWebhooksJob } from '../../receipts/storefront/storefront-processing.js';
import { STOCK_POSTINGS_JOB, stockPostingsJob } from './stock-postings.job.js';

const SCOPES = [...CATALOG_SCOPES, 'store.orders.write'];
let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, SCOPES);
  [mine, theirs] = [await business(service, app, SCOPES), await business(service, app, SCOPES)];
});

const LINK_ITEM =
  'mutation($i: LinkStorefrontItemInput!) { linkStorefrontItem(input: $i) { businessAccountId shopDomain inventoryItemId productId } }';
const LINK_LOCATION =
  'mutation($i: LinkStorefrontLocationInput!) { linkStorefrontLocation(input: $i) { shopDomain storefrontLocationId locationId } }';
const UNLINK_ITEM = 'mutation($i: UnlinkStorefrontItemInput!) { unlinkStorefrontItem(input: $i) }';
const UNLINK_LOCATION = 'mutation($i: UnlinkStorefrontLocationInput!) { unlinkStorefrontLocation(input: $i) }';
const gql = (query: string, i: Record<string, unknown>, token = mine.token) => service.graphql(query, { i }, token);

/** A shop installed for `mine` at a new store with a floor location. */
async function installedShop() {
  const storeId = await createStore(service, mine.businessAccountId);
  const floor = await createLocation(service, mine.token, { storeId });
  const shop = { domain: `shop-${randomUUID().slice(0, 8)}.myshopify.com`, secret: `shpss_${randomUUID()}` };
  await ok(
    service,
    'mutation($i: InstallShopInput!) { installShop(input: $i) { id } }',
    { i: { shopDomain: shop.domain, secret: shop.secret, storeId } },
    mine.token,
  );
  return { ...shop, floor };
}

/** An inventory_levels/update delivery, signed as Shopify signs it. */
function sendLevel(shop: { domain: string; secret: string }, item: number, location: number, available: number) {
  const body = { inventory_item_id: item, location_id: location, available, updated_at: new Date().toISOString() };
  return send(shop, 'inventory', 'inventory_levels/update', body);
}

/** A delivery of `topic` to `/api/v1/webhooks/storefront/{path}`, signed as Shopify signs it. */
const send = (shop: { domain: string; secret: string }, path: string, topic: string, payload: object) =>
  sendStorefrontWebhook(service, shop, path, topic, payload);

/**
 * What the worker does, until done: the receipts worker applies the deliveries, then the stores job
 * posts until it has read every event written so far.
 */
async function work(): Promise<void> {
  await runJobUntilDone(
    service,
    storefrontWebhooksJob(60_000),
    'select count(*)::int as "n" from "storefront_webhook" where "processed_at" is null',
  );
  await runJobUntilDone(service, stockPostingsJob(60_000), unreadBy(STOCK_POSTINGS_JOB));
}

const levelOf = async (productId: string, locationId: string) =>
  (
    await sql<{ on_hand: number }>(
      service,
      'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ?',
      [productId, locationId],
    )
  )[0]?.on_hand;
const movementsOf = (productId: string) =>
  sql<{ kind: string; quantity: number; reason: string; source: string; source_ref: string }>(
    service,
    'select "kind", "quantity", "reason", "source", "source_ref" from "stock_movement" where "product_id" = ? order by "id"',
    [productId],
  );

describe('a storefront inventory webhook', () => {
  it('sets the level of a linked item at the linked location, and an unlinked one moves nothing', async () => {
    const shop = await installedShop();
    const [product, unlinked] = [await createProduct(service, mine.token), await createProduct(service, mine.token)];
    const item = await ok(
      service,
      LINK_ITEM,
      { i: { shopDomain: shop.domain.toUpperCase(), inventoryItemId: '1001', productId: product.id } },
      mine.token,
    );
    expect(item).toEqual({
      businessAccountId: mine.businessAccountId,
      shopDomain: shop.domain,
      inventoryItemId: '1001',
      productId: product.id,
    });
    await ok(
      service,
      LINK_LOCATION,
      { i: { shopDomain: shop.domain, storefrontLocationId: '2002', locationId: shop.floor } },
      mine.token,
    );
    await sendLevel(shop, 1001, 2002, 7);
    await sendLevel(shop, 1009, 2002, 50);
    await work();
    expect(await levelOf(product.id, shop.floor)).toBe(7);
    await sendLevel(shop, 1001, 2002, 4);
    await work();
    // The next run reads only the ledger's own inventory.updated: it posts nothing more.
    await work();
    expect(await levelOf(product.id, shop.floor)).toBe(4);
    expect(await levelOf(unlinked.id, shop.floor)).toBeUndefined();
    const webhooks = await sql<{ id: string }>(
      service,
      `select w."id" from "storefront_webhook" w join "shop_installation" s on s."id" = w."installation_id"
       where s."shop_domain" = ? and w."kind" = 'inventory' order by w."received_at", w."id"`,
      [shop.domain],
    );
    const movements = await movementsOf(product.id);
    expect(movements.map((m) => [m.kind, m.quantity, m.reason, m.source])).toEqual([
      ['adjustment', 7, 'storefront sync', 'storefront'],
      ['adjustment', -3, 'storefront sync', 'storefront'],
    ]);
    expect(webhooks.map((w) => w.id)).toEqual(expect.arrayContaining(movements.map((m) => m.source_ref)));
  });
});

describe('a storefront order', () => {
  it('lowers the stock of the products its lines name by SKU at the store’s floor, once', async () => {
    const shop = await installedShop();
    const product = await createProduct(service, mine.token);
    await ok(
      service,
      'mutation($i: ReceiveStockInput!) { receiveStock(input: $i) { id } }',
      { i: { productId: product.id, locationId: shop.floor, quantity: 10 } },
      mine.token,
    );
    const order = {
      id: 7001,
      currency: 'JPY',
      total_price: '1500',
      line_items: [
        { title: '商品', quantity: 3, price: '400', sku: product.sku },
        { title: 'おまけ', quantity: 1, price: '300', sku: 'NOT-IN-CATALOGUE' },
      ],
    };
    await send(shop, 'orders', 'orders/create', order);
    await work();
    // A redelivery (a new webhook id, the same order) records nothing new and posts nothing twice.
    await send(shop, 'orders', 'orders/create', order);
    await work();
    expect(await levelOf(product.id, shop.floor)).toBe(7);
    expect((await movementsOf(product.id)).map((m) => [m.kind, m.quantity, m.source])).toEqual([
      ['receipt', 10, 'api.receive'],
      ['sale', -3, 'order'],
    ]);
  });
});

describe('the link mutations', () => {
  it('name bad input, find no other business’s product, location or link, and unlink what is linked', async () => {
    const product = await createProduct(service, mine.token);
    const location = await createLocation(service, mine.token);
    const [theirProduct, theirLocation] = [
      await createProduct(service, theirs.token),
      await createLocation(service, theirs.token),
    ];
    const bad = await gql(LINK_ITEM, { shopDomain: 'no shop!', inventoryItemId: '', productId: product.id });
    expect(errorOf(bad)).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((errorOf(bad)!.errors as { path: string }[]).map((e) => e.path)).toEqual(['shopDomain', 'inventoryItemId']);
    const refusals = [
      [
        await gql(LINK_ITEM, { shopDomain: 'a.example', inventoryItemId: '1', productId: theirProduct.id }),
        'product_not_found',
      ],
      [
        await gql(LINK_LOCATION, { shopDomain: 'a.example', storefrontLocationId: '1', locationId: theirLocation }),
        'location_not_found',
      ],
    ] as const;
    for (const [answer, reason] of refusals) expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason });
    await ok(
      service,
      LINK_ITEM,
      { i: { shopDomain: 'a.example', inventoryItemId: '1', productId: product.id } },
      mine.token,
    );
    await ok(
      service,
      LINK_LOCATION,
      { i: { shopDomain: 'a.example', storefrontLocationId: '1', locationId: location } },
      mine.token,
    );
    // Another business's token does not reach these links.
    for (const [query, i] of [
      [UNLINK_ITEM, { shopDomain: 'a.example', inventoryItemId: '1' }],
      [UNLINK_LOCATION, { shopDomain: 'a.example', storefrontLocationId: '1' }],
    ] as const) {
      expect(errorOf(await gql(query, i, theirs.token))).toMatchObject({ code: 'NOT_FOUND', reason: 'link_not_found' });
      expect((await gql(query, i)).data).toEqual({
        [query.includes('Item') ? 'unlinkStorefrontItem' : 'unlinkStorefrontLocation']: true,
      });
      expect(errorOf(await gql(query, i))).toMatchObject({ code: 'NOT_FOUND', reason: 'link_not_found' });
    }
  });

  it('need store.inventory.write: a read-scoped token or one without inventory scopes is FORBIDDEN', async () => {
    for (const scopes of [['store.inventory.read', 'store.products.read'], ['store.products.write']]) {
      const token = (await business(service, app, scopes)).token;
      for (const [query, i] of [
        [LINK_ITEM, { shopDomain: 'a.example', inventoryItemId: '1', productId: randomUUID() }],
        [UNLINK_ITEM, { shopDomain: 'a.example', inventoryItemId: '1' }],
        [LINK_LOCATION, { shopDomain: 'a.example', storefrontLocationId: '1', locationId: randomUUID() }],
        [UNLINK_LOCATION, { shopDomain: 'a.example', storefrontLocationId: '1' }],
      ] as const)
        expect(errorOf(await gql(query, i, token)), query).toMatchObject({
          code: 'FORBIDDEN',
          scope: 'store.inventory.write',
        });
    }
  });
});
