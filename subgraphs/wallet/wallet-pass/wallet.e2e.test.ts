import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayFieldNames, resolveEntities } from '../../../test/entities.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { walletSubgraph } from '../index.js';
import { NotificationToken } from '../notification-token/notification-token.entity.js';
import { WalletPass } from './wallet-pass.entity.js';

const CUSTOMER = '01900000-0000-7000-8009-000000000001';
const SHOP = 'sakura-mart';

let service: TestService;
let passId: string;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const em = rootEntityManager(service.orm).fork();
  em.create(NotificationToken, {
    customerId: CUSTOMER,
    shopId: SHOP,
    channel: 'ios',
    deviceId: 'device-1',
    pushToken: 'apns-secret',
    lastSeenAt: new Date('2026-01-01T00:00:00Z'),
  });
  em.create(NotificationToken, {
    customerId: CUSTOMER,
    shopId: SHOP,
    channel: 'android',
    deviceId: 'device-2',
    pushToken: 'fcm-secret',
    lastSeenAt: new Date('2026-02-01T00:00:00Z'),
  });
  em.create(NotificationToken, {
    customerId: CUSTOMER,
    shopId: 'other-shop',
    channel: 'web',
    deviceId: 'device-3',
    pushToken: 'web-secret',
  });
  const pass = em.create(WalletPass, {
    customerId: CUSTOMER,
    shopId: SHOP,
    platform: 'mobile-a',
    serialNumber: 'SM-0001',
    rank: 'Gold',
    points: 1200,
  });
  await em.flush();
  passId = pass.id;
});

const TOKENS =
  'query($s: String!, $c: ID!) { notificationTokens(shopId: $s, customerId: $c) { customerId shopId channel deviceId lastSeenAt } }';

describe('notificationTokens', () => {
  it('lists the tokens of a customer in a shop, most recently seen first, without the push token', async () => {
    const result = await service.graphql<{ notificationTokens: Record<string, unknown>[] }>(
      TOKENS,
      { s: SHOP, c: CUSTOMER },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.notificationTokens).toEqual([
      {
        customerId: CUSTOMER,
        shopId: SHOP,
        channel: 'android',
        deviceId: 'device-2',
        lastSeenAt: '2026-02-01T00:00:00.000Z',
      },
      {
        customerId: CUSTOMER,
        shopId: SHOP,
        channel: 'ios',
        deviceId: 'device-1',
        lastSeenAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect((await gatewayFieldNames(service, 'NotificationToken')).filter((f) => /push/i.test(f))).toEqual([]);
  });

  it('answers a malformed customer id with an empty list', async () => {
    const result = await service.graphql(TOKENS, { s: SHOP, c: 'nope' }, TEST_OPERATOR_TOKEN);
    expect(result).toEqual({ data: { notificationTokens: [] } });
  });

  it('requires authentication', async () => {
    const result = await service.graphql(TOKENS, { s: SHOP, c: CUSTOMER });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps one row per (customer, channel, device)', async () => {
    const em = rootEntityManager(service.orm).fork();
    em.create(NotificationToken, {
      customerId: CUSTOMER,
      shopId: SHOP,
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
      'query($s: String!, $c: ID!) { walletPasses(shopId: $s, customerId: $c) { id platform serialNumber rank points lastPushedAt } }',
      { s: SHOP, c: CUSTOMER },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.walletPasses).toEqual([
      { id: passId, platform: 'mobile-a', serialNumber: 'SM-0001', rank: 'Gold', points: 1200, lastPushedAt: null },
    ]);
  });

  it('requires authentication', async () => {
    const result = await service.graphql('query { walletPasses(shopId: "x", customerId: "y") { id } }');
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('resolves a pass by reference', async () => {
    const result = await resolveEntities(service, walletSubgraph, 'WalletPass', [passId], 'serialNumber points');
    expect(result).toEqual({ data: { _entities: [{ serialNumber: 'SM-0001', points: 1200 }] } });
  });
});
