/**
 * mobile-b and wallet push end to end, with Google and APNs material configured and local fakes in
 * their place (an h2c APNs server, a Google token endpoint and Wallet API): the save link's JWT verifies
 * with the service account's public key and carries the class and object; a push reaches every
 * registered Apple Wallet device once with the pass type topic and a valid provider token, and the
 * Google card once; gone devices are unregistered; the worker's job pushes changed passes. Every
 * status of both rows, each answer checked against the OpenAPI document.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerToken, unregisterToken } from '../../subgraphs/wallet/notification-token/notification-token.store.js';
import { WALLET_PUSH_JOB } from '../../subgraphs/wallet/push/wallet-push.job.js';
import { startFakeApns, type FakeApns } from '../../test/fixtures/fake-apns.js';
import { startFakeGoogleWallet, type FakeGoogleWallet } from '../../test/fixtures/fake-google-wallet.js';
import { registerApp, type App } from '../../test/fixtures/oauth.fixtures.js';
import { freePort } from '../../test/fixtures/ports.js';
import {
  businessOwner,
  consumer,
  createShopApp,
  sql,
  type BusinessOwner,
} from '../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../test/fixtures/wallet.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';

const ISSUER = '3388000000022222222';
const EMAIL = 'wallet-issuer@test-project.iam.gserviceaccount.com';
const PASS_TYPE_ID = 'pass.test.retail.membership';
const APNS_KEY_ID = 'APNSKEY123';
const APNS_TEAM_ID = 'TEAM987654';
const USER_APP_SCOPES = ['user.profile.read'];
const BUSINESS_APP_SCOPES = ['store.customers.read', 'store.customers.write'];

const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
const apnsKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });

let service: TestService;
let apns: FakeApns;
let googleApi: FakeGoogleWallet;
let app: App;
let businessApp: App;
let owner: BusinessOwner;
let shopId: string;
let serial = 0;

beforeAll(async () => {
  [apns, googleApi] = await Promise.all([startFakeApns(), startFakeGoogleWallet()]);
  const port = await freePort();
  service = await startTestService({
    demoData: false,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
        type: 'service_account',
        client_email: EMAIL,
        private_key_id: 'google-key-1',
        private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      }),
      GOOGLE_WALLET_API_URL: googleApi.apiUrl,
      GOOGLE_OAUTH_TOKEN_URL: googleApi.tokenUrl,
      APNS_KEY: apnsKey.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      APNS_KEY_ID,
      APNS_TEAM_ID,
      APNS_URL: apns.url,
      APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
    },
  });
  app = await registerApp(service, USER_APP_SCOPES);
  businessApp = await registerApp(service, BUSINESS_APP_SCOPES);
  owner = await businessOwner(service, businessApp);
  shopId = await newShop(owner.businessAccountId);
});

const MEMBERSHIP_CARD = {
  ranks: [
    { code: 'bronze', name: 'ブロンズ', minPoints: 0, color: '#aa7733', benefits: [] },
    { code: 'gold', name: 'ゴールド', minPoints: 1000, color: '#ddbb00', benefits: ['5% off'] },
  ],
  pointRules: { yenPerPoint: 100, pointsOnSignUp: 0, pointsPerVisit: 0, expiryMonths: null },
  design: {
    backgroundColor: '#112233',
    foregroundColor: '#ffffff',
    labelColor: '#cccccc',
    logoText: 'さくら会員',
    barcodeFormat: 'code128',
  },
};

async function newShop(businessAccountId: string): Promise<string> {
  const id = `gw-${process.pid}-${++serial}`;
  await createShopApp(service, id, businessAccountId);
  await sql(service, `update "shop_app" set "membership_card" = ?::jsonb, "logo_url" = ? where "shop_id" = ?`, [
    JSON.stringify(MEMBERSHIP_CARD),
    'https://cdn.example.test/logo.png',
    id,
  ]);
  return id;
}

/** A consumer with a user token and their customer at `shop`. */
async function member(shop = shopId, points = 1200) {
  const user = await consumer(service, app, ['user.profile.read']);
  const customerId = await insertCustomer(service, shop, user.userId, { points, rankCode: 'gold' });
  return { ...user, customerId };
}

