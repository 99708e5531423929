import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayFieldNames, resolveEntities } from '../../../test/entities.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { createBusiness, createUser } from '../../../test/fixtures/oauth.fixtures.js';
import { createShopApp } from '../../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../../test/fixtures/wallet.fixtures.js';
import { walletSubgraph } from '../index.js';
import { NotificationToken } from '../notification-token/notification-token.entity.js';
import { WalletPass } from './wallet-pass.entity.js';

const SHOP = `wallet-${process.pid}`;

let service: TestService;
let customer: string;
let passId: string;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const businessAccountId = await createBusiness(service, `owner-${process.pid}@example.test`);
  await createShopApp(service, SHOP, businessAccountId);
  await createShopApp(service, `${SHOP}-other`, businessAccountId);
  const userId = await createUser(service);
  customer = await insertCustomer(service, SHOP, userId, { points: 1200, rankCode: 'gold' });
  const otherShopCustomer = await insertCustomer(service, `${SHOP}-other`, userId);
  const em = rootEntityManager(service.orm).fork();
  em.create(NotificationToken, {
    customerId: customer,
    channel: 'ios',
    deviceId: 'device-1',
    pushToken: 'sealed-1',
    lastSeenAt: new Date('2026-01-01T00:00:00Z'),
  });
  em.create(NotificationToken, {
    customerId: customer,
    channel: 'android',
    deviceId: 'device-2',
    pushToken: 'sealed-2',
    lastSeenAt: new Date('2026-02-01T00:00:00Z'),
  });
  em.create(NotificationToken, {
    customerId: otherShopCustomer,
    channel: 'web',
    deviceId: 'device-3',
    pushToken: 'sealed-3',
  });
  const pass = em.create(WalletPass, { customerId: customer, platform: 'mobile-a', serialNumber: `SM-${process.pid}` });
  await em.flush();
  passId = pass.id;
});

const TOKENS =
  'query($s: String!, $c: ID!) { notificationTokens(shopId: $s, customerId: $c) { customerId channel deviceId lastSeenAt } }';

describe('notificationTokens', () => {
  it('lists the tokens of a customer in a shop, most recently seen first, without the push token', async () => {
    const result = await service.graphql<{ notificationTokens: Record<string, unknown>[] }>(
      TOKENS,
      { s: SHOP, c: customer },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.notificationTokens).toEqual([
      {
        customerId: customer,
        channel: 'android',
        deviceId: 'device-2',
        lastSeenAt: '2026-02-01T00:00:00.000Z',
      },
      {
        customerId: customer,
        channel: 'ios',
        deviceId: 'device-1',
        lastSeenAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect((await gatewayFieldNames(service, 'NotificationToken')).filter((f) => /push/i.test(f))).toEqual([]);
  });

  it("answers another shop app's customer id with an empty list", async () => {
    const result = await service.graphql(TOKENS, { s: `${SHOP}-other`, c: customer }, TEST_OPERATOR_TOKEN);
    expect(result).toEqual({ data: { notificationTokens: [] } });
  });

  it('answers a malformed customer id with an empty list', async () => {
    const result = await service.graphql(TOKENS, { s: SHOP, c: 'nope' }, TEST_OPERATOR_TOKEN);
    expect(result).toEqual({ data: { notificationTokens: [] } });
  });

  it('requires authentication', async () => {
    const result = await service.graphql(TOKENS, { s: SHOP, c: customer });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps one row per (customer, channel, device)', async () => {
    const em = rootEntityManager(service.orm).fork();
    em.create(NotificationToken, {
      customerId: customer,
      channel: 'ios',
      deviceId: 'device-1',
      pushToken: 'again',
    });
    await expect(em.flush()).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });
});

describe('walletPasses', () => {
  it('lists the passes of a customer in a shop', async () => {
    const result = await service.graphql<{ walletPasses: Record<string, unknown>[] }>(
      'query($s: String!, $c: ID!) { walletPasses(shopId: $s, customerId: $c) { id customerId platform serialNumber lastPushedAt } }',
      { s: SHOP, c: customer },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.walletPasses).toEqual([
      { id: passId, customerId: customer, platform: 'mobile-a', serialNumber: `SM-${process.pid}`, lastPushedAt: null },
    ]);
  });

  it('requires authentication', async () => {
    const result = await service.graphql('query { walletPasses(shopId: "x", customerId: "y") { id } }');
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('resolves a pass by reference', async () => {
    const result = await resolveEntities(service, walletSubgraph, 'WalletPass', [passId], 'serialNumber platform');
    expect(result).toEqual({ data: { _entities: [{ serialNumber: `SM-${process.pid}`, platform: 'mobile-a' }] } });
  });
});
