/**
 * The six inbound storefront webhook rows end to end (every response checked against the OpenAPI
 * document by the contract setup). Requests are signed with Shopify's own library
 * (`@shopify/shopify-api`: its test helper's HMAC, and its webhook validator agrees the request is a
 * valid Shopify webhook): valid, replayed, tampered, unsigned, unknown shop; a malformed order is 400;
 * then the worker's job, run directly with a JobRunner, applies each topic once.
 */
import '@shopify/shopify-api/adapters/web-api';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { getHmac } from '@shopify/shopify-api/test-helpers';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, RunOutcome } from '../../processes/worker/job-runner.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import {
  NOT_INSTALLED_NOTE,
  storefrontWebhooksJob,
} from '../../subgraphs/receipts/storefront/storefront-processing.js';
import { registerApp, startOAuthService } from '../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';
import { business, sql, type Business } from '../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { runOps } from '../../test/ops-runner.js';
import { shopifyBodies } from '../../test/fixtures/storefront.fixtures.js';
import { STOREFRONT_MAX_BODY_BYTES } from './storefront.routes.js';

const INSTALL = `mutation($input: InstallShopInput!) {
  installShop(input: $input) { id shopDomain storeId terminalId status businessAccountId }
}`;

let service: TestService;
let shop: Business;
let storeId: string;

/** An installed shop of its own for each test (tests run shuffled). */
interface Shop {
  readonly domain: string;
  readonly secret: string;
  readonly installationId: string;
}

/** Shopify's webhook validator, for the shop's secret. */
const shopify = (apiSecretKey: string) =>
  shopifyApi({
    apiKey: 'storefront-test',
    apiSecretKey,
    scopes: [],
    hostName: 'retail-media.example',
    apiVersion: ApiVersion.October25,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error },
  });

interface Delivery {
  readonly path: string;
  readonly body: string;
  readonly headers: Record<string, string>;
}

/** A webhook as Shopify sends it, signed by Shopify's library with `signWith`. */
function delivery(
  s: Shop,
  kind: string,
  topic: string,
  payload: unknown,
  options: { signWith?: string; shop?: string; eventId?: string } = {},
): Delivery {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return {
    path: `/api/v1/webhooks/storefront/${kind}`,
    body,
    headers: {
      'content-type': 'application/json',
      'X-Shopify-Hmac-Sha256': getHmac(body, options.signWith ?? s.secret),
      'X-Shopify-Shop-Domain': options.shop ?? s.domain,
      'X-Shopify-Topic': topic,
      'X-Shopify-API-Version': ApiVersion.October25,
      'X-Shopify-Webhook-Id': randomUUID(),
      'X-Shopify-Event-Id': options.eventId ?? randomUUID(),
      'X-Shopify-Triggered-At': new Date().toISOString(),
    },
  };
}

async function send(d: Delivery) {
  const response = await service.call(d.path, { method: 'POST', headers: d.headers, body: d.body });
  const text = await response.text();
  return { status: response.status, text, response };
}

/** Whether Shopify's own validator accepts the delivery for `withSecret`. */
async function shopifyAccepts(d: Delivery, withSecret: string): Promise<boolean> {
  const rawRequest = new Request(`${service.url}${d.path}`, { method: 'POST', headers: d.headers, body: d.body });
  return (await shopify(withSecret).webhooks.validate({ rawBody: d.body, rawRequest })).valid;
}

