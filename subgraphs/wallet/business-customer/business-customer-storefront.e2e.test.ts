/**
 * Storefront customer records through signed Shopify deliveries: an order of a known shop customer
 * gives the business one record (redeliveries add none, a guest none); customers/redact erases that
 * customer's record only, shop/redact every record of the shop; staff records stay.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, RunOutcome } from '../../../processes/worker/job-runner.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { sendStorefrontWebhook } from '../../../test/fixtures/storefront.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { storefrontWebhooksJob } from '../../receipts/storefront/storefront-processing.js';

let service: TestService;
let owner: Business;
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  const scopes = ['store.orders.write', 'store.customers.read', 'store.customers.write'];
  owner = await business(service, await registerApp(service, scopes), scopes);
  storeId = await createStore(service, owner.businessAccountId);
});

interface Shop {
  readonly domain: string;
  readonly secret: string;
}

async function newShop(): Promise<Shop> {
  const shop = { domain: `shop-${randomUUID().slice(0, 8)}.myshopify.com`, secret: `shpss_${randomUUID()}` };
  const installed = await service.graphql(
    'mutation($i: InstallShopInput!) { installShop(input: $i) { id } }',
    { i: { shopDomain: shop.domain, secret: shop.secret, storeId } },
    owner.token,
  );
  expect(installed.errors).toBeUndefined();
  return shop;
}

/** Sends a delivery signed as Shopify signs it; expects 200. */
const send = (shop: Shop, kind: string, topic: string, payload: unknown): Promise<void> =>
  sendStorefrontWebhook(service, shop, kind, topic, payload);

/** Runs the worker's job until no delivery is pending. */
async function processAll(): Promise<void> {
  const job = storefrontWebhooksJob(60_000);
  const runner = new JobRunner(rootEntityManager(service.orm), [job]);
  for (let run = 0; run < 50; run++) {
    expect(await runner.runOnce(job)).not.toBe(RunOutcome.Failed);
    const [pending] = await sql<{ n: number }>(
      service,
      'select count(*)::int as "n" from "storefront_webhook" where "processed_at" is null',
    );
    if (pending?.n === 0) return;
  }
  throw new Error('deliveries still pending');
}

const order = (id: number, customer: object | null) => ({
  id,
  name: `#${id}`,
  currency: 'JPY',
  total_price: '1000',
  created_at: '2026-11-20T10:00:00+09:00',
  customer,
  line_items: [{ title: '緑茶', quantity: 1, price: '1000' }],
});

const recordsOf = (shop: Shop) =>
  sql<{ shop_customer_id: string; name: string | null; email: string | null; phone: string | null }>(
    service,
    `select "shop_customer_id", "name", "email", "phone" from "business_customer"
     where "business_account_id" = ? and "shop_domain" = ? and "source" = 'storefront' order by "shop_customer_id"`,
    [owner.businessAccountId, shop.domain],
  );

async function staffRecord(email: string): Promise<string> {
  const made = await service.graphql<{ createBusinessCustomer: { id: string } }>(
    'mutation($i: CreateBusinessCustomerInput!) { createBusinessCustomer(input: $i) { id } }',
    { i: { name: 'スタッフ登録', email } },
    owner.token,
  );
  expect(made.errors).toBeUndefined();
  return made.data!.createBusinessCustomer.id;
}

const exists = async (id: string) =>
  (await sql(service, 'select 1 from "business_customer" where "id" = ?', [id])).length === 1;

describe('storefront customer records', () => {
  it('records the customer of an order once, and customers/redact erases only that customer', async () => {
    const shop = await newShop();
    const taro = { id: 9001, email: 'Taro@Example.com', first_name: '太郎', last_name: '山田', phone: '090-1234-5678' };
    await send(shop, 'orders', 'orders/create', order(6001, taro));
    await send(shop, 'orders', 'orders/create', order(6002, taro));
    await send(shop, 'orders', 'orders/create', order(6003, { id: 9002, email: 'jiro@example.com' }));
    await send(shop, 'orders', 'orders/create', order(6004, null));
    await processAll();
    expect(await recordsOf(shop)).toEqual([
      { shop_customer_id: '9001', name: '太郎 山田', email: 'taro@example.com', phone: '09012345678' },
      { shop_customer_id: '9002', name: null, email: 'jiro@example.com', phone: null },
    ]);
    const kept = await staffRecord('taro@example.com');

    await send(shop, 'customers-redact', 'customers/redact', {
      shop_domain: shop.domain,
      customer: { id: 9001, email: 'taro@example.com' },
      orders_to_redact: [6001, 6002],
    });
    await processAll();
    expect((await recordsOf(shop)).map((r) => r.shop_customer_id)).toEqual(['9002']);
    expect(await exists(kept)).toBe(true);
  });

  it('erases by email when the redaction names no customer id', async () => {
    const shop = await newShop();
    await send(shop, 'orders', 'orders/create', order(7001, { id: 9101, email: 'hana@example.com' }));
    await processAll();
    expect(await recordsOf(shop)).toHaveLength(1);
    await send(shop, 'customers-redact', 'customers/redact', { customer: { email: 'HANA@example.com' } });
    await processAll();
    expect(await recordsOf(shop)).toEqual([]);
  });

  it("shop/redact erases every storefront record of the shop, and no other shop's", async () => {
    const [shop, other] = [await newShop(), await newShop()];
    await send(shop, 'orders', 'orders/create', order(8001, { id: 9201 }));
    await send(shop, 'orders', 'orders/create', order(8002, { id: 9202 }));
    await send(other, 'orders', 'orders/create', order(8003, { id: 9203 }));
    await processAll();
    expect(await recordsOf(shop)).toHaveLength(2);
    const kept = await staffRecord('someone@example.com');
    await send(shop, 'shop-redact', 'shop/redact', { shop_domain: shop.domain });
    await processAll();
    expect(await recordsOf(shop)).toEqual([]);
    expect(await recordsOf(other)).toHaveLength(1);
    expect(await exists(kept)).toBe(true);
  });
});