const mobileB = (customerId: string, token?: string, shop = shopId) =>
  service.rest('GET', `/api/v1/apps/${shop}/wallet/mobile-b/${customerId}`, token);
const push = (customerId: string, token?: string, shop = shopId) =>
  service.rest('POST', `/api/v1/apps/${shop}/wallet/push/${customerId}`, token);

async function passes(customerId: string) {
  return sql<{ platform: string; serial_number: string; last_pushed_at: Date | string | null }>(
    service,
    'select "platform", "serial_number", "last_pushed_at" from "wallet_pass" where "customer_id" = ? order by "platform"',
    [customerId],
  );
}

async function registerAppleDevice(customerId: string, pushToken: string, channel = 'apple-wallet') {
  const em = rootEntityManager(service.orm).fork();
  await registerToken(em, service.env, { customerId, channel, deviceId: `device-${pushToken}`, pushToken });
}

describe('GET /api/v1/apps/{shopId}/wallet/mobile-b/{customerId}', () => {
  it('200: a save URL whose JWT verifies with the service account key and carries the class and object', async () => {
    const { token, customerId } = await member();
    const answer = await mobileB(customerId, token);
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('cache-control')).toBe('no-store');
    const saveUrl = answer.body.saveUrl as string;
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: 'google-key-1' });
    const { payload } = await jwtVerify(jwt, google.publicKey, {
      issuer: EMAIL,
      audience: 'google',
      algorithms: ['RS256'],
    });
    const [pass] = await passes(customerId);
    expect(pass).toMatchObject({ platform: 'mobile-b' });
    expect(pass!.last_pushed_at).not.toBeNull();
    const [customer] = await sql<{ member_number: string }>(
      service,
      'select "member_number" from "customer" where "id" = ?',
      [customerId],
    );
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [] });
    expect(payload.payload).toEqual({
      loyaltyClasses: [
        {
          id: `${ISSUER}.${shopId}`,
          issuerName: 'App',
          programName: 'さくら会員',
          programLogo: { sourceUri: { uri: 'https://cdn.example.test/logo.png' } },
          hexBackgroundColor: '#112233',
          reviewStatus: 'UNDER_REVIEW',
        },
      ],
      loyaltyObjects: [
        {
          id: `${ISSUER}.${pass!.serial_number}`,
          classId: `${ISSUER}.${shopId}`,
          state: 'ACTIVE',
          accountId: customer!.member_number,
          barcode: { type: 'CODE_128', value: customer!.member_number, alternateText: customer!.member_number },
          loyaltyPoints: { label: 'Points', balance: { int: 1200 } },
          textModulesData: [{ id: 'rank', header: 'Rank', body: 'ゴールド' }],
        },
      ],
    });
  });

  it("200 for the shop's business token and the operator, the same card (one pass row)", async () => {
    const { token, customerId } = await member();
    const objectOf = async (t: string) => {
      const answer = await mobileB(customerId, t);
      expect(answer.status).toBe(200);
      const jwt = (answer.body.saveUrl as string).split('/').pop()!;
      const { payload } = await jwtVerify(jwt, google.publicKey);
      return (payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
    };
    const ids = [
      await objectOf(token),
      await objectOf(await owner.token(['store.customers.read'])),
      await objectOf(TEST_OPERATOR_TOKEN),
    ];
    expect(new Set(ids).size).toBe(1);
    expect(await passes(customerId)).toHaveLength(1);
  });

  it('creates one pass under concurrent first calls', async () => {
    const { token, customerId } = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => mobileB(customerId, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await passes(customerId)).toHaveLength(1);
  });

  it('401 without a token or with an invalid one', async () => {
    const { customerId } = await member();
    expect((await mobileB(customerId)).status).toBe(401);
    const invalid = await mobileB(customerId, 'not-a-token');
    expect(invalid.status).toBe(401);
    expect(await passes(customerId)).toEqual([]);
  });

  it('403 for a business token without store.customers.read', async () => {
    const { customerId } = await member();
    const answer = await mobileB(customerId, await owner.token(['store.customers.write']));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'insufficient_scope' });
  });

  it("404 customer_not_found: unknown, malformed, another user's, another business's, another shop's", async () => {
    const mine = await member();
    const other = await member();
    const otherBusiness = await businessOwner(service, businessApp);
    const otherShop = await newShop(owner.businessAccountId);
    const cases: [string, string, string][] = [
      [randomUUID(), mine.token, shopId],
      ['not-a-uuid', mine.token, shopId],
      [other.customerId, mine.token, shopId],
      [mine.customerId, await otherBusiness.token(['store.customers.read']), shopId],
      [mine.customerId, TEST_OPERATOR_TOKEN, otherShop],
      [mine.customerId, TEST_OPERATOR_TOKEN, 'no-such-shop'],
    ];
    for (const [customerId, token, shop] of cases) {
      const answer = await mobileB(customerId, token, shop);
      expect(answer.status, `${customerId} at ${shop}`).toBe(404);
      expect(answer.body).toMatchObject({ code: 'customer_not_found' });
    }
    expect(await passes(mine.customerId)).toEqual([]);
  });
});