/** Runs the worker's job (a JobRunner, as the worker does) until no delivery is left pending. */
async function processAll(): Promise<void> {
  const job = storefrontWebhooksJob(60_000);
  const runner = new JobRunner(rootEntityManager(service.orm), [job]);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const outcome = await runner.runOnce(job);
    expect(outcome).not.toBe(RunOutcome.Failed);
    const [pending] = await sql<{ n: number }>(
      service,
      'select count(*)::int as "n" from "storefront_webhook" where "processed_at" is null',
    );
    if (pending?.n === 0) return;
    if (Date.now() > deadline) throw new Error('deliveries still pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const events = (type: string) =>
  sql<{ business_account_id: string; payload: Record<string, unknown> }>(
    service,
    'select "business_account_id", "payload" from "outbox_event" where "type" = ? order by "id"',
    [type],
  );

const ORDER = (id: string, extra: Record<string, unknown> = {}) => ({
  id: Number(id) <= Number.MAX_SAFE_INTEGER ? Number(id) : id,
  name: '#1001',
  email: 'Hanako@Example.com',
  currency: 'JPY',
  total_price: '2000.00',
  created_at: '2026-11-20T10:00:00+09:00',
  fulfillment_status: null,
  customer: { id: 7001, email: 'hanako@example.com', first_name: '花子', last_name: '山田', phone: '+81312345678' },
  line_items: [
    { title: '緑茶', quantity: 2, price: '500.00' },
    { title: '急須', quantity: 1, price: '1000' },
  ],
  ...extra,
});

/**
 * Installs a new shop for the business with its owner's token (the domain sent in capitals: stored
 * lowercase); `secret` may be another shop's (one app's shops share its secret).
 */
async function newShop(secret = `shpss_${randomUUID().replaceAll('-', '')}`): Promise<Shop> {
  const domain = `shop-${randomUUID().slice(0, 8)}.myshopify.com`;
  const installed = await service.graphql<{ installShop: Record<string, string> }>(
    INSTALL,
    { input: { shopDomain: domain.toUpperCase(), secret, storeId } },
    shop.token,
  );
  expect(installed.errors).toBeUndefined();
  expect(installed.data!.installShop).toMatchObject({
    shopDomain: domain,
    storeId,
    status: 'active',
    businessAccountId: shop.businessAccountId,
  });
  return { domain, secret, installationId: installed.data!.installShop.id! };
}

beforeAll(async () => {
  service = await startOAuthService();
  shop = await business(service, await registerApp(service, ['store.orders.write']), ['store.orders.write']);
  storeId = await createStore(service, shop.businessAccountId);
});

describe('receiving', () => {
  it('answers a valid order 200 with no body and stores it once; a replay is 200 and stores nothing', async () => {
    const s = await newShop();
    const d = delivery(s, 'orders', 'orders/create', ORDER('5000000001'));
    expect(await shopifyAccepts(d, s.secret)).toBe(true);
    const first = await send(d);
    expect(first).toMatchObject({ status: 200, text: '' });
    const replay = await send({ ...d, headers: { ...d.headers, 'X-Shopify-Webhook-Id': randomUUID() } });
    expect(replay).toMatchObject({ status: 200, text: '' });
    const rows = await sql<{ topic: string; kind: string }>(
      service,
      'select "topic", "kind" from "storefront_webhook" where "event_id" = ?',
      [d.headers['X-Shopify-Event-Id']],
    );
    expect(rows).toEqual([{ topic: 'orders/create', kind: 'orders' }]);
  });

  it('keeps the exact bytes: a body Shopify signed with odd spacing and non-ASCII text verifies', async () => {
    const s = await newShop();
    const d = delivery(
      s,
      'inventory',
      'inventory_levels/update',
      '{ "inventory_item_id" :1,\n"location_id":2, "note":"在庫\\u00e9" }',
    );
    expect((await send(d)).status).toBe(200);
  });

  it('answers 401 with one problem for a tampered body, no signature, a wrong secret and an unknown shop', async () => {
    const s = await newShop();
    const good = delivery(s, 'orders', 'orders/create', ORDER('5000000002'));
    const tampered = { ...good, body: good.body.replace('2000.00', '1.00') };
    const { ['X-Shopify-Hmac-Sha256']: _dropped, ...unsignedHeaders } = good.headers;
    const unsigned = { ...good, headers: unsignedHeaders };
    const wrongSecret = delivery(s, 'orders', 'orders/create', ORDER('5000000002'), {
      signWith: 'not-the-shop-secret-at-all',
    });
    const unknownShop = delivery(s, 'orders', 'orders/create', ORDER('5000000002'), {
      shop: 'nobody-here.myshopify.com',
    });
    expect(await shopifyAccepts(tampered, s.secret)).toBe(false);
    expect(await shopifyAccepts(unsigned, s.secret)).toBe(false);
    const details = [];
    for (const d of [tampered, unsigned, wrongSecret, unknownShop]) {
      const answer = await send(d);
      expect(answer.status, d.body.slice(0, 40)).toBe(401);
      expect(answer.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.response.headers.get('www-authenticate')).toBe('HMAC-SHA256 realm="storefront-webhooks"');
      const { traceId: _t, ...problem } = JSON.parse(answer.text) as Record<string, unknown>;
      details.push(problem);
    }
    expect(details[0]).toMatchObject({ status: 401, code: 'invalid_webhook_signature' });
    expect(new Set(details.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(
      await sql(service, 'select 1 from "storefront_webhook" where "event_id" = ?', [
        good.headers['X-Shopify-Event-Id'],
      ]),
    ).toEqual([]);
  });

  it('answers 400 naming the fields of a malformed order (after the signature), and stores nothing', async () => {
    const s = await newShop();
    const broken = delivery(s, 'orders', 'orders/create', {
      id: 'x',
      currency: 'yen',
      total_price: 'free',
      line_items: [{ quantity: 0 }],
    });
    const answer = await send(broken);
    expect(answer.status).toBe(400);
    const problem = JSON.parse(answer.text) as { code: string; errors: { path: string }[] };
    expect(problem.code).toBe('malformed_order');
    expect(problem.errors.map((e) => e.path).sort()).toEqual(
      [
        '/currency',
        '/id',
        '/line_items/0/price',
        '/line_items/0/quantity',
        '/line_items/0/title',
        '/total_price',
      ].sort(),
    );
    expect((await send(delivery(s, 'orders', 'orders/create', 'not json'))).status).toBe(400);
    const unsignedBroken = { ...broken, headers: { ...broken.headers, 'X-Shopify-Hmac-Sha256': 'AAAA' } };
    expect((await send(unsignedBroken)).status).toBe(401);
    expect(
      await sql(service, 'select 1 from "storefront_webhook" where "event_id" = ?', [
        broken.headers['X-Shopify-Event-Id'],
      ]),
    ).toEqual([]);
  });

  it('accepts a Shopify-size order (hundreds of KB) and refuses one over the limit with 413', async () => {
    const s = await newShop();
    const lines = Array.from({ length: 400 }, (_v, i) => ({
      title: `商品 ${i} ${'説明'.repeat(200)}`.slice(0, 180),
      quantity: 1,
      price: '10',
      properties: [{ name: 'note', value: 'x'.repeat(900) }],
    }));
    const big = delivery(s, 'orders', 'orders/create', ORDER('5000000003', { line_items: lines, total_price: '4000' }));
    expect(big.body.length).toBeGreaterThan(400_000);
    expect((await send(big)).status).toBe(200);
    const tooBig = delivery(s, 'inventory', 'inventory_levels/update', { pad: 'x'.repeat(STOREFRONT_MAX_BODY_BYTES) });
    expect((await send(tooBig)).status).toBe(413);
  });
});

describe('the worker job', () => {
  it('turns a new order into a transaction of the shop’s store with order.created, and order.shipped once when fulfilled', async () => {
    const s = await newShop();
    const orderId = '820982911946154508'; // beyond 2^53: kept exact
    await send(delivery(s, 'orders', 'orders/create', ORDER(orderId)));
    await processAll();
    const [order] = await sql<Record<string, unknown>>(
      service,
      `select o.*, t."store_id", t."terminal_id", t."total_amount", t."currency", t."items"
       from "storefront_order" o join "transaction" t on t."id" = o."transaction_id" where o."shop_order_id" = ?`,
      [orderId],
    );
    expect(order).toMatchObject({
      installation_id: s.installationId,
      store_id: storeId,
      total_amount: 2000,
      currency: 'JPY',
      customer_email: 'hanako@example.com',
      customer_name: '花子 山田',
      shop_customer_id: '7001',
      shipped_at: null,
    });
    expect(order!.items).toEqual([
      { name: '緑茶', unitPrice: 500, quantity: 2 },
      { name: '急須', unitPrice: 1000, quantity: 1 },
    ]);
    const created = (await events('order.created')).filter((e) => e.payload.shopOrderId === orderId);
    expect(created).toEqual([
      {
        business_account_id: shop.businessAccountId,
        payload: expect.objectContaining({
          transactionId: order!.transaction_id,
          storeId,
          totalAmount: 2000,
          shopDomain: s.domain,
        }),
      },
    ]);
    expect(JSON.stringify(created[0]!.payload)).not.toContain('hanako');

    // A redelivery under a new event id and an update: no second transaction; fulfilment writes order.shipped once.
    await send(delivery(s, 'orders', 'orders/create', ORDER(orderId)));
    await send(delivery(s, 'orders', 'orders/updated', ORDER(orderId, { fulfillment_status: 'fulfilled' })));
    await send(delivery(s, 'orders', 'orders/fulfilled', ORDER(orderId, { fulfillment_status: 'fulfilled' })));
    await processAll();
    const orders = await sql<{ transaction_id: string; shipped_at: Date | null }>(
      service,
      'select "transaction_id", "shipped_at" from "storefront_order" where "shop_order_id" = ?',
      [orderId],
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]!.shipped_at).not.toBeNull();
    expect((await events('order.created')).filter((e) => e.payload.shopOrderId === orderId)).toHaveLength(1);
    expect((await events('order.shipped')).filter((e) => e.payload.shopOrderId === orderId)).toEqual([
      {
        business_account_id: shop.businessAccountId,
        payload: expect.objectContaining({ transactionId: order!.transaction_id, storeId }),
      },
    ]);
  });

  it('adds a balancing line when shipping and discounts make the items differ from the total', async () => {
    const s = await newShop();
    await send(
      delivery(
        s,
        'orders',
        'orders/create',
        ORDER('5000000010', { total_price: '2700.00', fulfillment_status: 'fulfilled' }),
      ),
    );
    await processAll();
    const [row] = await sql<{ items: unknown[]; shipped_at: Date | null }>(
      service,
      `select t."items", o."shipped_at" from "storefront_order" o join "transaction" t on t."id" = o."transaction_id"
       where o."shop_order_id" = '5000000010'`,
    );
    expect(row!.items).toContainEqual({ name: 'Shipping and adjustments', unitPrice: 700, quantity: 1 });
    expect(row!.shipped_at).not.toBeNull();
    expect((await events('order.shipped')).filter((e) => e.payload.shopOrderId === '5000000010')).toHaveLength(1);
  });

  it('keeps stock levels per item and location with inventory.updated, never letting an older update win', async () => {
    const s = await newShop();
    const level = (available: number, at: string) => ({
      inventory_item_id: 271878346596884015n.toString(),
      location_id: 24826418,
      available,
      updated_at: at,
    });
    await send(delivery(s, 'inventory', 'inventory_levels/update', level(5, '2026-11-20T10:00:00Z')));
    await processAll();
    await send(delivery(s, 'inventory', 'inventory_levels/update', level(3, '2026-11-20T09:00:00Z')));
    await processAll();
    const rows = await sql<{ available: number }>(
      service,
      'select "available" from "storefront_stock_level" where "installation_id" = ? and "inventory_item_id" = ?',
      [s.installationId, '271878346596884015'],
    );
    expect(rows).toEqual([{ available: 5 }]);
    const updated = (await events('inventory.updated')).filter(
      (e) => e.payload.inventoryItemId === '271878346596884015',
    );
    expect(updated).toEqual([
      {
        business_account_id: shop.businessAccountId,
        payload: expect.objectContaining({ available: 5, locationId: '24826418', storeId }),
      },
    ]);
  });

  it('records a data request’s export, then erases the customer (orders and export) and records the erasure', async () => {
    const s = await newShop();
    await send(
      delivery(
        s,
        'orders',
        'orders/create',
        ORDER('5000000020', { customer: { id: 9001, email: 'taro@example.com', first_name: '太郎' } }),
      ),
    );
    await send(
      delivery(
        s,
        'orders',
        'orders/create',
        ORDER('5000000021', { customer: { id: 9002, email: 'jiro@example.com' } }),
      ),
    );
    const request = delivery(s, 'customers-data-request', 'customers/data_request', {
      shop_domain: s.domain,
      customer: { id: 9001, email: 'taro@example.com', phone: null },
      orders_requested: [5000000020],
      data_request: { id: 9999 },
    });
    expect((await send(request)).status).toBe(200);
    await processAll();
    const [exported] = await sql<{ export: { orders: { shopOrderId: string; customer: { email: string } }[] } }>(
      service,
      `select "export" from "storefront_privacy_request" where "installation_id" = ? and "kind" = 'data_request' and "shop_customer_id" = '9001'`,
      [s.installationId],
    );
    expect(exported!.export.orders.map((o) => [o.shopOrderId, o.customer.email])).toEqual([
      ['5000000020', 'taro@example.com'],
    ]);

    await send(
      delivery(s, 'customers-redact', 'customers/redact', {
        customer: { id: 9001, email: 'taro@example.com' },
        orders_to_redact: [5000000020],
      }),
    );
    await processAll();
    const orders = await sql<{
      shop_order_id: string;
      customer_email: string | null;
      customer_name: string | null;
      redacted_at: Date | null;
    }>(
      service,
      `select "shop_order_id", "customer_email", "customer_name", "redacted_at" from "storefront_order"
       where "shop_order_id" in ('5000000020', '5000000021') order by "shop_order_id"`,
    );
    expect(orders.map((o) => [o.shop_order_id, o.customer_email, o.customer_name, o.redacted_at !== null])).toEqual([
      ['5000000020', null, null, true],
      ['5000000021', 'jiro@example.com', null, false],
    ]);
    const records = await sql<{ kind: string; export: unknown; erased_orders: number | null }>(
      service,
      `select "kind", "export", "erased_orders" from "storefront_privacy_request" where "shop_customer_id" = '9001' order by "created_at", "id"`,
    );
    expect(records).toEqual([
      { kind: 'data_request', export: null, erased_orders: null },
      { kind: 'customer_redact', export: null, erased_orders: 1 },
    ]);
  });

  it('uninstalls the shop with app.uninstalled once, still verifies its privacy webhooks, and shop/redact erases every customer', async () => {
    const s = await newShop();
    await send(delivery(s, 'orders', 'orders/create', ORDER('5000000030')));
    await processAll();
    const uninstall = delivery(s, 'app-uninstalled', 'app/uninstalled', { id: 1, domain: s.domain });
    await send(uninstall);
    await send(delivery(s, 'app-uninstalled', 'app/uninstalled', { id: 1, domain: s.domain }));
    await processAll();
    const [installation] = await sql<{ status: string; uninstalled_at: Date | null }>(
      service,
      'select "status", "uninstalled_at" from "shop_installation" where "id" = ?',
      [s.installationId],
    );
    expect(installation!.status).toBe('uninstalled');
    expect((await events('app.uninstalled')).filter((e) => e.payload.shopDomain === s.domain)).toEqual([
      {
        business_account_id: shop.businessAccountId,
        payload: expect.objectContaining({ installationId: s.installationId }),
      },
    ]);

    expect((await send(delivery(s, 'shop-redact', 'shop/redact', { shop_domain: s.domain }))).status).toBe(200);
    await processAll();
    const left = await sql(
      service,
      `select 1 from "storefront_order" where "installation_id" = ? and ("customer_email" is not null or "customer_name" is not null
         or "customer_phone" is not null or "shop_customer_id" is not null)`,
      [s.installationId],
    );
    expect(left).toEqual([]);
    const [erasure] = await sql<{ erased_orders: number }>(
      service,
      `select "erased_orders" from "storefront_privacy_request" where "installation_id" = ? and "kind" = 'shop_redact'`,
      [s.installationId],
    );
    expect(erasure!.erased_orders).toBeGreaterThan(0);
    // Processed deliveries keep no payload (the personal data lives only where it can be erased).
    expect(
      await sql(
        service,
        'select 1 from "storefront_webhook" where "processed_at" is not null and "payload" is not null',
      ),
    ).toEqual([]);
  });
  it('applies a replay of a processed event id no second time (no second event)', async () => {
    const s = await newShop();
    const level = { inventory_item_id: 42, location_id: 43, available: 9, updated_at: '2026-11-20T10:00:00Z' };
    const d = delivery(s, 'inventory', 'inventory_levels/update', level);
    expect((await send(d)).status).toBe(200);
    await processAll();
    const [before] = await sql<{ processed_at: Date }>(
      service,
      'select "processed_at" from "storefront_webhook" where "event_id" = ?',
      [d.headers['X-Shopify-Event-Id']],
    );
    expect((await send(d)).status).toBe(200);
    await processAll();
    const after = await sql<{ processed_at: Date }>(
      service,
      'select "processed_at" from "storefront_webhook" where "event_id" = ?',
      [d.headers['X-Shopify-Event-Id']],
    );
    expect(after).toEqual([before]);
    const updated = (await events('inventory.updated')).filter((e) => e.payload.shopDomain === s.domain);
    expect(updated).toHaveLength(1);
  });
});

describe('binding a signed body to its path, topic and shop', () => {
  /** The delivery `d` replayed by someone else: to `path` under `topic`, with a new event id. */
  const replayed = (d: Delivery, path: string, topic: string | null, headers: Record<string, string> = {}) => {
    const { ['X-Shopify-Topic']: _topic, ...rest } = d.headers;
    return {
      ...d,
      path: `/api/v1/webhooks/storefront/${path}`,
      headers: {
        ...rest,
        ...(topic === null ? {} : { 'X-Shopify-Topic': topic }),
        'X-Shopify-Event-Id': randomUUID(),
        ...headers,
      },
    };
  };
  const expectRefused = async (d: Delivery) => {
    const answer = await send(d);
    expect(answer.status, `${d.path} ${d.headers['X-Shopify-Topic']}`).toBe(401);
    expect(answer.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 401, code: 'webhook_binding_mismatch' });
    expect(
      await sql(service, 'select 1 from "storefront_webhook" where "event_id" = ?', [d.headers['X-Shopify-Event-Id']]),
    ).toEqual([]);
  };
  /** What a replay could change: the installation, its orders' customer fields, its privacy records. */
  const stateOf = async (s: Shop) => ({
    installation: await sql(service, 'select "status", "uninstalled_at" from "shop_installation" where "id" = ?', [
      s.installationId,
    ]),
    orders: await sql(
      service,
      'select "customer_email", "redacted_at" from "storefront_order" where "installation_id" = ? order by "id"',
      [s.installationId],
    ),
    privacy: await sql(service, 'select "kind" from "storefront_privacy_request" where "installation_id" = ?', [
      s.installationId,
    ]),
    levels: await sql(service, 'select "available" from "storefront_stock_level" where "installation_id" = ?', [
      s.installationId,
    ]),
  });

  it('refuses a signed orders body replayed to shop-redact, customers-redact and app-uninstalled (401), changing nothing', async () => {
    const s = await newShop();
    const order = delivery(s, 'orders', 'orders/create', ORDER('5000000040'));
    expect(await shopifyAccepts(order, s.secret)).toBe(true);
    expect((await send(order)).status).toBe(200);
    await processAll();
    const before = await stateOf(s);
    expect(before.orders).toEqual([{ customer_email: 'hanako@example.com', redacted_at: null }]);
    for (const [path, topic] of [
      ['shop-redact', 'shop/redact'],
      ['app-uninstalled', 'app/uninstalled'],
      ['customers-redact', 'customers/redact'],
      ['shop-redact', 'orders/create'],
      ['app-uninstalled', null],
    ] as const)
      await expectRefused(replayed(order, path, topic));
    await processAll();
    expect(await stateOf(s)).toEqual(before);
  });

  it('refuses a topic header not of the path, a body of another topic and a body naming another shop', async () => {
    // Two shops of one app share its secret: a body of one verifies for the other.
    const s = await newShop();
    const other = await newShop(s.secret);
    await send(delivery(other, 'orders', 'orders/create', ORDER('5000000041')));
    await processAll();
    const before = await stateOf(other);
    const bodies = shopifyBodies(s.domain);
    const redact = delivery(s, 'shop-redact', 'shop/redact', bodies['shop-redact']);
    expect(await shopifyAccepts(redact, s.secret)).toBe(true);
    await expectRefused(replayed(redact, 'shop-redact', 'shop/redact', { 'X-Shopify-Shop-Domain': other.domain }));
    const uninstall = delivery(s, 'app-uninstalled', 'app/uninstalled', bodies['app-uninstalled']);
    await expectRefused(
      replayed(uninstall, 'app-uninstalled', 'app/uninstalled', { 'X-Shopify-Shop-Domain': other.domain }),
    );
    const level = delivery(other, 'inventory', 'inventory_levels/update', bodies.inventory);
    await expectRefused(replayed(level, 'inventory', 'orders/create'));
    await expectRefused(replayed(level, 'orders', 'orders/create'));
    const dataRequest = delivery(other, 'customers-data-request', 'customers/data_request', {
      ...bodies['customers-data-request'],
      shop_domain: other.domain,
    });
    await expectRefused(replayed(dataRequest, 'customers-redact', 'customers/redact'));
    await processAll();
    expect(await stateOf(other)).toEqual(before);
    // The same bodies on their own path, topic and shop are accepted.
    for (const d of [redact, uninstall, level, dataRequest]) expect((await send(d)).status, d.path).toBe(200);
  });
});

describe('installing', () => {
  it('replaces a shop’s secret with setShopWebhookSecret (operator): only the new one verifies', async () => {
    const s = await newShop();
    const SET = `mutation($d: String!, $s: String!) { setShopWebhookSecret(shopDomain: $d, secret: $s) { shopDomain } }`;
    const newSecret = `shpss_${randomUUID().replaceAll('-', '')}`;
    const byOwner = await service.graphql(SET, { d: s.domain, s: newSecret }, shop.token);
    expect(byOwner.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const invalid = await service.graphql(SET, { d: 'bad_domain.example', s: ' padded ' }, TEST_OPERATOR_TOKEN);
    expect((invalid.errors?.[0]?.extensions?.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'secret',
      'shopDomain',
    ]);
    const set = await service.graphql(SET, { d: s.domain.toUpperCase(), s: newSecret }, TEST_OPERATOR_TOKEN);
    expect(set.errors).toBeUndefined();
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('88')))).status).toBe(401);
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('88'), { signWith: newSecret }))).status).toBe(200);
  });

  it('installs with npm run ops -- shop:install, whose secret then verifies the shop’s webhooks', async () => {
    const domain = `cli-${randomUUID().slice(0, 8)}.myshopify.com`;
    const secret = `shpss_${randomUUID().replaceAll('-', '')}`;
    const run = await runOps([
      'shop:install',
      ...['--business', shop.businessAccountId, '--shop-domain', domain, '--secret', secret, '--store', storeId],
      ...['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN],
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, string>;
    expect(printed).toMatchObject({ shopDomain: domain, storeId, status: 'active' });
    expect(run.stdout).not.toContain(secret);
    const s: Shop = { domain, secret, installationId: printed.installationId! };
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('77')))).status).toBe(200);
    const [stored] = await sql<{ secret_ciphertext: string }>(
      service,
      'select "secret_ciphertext" from "shop_installation" where "shop_domain" = ?',
      [domain],
    );
    expect(stored!.secret_ciphertext).not.toContain(secret);
    const bad = await runOps([
      'shop:install',
      '--business',
      shop.businessAccountId,
      '--shop-domain',
      'not a domain.example',
      '--secret',
      secret,
      '--store',
      storeId,
      '--url',
      `${service.url}/graphql`,
      '--token',
      TEST_OPERATOR_TOKEN,
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('shopDomain');
  });

  it('refuses a business token without store.orders.write, another business’s store, a bad domain and an empty secret', async () => {
    const s = await newShop();
    const other = await business(service, await registerApp(service, ['store.orders.write', 'store.info.read']), [
      'store.info.read',
    ]);
    const noScope = await service.graphql(
      INSTALL,
      { input: { shopDomain: 'x-shop.myshopify.com', secret: s.secret, storeId } },
      other.token,
    );
    expect(noScope.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const intruder = await business(service, await registerApp(service, ['store.orders.write']), [
      'store.orders.write',
    ]);
    const foreign = await service.graphql(
      INSTALL,
      { input: { shopDomain: 'x-shop.myshopify.com', secret: s.secret, storeId } },
      intruder.token,
    );
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    const invalid = await service.graphql(
      INSTALL,
      {
        input: {
          businessAccountId: shop.businessAccountId,
          shopDomain: '-shop-.example.com',
          secret: '',
          storeId,
        },
      },
      TEST_OPERATOR_TOKEN,
    );
    expect(invalid.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((invalid.errors?.[0]?.extensions?.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'secret',
      'shopDomain',
    ]);
  });

  it('binds a domain to its business: another gets CONFLICT shop_domain_taken unless it proves the secret', async () => {
    const s = await newShop();
    const other = await business(service, await registerApp(service, ['store.orders.write']), ['store.orders.write']);
    const otherStore = await createStore(service, other.businessAccountId);
    const install = (shopDomain: string, secret: string, token = other.token, store = otherStore) =>
      service.graphql<{ installShop: { id: string; businessAccountId: string; status: string } }>(
        INSTALL,
        { input: { shopDomain, secret, storeId: store } },
        token,
      );
    const theirs = `shpss_${randomUUID().replaceAll('-', '')}`;
    const taken = { code: 'CONFLICT', reason: 'shop_domain_taken' };
    // A domain pending with the secret the operator set: only that secret installs it.
    const pending = `pending-${randomUUID().slice(0, 8)}.myshopify.com`;
    const operatorSet = `shpss_${randomUUID().replaceAll('-', '')}`;
    const SET = `mutation($d: String!, $s: String!) { setShopWebhookSecret(shopDomain: $d, secret: $s) { id } }`;
    expect((await service.graphql(SET, { d: pending, s: operatorSet }, TEST_OPERATOR_TOKEN)).errors).toBeUndefined();
    expect((await install(pending, theirs)).errors?.[0]?.extensions).toMatchObject(taken);
    const proven = await install(pending, operatorSet);
    expect(proven.errors).toBeUndefined();
    expect(proven.data!.installShop).toMatchObject({ businessAccountId: other.businessAccountId, status: 'active' });
    // An uninstall frees nothing: the domain stays the business's.
    await send(delivery(s, 'app-uninstalled', 'app/uninstalled', { id: 1, domain: s.domain }));
    await processAll();
    expect((await install(s.domain, theirs)).errors?.[0]?.extensions).toMatchObject(taken);
    // The business re-installs its own uninstalled domain as before; active again, it is not taken either.
    expect((await install(s.domain, s.secret, shop.token, storeId)).errors).toBeUndefined();
    expect((await install(s.domain, theirs)).errors?.[0]?.extensions).toMatchObject(taken);
    // Now bound to the other business: the first one cannot take it back without the secret either.
    expect((await install(pending, theirs, shop.token, storeId)).errors?.[0]?.extensions).toMatchObject(taken);
    const [secrets] = await sql<{ n: number }>(
      service,
      'select count(*)::int as "n" from "shop_installation" where "shop_domain" in (?, ?) and "business_account_id" = ?',
      [s.domain, pending, shop.businessAccountId],
    );
    expect(secrets!.n).toBe(1);
    // Re-installing its own domain with a new secret replaces the secret, as before.
    const again = await install(s.domain, theirs, shop.token, storeId);
    expect(again.errors).toBeUndefined();
    expect(again.data!.installShop).toMatchObject({ businessAccountId: shop.businessAccountId, status: 'active' });
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('3'), { signWith: theirs }))).status).toBe(200);
  });

  it('lets another business install a domain once the operator released it (ops shop:release), with its own secret', async () => {
    const s = await newShop();
    const newOwner = await business(service, await registerApp(service, ['store.orders.write']), [
      'store.orders.write',
    ]);
    const newStore = await createStore(service, newOwner.businessAccountId);
    const active = delivery(s, 'orders', 'orders/create', ORDER('1'));
    const connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
    const unknown = await runOps([
      'shop:release',
      '--shop-domain',
      `nobody-${randomUUID().slice(0, 8)}.example`,
      ...connection,
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('shop_not_found');
    const released = await runOps(['shop:release', '--shop-domain', s.domain.toUpperCase(), ...connection]);
    expect(released.stderr).toBe('');
    expect(JSON.parse(released.stdout)).toEqual({
      shopDomain: s.domain,
      installationId: s.installationId,
      status: 'released',
    });
    // Released: its webhooks still verify, its orders are skipped.
    expect((await send(active)).status).toBe(200);
    await processAll();
    expect(
      await sql(service, `select 1 from "storefront_order" where "installation_id" = ?`, [s.installationId]),
    ).toEqual([]);
    const newSecret = `shpss_${randomUUID().replaceAll('-', '')}`;
    const moved = await service.graphql<{ installShop: { terminalId: string; storeId: string; status: string } }>(
      INSTALL,
      { input: { shopDomain: s.domain, secret: newSecret, storeId: newStore } },
      newOwner.token,
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data!.installShop).toMatchObject({ storeId: newStore, status: 'active' });
    const [terminal] = await sql<{ store_id: string }>(service, 'select "store_id" from "terminal" where "id" = ?', [
      moved.data!.installShop.terminalId,
    ]);
    expect(terminal!.store_id).toBe(newStore);
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('1')))).status).toBe(401);
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('2'), { signWith: newSecret }))).status).toBe(200);
  });
});

