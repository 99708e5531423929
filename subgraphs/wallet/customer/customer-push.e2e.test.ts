/**
 * A change of points or rank through GraphQL reaches the customer's wallet passes by itself: the
 * service's own worker runs wallet.push-updates, which pushes the Apple Wallet devices (APNs) and the
 * Google card (Wallet API) of every customer whose passes went stale. Local fakes stand in for both.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISSUER, startWalletWorld, type WalletWorld } from '../../../test/fixtures/wallet-google.fixtures.js';

let w: WalletWorld;
let businessToken: string;

beforeAll(async () => {
  w = await startWalletWorld();
  businessToken = await w.owner.token(['store.customers.read', 'store.customers.write']);
});

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not pushed in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ADJUST = `mutation($s: String!, $c: ID!, $d: Int!) {
  adjustCustomerPoints(shopId: $s, customerId: $c, delta: $d, reason: "test") { points rank { code } }
}`;
const SET_RANK = `mutation($s: String!, $c: ID!, $r: String) { setCustomerRank(shopId: $s, customerId: $c, rankCode: $r) { rank { code } } }`;

describe('points and rank changed through GraphQL', () => {
  it("are pushed by the worker to the customer's Apple Wallet devices and Google card", async () => {
    const { customerId } = await w.member();
    const device = randomUUID().replaceAll('-', '');
    await w.registerDevice(customerId, device);
    expect((await w.mobileB(customerId, businessToken)).status).toBe(200);
    const [googlePass] = await w.passes(customerId);
    const objectId = `${ISSUER}.${googlePass!.serial_number}`;
    const googleUpdates = () => w.googleApi.updates.filter((u) => u.objectId === objectId);
    const applePushes = () => w.apns.received.filter((r) => r.deviceToken === device);

    const adjusted = await w.service.graphql(ADJUST, { s: w.shopId, c: customerId, d: -1150 }, businessToken);
    expect(adjusted.errors).toBeUndefined();
    expect(adjusted.data).toEqual({ adjustCustomerPoints: { points: 50, rank: { code: 'bronze' } } });
    await until(() => googleUpdates().length === 1 && applePushes().length === 1);
    expect(googleUpdates()[0]!.body).toMatchObject({ loyaltyPoints: { balance: { int: 50 } } });

    const ranked = await w.service.graphql(SET_RANK, { s: w.shopId, c: customerId, r: 'gold' }, businessToken);
    expect(ranked.errors).toBeUndefined();
    await until(() => googleUpdates().length === 2 && applePushes().length === 2);
    expect(googleUpdates()[1]!.body).toMatchObject({ textModulesData: [{ id: 'rank', body: 'ゴールド' }] });
  });
});
