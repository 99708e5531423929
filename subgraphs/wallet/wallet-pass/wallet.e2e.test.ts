import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayFieldNames, resolveEntities } from '../../../test/entities.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { businessOwner, consumer, createShopApp, failure } from '../../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../../test/fixtures/wallet.fixtures.js';
import { walletSubgraph } from '../index.js';
import { NotificationToken } from '../notification-token/notification-token.entity.js';
import { WalletPass } from './wallet-pass.entity.js';

const SHOP = `wallet-${process.pid}`;

let service: TestService;
let customer: string;
let passId: string;
/** Tokens: the customer's own user, another user, the shop's business (read; write only) and another business. */
const tokens = { own: '', otherUser: '', shopRead: '', shopWriteOnly: '', otherBusiness: '' };

beforeAll(async () => {
  service = await startOAuthService();
  const userApp = await registerApp(service, ['user.profile.read']);
  const businessApp = await registerApp(service, ['store.customers.read', 'store.customers.write']);
  const owner = await businessOwner(service, businessApp);
  const otherOwner = await businessOwner(service, businessApp);
  const businessAccountId = owner.businessAccountId;
  await createShopApp(service, SHOP, businessAccountId);
  await createShopApp(service, `${SHOP}-other`, businessAccountId);
  const member = await consumer(service, userApp, ['user.profile.read']);
  const userId = member.userId;
  tokens.own = member.token;
  tokens.otherUser = (await consumer(service, userApp, ['user.profile.read'])).token;
  tokens.shopRead = await owner.token(['store.customers.read']);
  tokens.shopWriteOnly = await owner.token(['store.customers.write']);
  tokens.otherBusiness = await otherOwner.token(['store.customers.read']);
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

  it("lists them to the customer's own user token and the shop's business token with store.customers.read", async () => {
    for (const token of [tokens.own, tokens.shopRead]) {
      const result = await service.graphql<{ notificationTokens: { deviceId: string }[] }>(
        TOKENS,
        { s: SHOP, c: customer },
        token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.notificationTokens.map((t) => t.deviceId)).toEqual(['device-2', 'device-1']);
    }
  });

  it("answers another user's and another business's token with an empty list", async () => {
    for (const token of [tokens.otherUser, tokens.otherBusiness]) {
      expect(await service.graphql(TOKENS, { s: SHOP, c: customer }, token)).toEqual({
        data: { notificationTokens: [] },
      });
    }
  });

  it('refuses a business token without store.customers.read', async () => {
    const result = await service.graphql(TOKENS, { s: SHOP, c: customer }, tokens.shopWriteOnly);
    expect(failure(result)).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_scope' });
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
  const PASSES =
    'query($s: String!, $c: ID!) { walletPasses(shopId: $s, customerId: $c) { id customerId platform serialNumber lastPushedAt } }';

  it("lists the passes of a customer in a shop to the operator, the customer's user and the shop's business", async () => {
    for (const token of [TEST_OPERATOR_TOKEN, tokens.own, tokens.shopRead]) {
      const result = await service.graphql<{ walletPasses: Record<string, unknown>[] }>(
        PASSES,
        { s: SHOP, c: customer },
        token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.walletPasses).toEqual([
        {
          id: passId,
          customerId: customer,
          platform: 'mobile-a',
          serialNumber: `SM-${process.pid}`,
          lastPushedAt: null,
        },
      ]);
    }
  });

  it("answers another user's and another business's token with an empty list, and refuses a token without the scope", async () => {
    for (const token of [tokens.otherUser, tokens.otherBusiness]) {
      expect(await service.graphql(PASSES, { s: SHOP, c: customer }, token)).toEqual({ data: { walletPasses: [] } });
    }
    const result = await service.graphql(PASSES, { s: SHOP, c: customer }, tokens.shopWriteOnly);
    expect(failure(result)).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_scope' });
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
