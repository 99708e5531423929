/**
 * POST /api/v1/apps/{shopId}/tokens/register and /unregister through the facade with real user,
 * business and operator tokens (every response checked against the OpenAPI document by the contract
 * setup): idempotent registration, one row under concurrency, 400s that change nothing, 401, 403 and
 * 404 for customers the caller may not act on, and unregistering that stops delivery.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../test/fixtures/oauth.fixtures.js';
import { businessOwner, consumer, createShopApp, sql, type Consumer } from '../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../test/fixtures/wallet.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { releasedTogether, valuesOf } from '../../test/race.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { deliverableTokens } from '../../subgraphs/wallet/notification-token/notification-token.store.js';

const SHOP = `tokens-${process.pid}`;
const OTHER_SHOP = `tokens-other-${process.pid}`;
const APNS = (byte: string) => byte.repeat(32);

let service: TestService;
let hanako: Consumer;
let taro: Consumer;
let jiro: Consumer;
let hanakoCustomer: string;
let taroCustomer: string;
let shopWrite: string;
let shopReadOnly: string;
let otherShopWrite: string;

beforeAll(async () => {
  service = await startOAuthService();
  const userApp = await registerApp(service, ['user.profile.read']);
  const businessApp = await registerApp(service, ['store.customers.read', 'store.customers.write']);
  const owner = await businessOwner(service, businessApp);
  const otherOwner = await businessOwner(service, businessApp);
  await createShopApp(service, SHOP, owner.businessAccountId);
  await createShopApp(service, OTHER_SHOP, otherOwner.businessAccountId);
  shopWrite = await owner.token(['store.customers.write']);
  shopReadOnly = await owner.token(['store.customers.read']);
  otherShopWrite = await otherOwner.token(['store.customers.write']);
  [hanako, taro, jiro] = [
    await consumer(service, userApp, ['user.profile.read']),
    await consumer(service, userApp, ['user.profile.read']),
    await consumer(service, userApp, ['user.profile.read']),
  ];
  hanakoCustomer = await insertCustomer(service, SHOP, hanako.userId);
  taroCustomer = await insertCustomer(service, SHOP, taro.userId);
  await insertCustomer(service, OTHER_SHOP, jiro.userId); // jiro is a customer elsewhere only
});

const register = (token: string | undefined, body?: unknown, shop = SHOP) =>
  service.rest('POST', `/api/v1/apps/${shop}/tokens/register`, token, body);
const unregister = (token: string | undefined, body?: unknown, shop = SHOP) =>
  service.rest('POST', `/api/v1/apps/${shop}/tokens/unregister`, token, body);
const tokensOf = (customerId: string) =>
  deliverableTokens(rootEntityManager(service.orm).fork(), service.env, customerId);
/** Every notification token row as stored, to see that a refused call changed nothing. */
const allRows = () =>
  sql(
    service,
    'select "id", "customer_id", "channel", "device_id", "push_token", "last_seen_at" from "notification_token" order by "id"',
  );

