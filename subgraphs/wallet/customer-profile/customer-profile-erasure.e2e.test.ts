/**
 * Erasure leaves every profile a person appeared in: deleting the account erases the businesses'
 * records of the user (kernel/privacy/customer-erasure.ts), so each business's profile of them is
 * NOT_FOUND, gone from the list, and a reference to it resolves to null in every contributing
 * subgraph (their activity rows no longer join any profile); a storefront customers/redact or
 * shop/redact erases the storefront records and with them the profiles.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { JobRunner, RunOutcome } from '../../../processes/worker/job-runner.js';
import { resolveEntities } from '../../../test/entities.js';
import { USER_PASSWORD } from '../../../test/fixtures/oauth.fixtures.js';
import { sendStorefrontWebhook } from '../../../test/fixtures/storefront.fixtures.js';
import { sql } from '../../../test/fixtures/stores.fixtures.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { engagementSubgraph } from '../../engagement/index.js';
import { receiptsSubgraph } from '../../receipts/index.js';
import { storefrontWebhooksJob } from '../../receipts/storefront/storefront-processing.js';
import { storesSubgraph } from '../../stores/index.js';
import {
  ok,
  PROFILES,
  startProfileWorld,
  type ProfileBusiness,
  type ProfileWorld,
} from './customer-profile.fixtures.js';

let w: ProfileWorld;

beforeAll(async () => {
  w = await startProfileWorld();
}, 180_000);

const listed = async (at: ProfileBusiness) =>
  (
    await ok<{ customerProfiles: { nodes: { id: string }[] } }>(
      w.service,
      'query { customerProfiles(first: 100) { nodes { id } } }',
      {},
      at.token,
    )
  ).customerProfiles.nodes.map((n) => n.id);

const gone = async (id: string, at: ProfileBusiness) => {
  const { profile, error } = await w.profile(id, at.token);
  expect(profile).toBeNull();
  expect(error).toMatchObject({ code: 'NOT_FOUND', reason: 'customer_profile_not_found' });
  expect(await listed(at)).not.toContain(id);
};

const ownerOf = (at: ProfileBusiness): Principal => ({
  kind: 'business',
  businessAccountId: at.businessAccountId,
  userId: randomUUID(),
  clientId: 'test',
  grantId: randomUUID(),
  scopes: new Set([PROFILES]),
  expiresAt: new Date(Date.now() + 60_000),
});

describe('account deletion', () => {
  it("erases the person's profile at every business, in every subgraph", async () => {
    const hana = await w.person();
    const records = { mine: await w.join(hana, w.mine), rival: await w.join(hana, w.rival) };
    await w.buy(hana, w.mine, 1100);
    await w.checkIn(hana, w.mine, '2026-11-03');
    await w.answer(hana, w.mine);
    await w.favorite(hana, w.rival.stores[0]!);
    const before = await w.profile(records.mine, w.mine.token);
    expect(before.profile).toMatchObject({ receipts: { count: 1 }, checkIns: { count: 1 } });
    expect(await listed(w.rival)).toContain(records.rival);

    await ok(
      w.service,
      'mutation($i: DeleteAccountInput!) { deleteAccount(input: $i) { deleted } }',
      { i: { confirm: true, password: USER_PASSWORD } },
      hana.token,
    );

    await gone(records.mine, w.mine);
    await gone(records.rival, w.rival);
    for (const module of [receiptsSubgraph, engagementSubgraph, storesSubgraph]) {
      const refs = await resolveEntities(w.service, module, 'CustomerProfile', [records.mine], 'id', ownerOf(w.mine));
      expect(refs.data!._entities).toEqual([null]);
    }
  });
});

describe('storefront redaction', () => {
  interface Shop {
    readonly domain: string;
    readonly secret: string;
  }

  async function newShop(): Promise<Shop> {
    const shop = { domain: `shop-${randomUUID().slice(0, 8)}.myshopify.com`, secret: `shpss_${randomUUID()}` };
    await ok(
      w.service,
      'mutation($i: InstallShopInput!) { installShop(input: $i) { id } }',
      { i: { shopDomain: shop.domain, secret: shop.secret, storeId: w.mine.stores[0] } },
      w.mine.token,
    );
    return shop;
  }

  async function processAll(): Promise<void> {
    const job = storefrontWebhooksJob(60_000);
    const runner = new JobRunner(rootEntityManager(w.service.orm), [job]);
    for (let run = 0; run < 50; run++) {
      expect(await runner.runOnce(job)).not.toBe(RunOutcome.Failed);
      const [pending] = await sql<{ n: number }>(
        w.service,
        'select count(*)::int as "n" from "storefront_webhook" where "processed_at" is null',
      );
      if (pending?.n === 0) return;
    }
    throw new Error('deliveries still pending');
  }

  /** Sends an order of shop customer `customerId`; answers the business's record of that customer. */
  async function orderOf(shop: Shop, orderId: number, customerId: number): Promise<string> {
    await sendStorefrontWebhook(w.service, shop, 'orders', 'orders/create', {
      id: orderId,
      name: `#${orderId}`,
      currency: 'JPY',
      total_price: '1000',
      created_at: '2026-11-20T10:00:00+09:00',
      customer: { id: customerId, email: `c${customerId}@example.com`, first_name: '太郎' },
      line_items: [{ title: '緑茶', quantity: 1, price: '1000' }],
    });
    await processAll();
    const [row] = await sql<{ id: string }>(
      w.service,
      `select "id" from "business_customer" where "shop_domain" = ? and "shop_customer_id" = ?`,
      [shop.domain, String(customerId)],
    );
    return row!.id;
  }

  it('customers/redact erases that customer’s profile, shop/redact every profile of the shop', async () => {
    const [shop, other] = [await newShop(), await newShop()];
    const taro = await orderOf(shop, 6001, 9001);
    const jiro = await orderOf(shop, 6002, 9002);
    const saburo = await orderOf(other, 6003, 9003);
    const seen = await w.profile(taro, w.mine.token);
    expect(seen.profile).toMatchObject({
      customer: { source: 'storefront', name: '太郎' },
      receipts: { count: 0 },
      // The shop's order of this customer, though the sale names no record.
      orders: { count: 1, totals: [{ currency: 'JPY', amount: 1000, count: 1 }] },
    });

    await sendStorefrontWebhook(w.service, shop, 'customers-redact', 'customers/redact', {
      shop_domain: shop.domain,
      customer: { id: 9001, email: 'c9001@example.com' },
      orders_to_redact: [6001],
    });
    await processAll();
    await gone(taro, w.mine);
    expect((await w.profile(jiro, w.mine.token)).profile).not.toBeNull();

    await sendStorefrontWebhook(w.service, shop, 'shop-redact', 'shop/redact', { shop_domain: shop.domain });
    await processAll();
    await gone(jiro, w.mine);
    expect((await w.profile(saburo, w.mine.token)).profile).not.toBeNull();
  });
});