const receivedBy = (pushToken: string) => apns.received.filter((r) => r.deviceToken === pushToken);

describe('POST /api/v1/apps/{shopId}/wallet/push/{customerId}', () => {
  it('200: one APNs push per registered Apple Wallet device and the Google card updated, counted', async () => {
    const { token, customerId } = await member();
    const [a, b, gone, ios] = [1, 2, 3, 4].map(() => randomUUID().replaceAll('-', ''));
    for (const t of [a!, b!, gone!]) await registerAppleDevice(customerId, t);
    await registerAppleDevice(customerId, ios!, 'ios');
    await unregisterToken(rootEntityManager(service.orm).fork(), {
      customerId,
      channel: 'apple-wallet',
      deviceId: `device-${gone}`,
    });
    await mobileB(customerId, token);
    const [googlePass] = await passes(customerId);
    const objectId = `${ISSUER}.${googlePass!.serial_number}`;
    const before = googleApi.updates.length;

    const answer = await push(customerId, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 3, apple: 2, google: 1 });

    const bearers = new Set<string>();
    for (const device of [a!, b!]) {
      const [received, ...more] = receivedBy(device);
      expect(more).toEqual([]);
      expect(received).toMatchObject({
        path: `/3/device/${device}`,
        body: '{}',
        headers: { 'apns-topic': PASS_TYPE_ID, ':method': 'POST' },
      });
      const bearer = String(received!.headers.authorization).replace(/^bearer /, '');
      bearers.add(bearer);
      expect(decodeProtectedHeader(bearer)).toMatchObject({ alg: 'ES256', kid: APNS_KEY_ID });
      const { payload } = await jwtVerify(bearer, apnsKey.publicKey, { issuer: APNS_TEAM_ID, algorithms: ['ES256'] });
      expect(typeof payload.iat).toBe('number');
    }
    expect(bearers.size).toBe(1); // one provider token, reused
    expect(receivedBy(gone!)).toEqual([]);
    expect(receivedBy(ios!)).toEqual([]);

    const updates = googleApi.updates.slice(before).filter((u) => u.objectId === objectId);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.body).toEqual({
      loyaltyPoints: { label: 'Points', balance: { int: 1200 } },
      textModulesData: [{ id: 'rank', header: 'Rank', body: 'ゴールド' }],
    });
    expect(updates[0]!.authorization).toMatch(/^Bearer fake-access-\d+$/);
    const grant = googleApi.tokenRequests[0]!;
    expect(grant.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload } = await jwtVerify(grant.assertion!, google.publicKey, {
      issuer: EMAIL,
      audience: googleApi.tokenUrl,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
  });

  it('unregisters a device APNs calls gone and does not count it; a card Google does not know is not counted', async () => {
    const { customerId } = await member();
    const [live, unregistered, bad] = [1, 2, 3].map(() => randomUUID().replaceAll('-', ''));
    for (const t of [live!, unregistered!, bad!]) await registerAppleDevice(customerId, t);
    apns.answers.set(unregistered!, { status: 410, reason: 'Unregistered' });
    apns.answers.set(bad!, { status: 400, reason: 'BadDeviceToken' });
    await mobileB(customerId, TEST_OPERATOR_TOKEN);
    const [googlePass] = await passes(customerId);
    googleApi.missing.add(`${ISSUER}.${googlePass!.serial_number}`);

    const answer = await push(customerId, await owner.token(['store.customers.write']));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 1, apple: 1, google: 0 });
    const left = await sql<{ device_id: string }>(
      service,
      'select "device_id" from "notification_token" where "customer_id" = ? order by "device_id"',
      [customerId],
    );
    expect(left.map((r) => r.device_id)).toEqual([`device-${live}`]);
  });

  it('a failing platform counts 0 and leaves its pass stale for the job; the other still counts', async () => {
    const { customerId } = await member();
    const device = randomUUID().replaceAll('-', '');
    await registerAppleDevice(customerId, device);
    await mobileB(customerId, TEST_OPERATOR_TOKEN);
    const [before] = await passes(customerId);
    googleApi.failing = true;
    try {
      const answer = await push(customerId, TEST_OPERATOR_TOKEN);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ updates: 1, apple: 1, google: 0 });
    } finally {
      googleApi.failing = false;
    }
    const [after] = await passes(customerId);
    expect(new Date(after!.last_pushed_at!).getTime()).toBe(new Date(before!.last_pushed_at!).getTime());
  });

  it('200 with nothing to push: no devices, no card', async () => {
    const { token, customerId } = await member();
    const answer = await push(customerId, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 0, apple: 0, google: 0 });
  });

  it('401 without a token; 403 for a business token without store.customers.write', async () => {
    const { customerId } = await member();
    const device = randomUUID().replaceAll('-', '');
    await registerAppleDevice(customerId, device);
    expect((await push(customerId)).status).toBe(401);
    const forbidden = await push(customerId, await owner.token(['store.customers.read']));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'insufficient_scope' });
    expect(receivedBy(device)).toEqual([]);
  });

  it("404 customer_not_found for another user's customer, and nothing is sent", async () => {
    const mine = await member();
    const other = await member();
    const device = randomUUID().replaceAll('-', '');
    await registerAppleDevice(other.customerId, device);
    for (const [customerId, shop] of [
      [other.customerId, shopId],
      [randomUUID(), shopId],
      [other.customerId, 'no-such-shop'],
    ] as const) {
      const answer = await push(customerId, mine.token, shop);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'customer_not_found' });
    }
    expect(receivedBy(device)).toEqual([]);
  });
});