describe('POST /api/v1/apps/{shopId}/tokens/register', () => {
  it("registers for the user's own customer, then on the same triple replaces the token and bumps lastSeenAt", async () => {
    const body = { channel: 'apns', deviceId: 'iphone-1', token: APNS('a1') };
    const first = await register(hanako.token, body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      customerId: hanakoCustomer,
      channel: 'apns',
      deviceId: 'iphone-1',
      lastSeenAt: expect.stringMatching(/Z$/),
      created: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await register(hanako.token, { ...body, token: APNS('b2'), unknownField: 1 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, customerId: hanakoCustomer, created: false });
    expect(Date.parse(again.body.lastSeenAt as string)).toBeGreaterThan(Date.parse(first.body.lastSeenAt as string));
    const stored = (await tokensOf(hanakoCustomer)).filter((t) => t.deviceId === 'iphone-1');
    expect(stored.map((t) => [t.id, t.channel, t.pushToken])).toEqual([[first.body.id, 'apns', APNS('b2')]]);
  });

  it('registers with an explicit customerId: the user’s own, the shop’s business and the operator', async () => {
    const fcm = { channel: 'fcm', token: 'fcm:APA91b-x_y' };
    const own = await register(hanako.token, { ...fcm, customerId: hanakoCustomer, deviceId: 'pixel-1' });
    expect(own.body).toMatchObject({ customerId: hanakoCustomer, channel: 'fcm', created: true });
    const business = await register(shopWrite, { ...fcm, customerId: taroCustomer, deviceId: 'pixel-2' });
    expect(business.status).toBe(200);
    expect(business.body).toMatchObject({ customerId: taroCustomer, deviceId: 'pixel-2', created: true });
    const web = { endpoint: 'https://push.example.test/send/abc', keys: { p256dh: 'BNc', auth: 'tBH' } };
    const operator = await register(TEST_OPERATOR_TOKEN, {
      customerId: taroCustomer,
      channel: 'web',
      deviceId: 'browser-1',
      token: JSON.stringify(web),
    });
    expect(operator.status).toBe(200);
    const stored = await tokensOf(taroCustomer);
    expect(stored.map((t) => t.deviceId).sort()).toEqual(expect.arrayContaining(['browser-1', 'pixel-2']));
    expect(stored.find((t) => t.deviceId === 'browser-1')?.pushToken).toBe(JSON.stringify(web));
  });

  it('leaves one row after 20 concurrent identical registrations', async () => {
    const body = { channel: 'apple-wallet', deviceId: `lib-${randomUUID()}`, token: APNS('c3') };
    const call = () => register(hanako.token, body);
    const contenders = Array.from({ length: 20 }, () => call);
    // On PostgreSQL every contender is held at a lock and released together; the embedded database
    // runs one statement at a time, so there they simply run concurrently.
    let answers: Awaited<ReturnType<typeof call>>[];
    if (service.env.databaseUrl) {
      const released = await releasedTogether(service.env.databaseUrl, 'notification_token', contenders, {
        waiters: 8,
      });
      expect(released.waiting, 'contenders held at the lock together').toBeGreaterThanOrEqual(8);
      answers = valuesOf(released);
    } else {
      answers = await Promise.all(contenders.map((c) => c()));
    }
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.created)).toHaveLength(1);
    const rows = await sql(service, 'select "id" from "notification_token" where "device_id" = ?', [body.deviceId]);
    expect(rows).toHaveLength(1);
  });

  const valid = { channel: 'apns', deviceId: 'iphone-9', token: APNS('d4') };
  it.each([
    ['no body', undefined, ['']],
    ['a body that is not an object', ['apns'], ['']],
    ['an empty object', {}, ['/channel', '/deviceId', '/token']],
    [
      'wrong types',
      { customerId: 5, channel: 1, deviceId: true, token: {} },
      ['/customerId', '/channel', '/deviceId', '/token'],
    ],
    ['an unknown channel', { ...valid, channel: 'sms' }, ['/channel']],
    ['a deviceId of 129 characters', { ...valid, deviceId: 'd'.repeat(129) }, ['/deviceId']],
    ['an empty deviceId and token', { ...valid, deviceId: '', token: '' }, ['/deviceId', '/token']],
    ['control characters', { ...valid, deviceId: 'a\tb', token: `${APNS('d4')}\n` }, ['/deviceId', '/token']],
    ['a token of 4097 characters', { ...valid, channel: 'fcm', token: 'f'.repeat(4097) }, ['/token']],
    ['an APNs token that is not hex', { ...valid, token: 'z'.repeat(64) }, ['/token']],
    [
      'a web token that is no subscription',
      { ...valid, channel: 'web', token: '{"endpoint":"http://x.test"}' },
      ['/token'],
    ],
    ['a customerId that is no UUID', { ...valid, customerId: 'hanako' }, ['/customerId']],
  ])('answers 400 for %s, naming every field, and changes nothing', async (_label, body, paths) => {
    const before = await allRows();
    const { status, body: problem } = await register(hanako.token, body);
    expect({ status, code: problem.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
    expect(await allRows()).toEqual(before);
  });

  it('answers 400 to a business token or the operator without customerId', async () => {
    for (const token of [shopWrite, TEST_OPERATOR_TOKEN]) {
      const { status, body } = await register(token, valid);
      expect({ status, code: body.code, errors: body.errors }).toEqual({
        status: 400,
        code: 'validation_failed',
        errors: [{ path: '/customerId', message: 'is required with a business token or the operator credential' }],
      });
    }
  });

  it('answers 401 without a token and with a bad one', async () => {
    const none = await register(undefined, valid);
    expect(none.status).toBe(401);
    expect(none.response.headers.get('www-authenticate')).toBe('Bearer');
    expect((await register('x.y.z', valid)).status).toBe(401);
  });

  it('answers 403 to a business token without store.customers.write', async () => {
    const { status, body } = await register(shopReadOnly, { ...valid, customerId: hanakoCustomer });
    expect({ status, code: body.code }).toEqual({ status: 403, code: 'insufficient_scope' });
  });

  it.each([
    ["another user's customer", () => register(taro.token, { ...valid, customerId: hanakoCustomer })],
    ["another business's token", () => register(otherShopWrite, { ...valid, customerId: hanakoCustomer })],
    [
      'a customer of another shop app',
      () => register(otherShopWrite, { ...valid, customerId: hanakoCustomer }, OTHER_SHOP),
    ],
    ['an unknown customer', () => register(shopWrite, { ...valid, customerId: randomUUID() })],
    ['an unknown shop', () => register(hanako.token, valid, `no-such-shop-${process.pid}`)],
    ['a user who is no customer of the shop', () => register(jiro.token, valid)],
  ])('answers 404 customer_not_found for %s and changes nothing', async (_label, call) => {
    const before = await allRows();
    const { status, body } = await call();
    expect({ status, code: body.code }).toEqual({ status: 404, code: 'customer_not_found' });
    expect(await allRows()).toEqual(before);
  });
});

describe('POST /api/v1/apps/{shopId}/tokens/unregister', () => {
  it('removes the token so nothing is delivered to it, and answers 204 again when it is gone', async () => {
    const address = { channel: 'apple-wallet', deviceId: 'lib-unregister' };
    expect((await register(hanako.token, { ...address, token: APNS('e5') })).status).toBe(200);
    expect((await tokensOf(hanakoCustomer)).map((t) => t.deviceId)).toContain('lib-unregister');

    const removed = await unregister(hanako.token, address);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect((await tokensOf(hanakoCustomer)).map((t) => t.deviceId)).not.toContain('lib-unregister');
    expect((await unregister(hanako.token, address)).status).toBe(204);
  });

  it("lets the shop's business unregister a customer's token", async () => {
    await register(shopWrite, { customerId: taroCustomer, channel: 'fcm', deviceId: 'pixel-9', token: 'tok' });
    const removed = await unregister(shopWrite, { customerId: taroCustomer, channel: 'fcm', deviceId: 'pixel-9' });
    expect(removed.status).toBe(204);
    expect((await tokensOf(taroCustomer)).map((t) => t.deviceId)).not.toContain('pixel-9');
  });

  it("answers 404 for another user's customer, leaving the token in place", async () => {
    const address = { customerId: hanakoCustomer, channel: 'fcm', deviceId: 'pixel-keep' };
    expect((await register(hanako.token, { ...address, token: 'keep' })).status).toBe(200);
    const foreign = await unregister(taro.token, address);
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 404, code: 'customer_not_found' });
    expect((await unregister(otherShopWrite, address)).status).toBe(404);
    expect((await tokensOf(hanakoCustomer)).map((t) => t.deviceId)).toContain('pixel-keep');
  });

  it.each([
    ['no body', undefined, ['']],
    ['an empty object', {}, ['/channel', '/deviceId']],
    [
      'an unknown channel and a long deviceId',
      { channel: 'sms', deviceId: 'd'.repeat(129) },
      ['/channel', '/deviceId'],
    ],
  ])('answers 400 for %s', async (_label, body, paths) => {
    const { status, body: problem } = await unregister(hanako.token, body);
    expect({ status, code: problem.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
  });

  it('answers 401 without a token and 403 without store.customers.write', async () => {
    const address = { customerId: hanakoCustomer, channel: 'fcm', deviceId: 'pixel-kept' };
    expect((await register(hanako.token, { ...address, token: 'kept' })).status).toBe(200);
    expect((await unregister(undefined, address)).status).toBe(401);
    expect((await unregister(shopReadOnly, address)).status).toBe(403);
    expect((await tokensOf(hanakoCustomer)).map((t) => t.deviceId)).toContain('pixel-kept');
  });
});