describe('npm run ops -- webhook-secret:set before shop:install (DECISIONS, Operator CLI, first wave)', () => {
  const connection = () => ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  const ops = async (args: string[]) => {
    const run = await runOps([...args, ...connection()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as Record<string, string>;
  };
  const webhookRow = (eventId: string) =>
    sql<{ processed_at: Date | null; last_error: string | null }>(
      service,
      'select "processed_at", "last_error" from "storefront_webhook" where "event_id" = ?',
      [eventId],
    );

  it('verifies, deduplicates and records as skipped an order of a shop with a secret alone; shop:install then attaches it', async () => {
    // Not a myshopify.com name, given in capitals with a trailing dot: stored lowercase without it.
    const domain = `blackbox-${randomUUID().slice(0, 8)}.shop.example`;
    const secret = `bb-secret-${randomUUID()}`;
    expect(
      await ops(['webhook-secret:set', '--shop-domain', `${domain.toUpperCase()}.`, '--secret', secret]),
    ).toMatchObject({
      shopDomain: domain,
      status: 'active',
    });
    const [row] = await sql<{ business_account_id: string | null; store_id: string | null; secret_ciphertext: string }>(
      service,
      'select "business_account_id", "store_id", "secret_ciphertext" from "shop_installation" where "shop_domain" = ?',
      [domain],
    );
    expect(row).toMatchObject({ business_account_id: null, store_id: null });
    expect(row!.secret_ciphertext).not.toContain(secret);
    const s: Shop = { domain, secret, installationId: '' };

    const order = delivery(s, 'orders', 'orders/create', ORDER('6000000001'));
    expect(await shopifyAccepts(order, secret)).toBe(true);
    expect(await send(order)).toMatchObject({ status: 200, text: '' });
    expect((await send(order)).status).toBe(200); // the same event id again: stored once
    const wrong = delivery(s, 'orders', 'orders/create', ORDER('6000000002'), { signWith: `${secret}-not` });
    expect((await send(wrong)).status).toBe(401);
    const privacy = delivery(s, 'customers-data-request', 'customers/data_request', {
      customer: { id: 7001, email: 'hanako@example.com' },
      orders_requested: [6000000001],
    });
    expect((await send(privacy)).status).toBe(200);
    await processAll();
    const eventId = order.headers['X-Shopify-Event-Id']!;
    const processed = await webhookRow(eventId);
    expect(processed).toHaveLength(1);
    expect(processed[0]!.processed_at).not.toBeNull();
    expect(processed[0]!.last_error).toBe(NOT_INSTALLED_NOTE);
    expect(await webhookRow(wrong.headers['X-Shopify-Event-Id']!)).toEqual([]);
    expect(
      await sql(service, 'select 1 from "storefront_order" where "shop_order_id" in (?, ?)', [
        '6000000001',
        '6000000002',
      ]),
    ).toEqual([]);
    const [request] = await webhookRow(privacy.headers['X-Shopify-Event-Id']!);
    expect(request).toMatchObject({ last_error: null });
    expect(request!.processed_at).not.toBeNull();

    // shop:install on that domain attaches the business and store to the same row; orders now become transactions.
    const installed = await ops([
      'shop:install',
      ...['--business', shop.businessAccountId, '--shop-domain', domain, '--secret', secret, '--store', storeId],
    ]);
    expect(installed).toMatchObject({ shopDomain: domain, storeId, status: 'active' });
    expect(await sql(service, 'select 1 from "shop_installation" where "shop_domain" = ?', [domain])).toHaveLength(1);
    expect((await send(delivery(s, 'orders', 'orders/create', ORDER('6000000003')))).status).toBe(200);
    await processAll();
    const [created] = await sql<{ store_id: string; terminal_id: string; total_amount: number }>(
      service,
      `select t."store_id", t."terminal_id", t."total_amount" from "storefront_order" o
       join "transaction" t on t."id" = o."transaction_id"
       join "shop_installation" i on i."id" = o."installation_id"
       where o."shop_order_id" = '6000000003' and i."shop_domain" = ?`,
      [domain],
    );
    expect(created).toEqual({ store_id: storeId, terminal_id: installed.terminalId, total_amount: 2000 });
    expect((await events('order.created')).filter((e) => e.payload.shopDomain === domain)).toHaveLength(1);
  });

  it('replaces a known shop’s secret, and app-uninstalled marks a shop with a secret alone uninstalled', async () => {
    const domain = `bb-${randomUUID().slice(0, 8)}.example`;
    const first = `first-secret-${randomUUID()}`;
    const second = `second-secret-${randomUUID()}`;
    await ops(['webhook-secret:set', '--shop-domain', domain, '--secret', first]);
    await ops(['webhook-secret:set', '--shop-domain', domain, '--secret', second]);
    const s: Shop = { domain, secret: second, installationId: '' };
    const payload = { id: 1, domain };
    expect((await send(delivery(s, 'app-uninstalled', 'app/uninstalled', payload, { signWith: first }))).status).toBe(
      401,
    );
    expect((await send(delivery(s, 'app-uninstalled', 'app/uninstalled', payload))).status).toBe(200);
    await processAll();
    const [installation] = await sql<{ status: string; uninstalled_at: Date | null }>(
      service,
      'select "status", "uninstalled_at" from "shop_installation" where "shop_domain" = ?',
      [domain],
    );
    expect(installation!.status).toBe('uninstalled');
    expect(installation!.uninstalled_at).not.toBeNull();
    const bad = await runOps([
      'webhook-secret:set',
      '--shop-domain',
      'under_score.example',
      '--secret',
      second,
      ...connection(),
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('shopDomain');
  });
});