describe('the wallet.push-updates job', () => {
  it('pushes passes whose points or rank changed since their last push, once', async () => {
    const { customerId } = await member();
    const device = randomUUID().replaceAll('-', '');
    await registerAppleDevice(customerId, device);
    await mobileB(customerId, TEST_OPERATOR_TOKEN);
    const [googlePass] = await passes(customerId);
    const objectId = `${ISSUER}.${googlePass!.serial_number}`;
    const job = service.jobs.jobs.find((j) => j.name === WALLET_PUSH_JOB)!;

    await service.jobs.runOnce(job);
    expect(googleApi.updates.filter((u) => u.objectId === objectId)).toEqual([]);

    await sql(
      service,
      `update "customer" set "points" = 40, "rank_code" = 'bronze', "pass_updated_at" = now() where "id" = ?`,
      [customerId],
    );
    // The service's own worker may run the job first; either way it pushes once.
    for (let i = 0; i < 50 && googleApi.updates.every((u) => u.objectId !== objectId); i++) {
      await service.jobs.runOnce(job);
    }
    const updates = googleApi.updates.filter((u) => u.objectId === objectId);
    expect(updates.map((u) => u.body)).toEqual([
      {
        loyaltyPoints: { label: 'Points', balance: { int: 40 } },
        textModulesData: [{ id: 'rank', header: 'Rank', body: 'ブロンズ' }],
      },
    ]);
    expect(receivedBy(device)).toHaveLength(1);
    const [after] = await sql<{ stale: boolean }>(
      service,
      `select bool_or(p."last_pushed_at" < c."pass_updated_at") as "stale"
       from "wallet_pass" p join "customer" c on c."id" = p."customer_id" where c."id" = ?`,
      [customerId],
    );
    expect(after!.stale).toBe(false);
    await service.jobs.runOnce(job);
    expect(googleApi.updates.filter((u) => u.objectId === objectId)).toHaveLength(1);
  });
});
