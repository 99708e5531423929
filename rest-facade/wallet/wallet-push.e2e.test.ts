/**
 * POST /api/v1/apps/{shopId}/wallet/push/{customerId} and the wallet.push-updates job end to end, with
 * local fakes of APNs (h2c HTTP/2) and Google (token endpoint, Wallet API): one push per registered
 * Apple Wallet device with the pass type topic and a valid provider token, the Google card updated once,
 * gone devices unregistered, failures left for the job, and the job pushing changed passes once.
 * Answers are checked against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { unregisterToken } from '../../subgraphs/wallet/notification-token/notification-token.store.js';
import { WALLET_PUSH_JOB } from '../../subgraphs/wallet/push/wallet-push.job.js';
import { sql } from '../../test/fixtures/stores.fixtures.js';
import {
  APNS_KEY_ID,
  APNS_TEAM_ID,
  EMAIL,
  ISSUER,
  PASS_TYPE_ID,
  startWalletWorld,
  type WalletWorld,
} from '../../test/fixtures/wallet-google.fixtures.js';
import { TEST_OPERATOR_TOKEN } from '../../test/harness.js';

let w: WalletWorld;

beforeAll(async () => {
  w = await startWalletWorld();
});

const receivedBy = (pushToken: string) => w.apns.received.filter((r) => r.deviceToken === pushToken);

describe('POST /api/v1/apps/{shopId}/wallet/push/{customerId}', () => {
  it('200: one APNs push per registered Apple Wallet device and the Google card updated, counted', async () => {
    const { token, customerId } = await w.member();
    const [a, b, gone, ios] = [1, 2, 3, 4].map(() => randomUUID().replaceAll('-', ''));
    for (const t of [a!, b!, gone!]) await w.registerDevice(customerId, t);
    await w.registerDevice(customerId, ios!, 'ios');
    await unregisterToken(rootEntityManager(w.service.orm).fork(), {
      customerId,
      channel: 'apple-wallet',
      deviceId: `device-${gone}`,
    });
    await w.mobileB(customerId, token);
    const [googlePass] = await w.passes(customerId);
    const objectId = `${ISSUER}.${googlePass!.serial_number}`;
    const before = w.googleApi.updates.length;

    const answer = await w.push(customerId, token);
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
      const { payload } = await jwtVerify(bearer, w.apnsPublicKey, { issuer: APNS_TEAM_ID, algorithms: ['ES256'] });
      expect(typeof payload.iat).toBe('number');
    }
    expect(bearers.size).toBe(1); // one provider token, reused
    expect(receivedBy(gone!)).toEqual([]);
    expect(receivedBy(ios!)).toEqual([]);

    const updates = w.googleApi.updates.slice(before).filter((u) => u.objectId === objectId);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.body).toEqual({
      loyaltyPoints: { label: 'Points', balance: { int: 1200 } },
      textModulesData: [{ id: 'rank', header: 'Rank', body: 'ゴールド' }],
    });
    expect(updates[0]!.authorization).toMatch(/^Bearer fake-access-\d+$/);
    const grant = w.googleApi.tokenRequests[0]!;
    expect(grant.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload } = await jwtVerify(grant.assertion!, w.googlePublicKey, {
      issuer: EMAIL,
      audience: w.googleApi.tokenUrl,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
  });

  it('unregisters a device APNs calls gone and does not count it; a card Google does not know is not counted', async () => {
    const { customerId } = await w.member();
    const [live, unregistered, bad] = [1, 2, 3].map(() => randomUUID().replaceAll('-', ''));
    for (const t of [live!, unregistered!, bad!]) await w.registerDevice(customerId, t);
    w.apns.answers.set(unregistered!, { status: 410, reason: 'Unregistered' });
    w.apns.answers.set(bad!, { status: 400, reason: 'BadDeviceToken' });
    await w.mobileB(customerId, TEST_OPERATOR_TOKEN);
    const [googlePass] = await w.passes(customerId);
    w.googleApi.missing.add(`${ISSUER}.${googlePass!.serial_number}`);

    const answer = await w.push(customerId, await w.owner.token(['store.customers.write']));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 1, apple: 1, google: 0 });
    const left = await sql<{ device_id: string }>(
      w.service,
      'select "device_id" from "notification_token" where "customer_id" = ? order by "device_id"',
      [customerId],
    );
    expect(left.map((r) => r.device_id)).toEqual([`device-${live}`]);
  });

  it('a failing platform counts 0 and leaves its pass stale for the job; the other still counts', async () => {
    const { customerId } = await w.member();
    const device = randomUUID().replaceAll('-', '');
    await w.registerDevice(customerId, device);
    await w.mobileB(customerId, TEST_OPERATOR_TOKEN);
    const [before] = await w.passes(customerId);
    w.googleApi.failing = true;
    try {
      const answer = await w.push(customerId, TEST_OPERATOR_TOKEN);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ updates: 1, apple: 1, google: 0 });
    } finally {
      w.googleApi.failing = false;
    }
    const [after] = await w.passes(customerId);
    expect(new Date(after!.last_pushed_at!).getTime()).toBe(new Date(before!.last_pushed_at!).getTime());
  });

  it('200 with nothing to push: no devices, no card', async () => {
    const { token, customerId } = await w.member();
    const answer = await w.push(customerId, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 0, apple: 0, google: 0 });
  });

  it('401 without a token; 403 for a business token without store.customers.write', async () => {
    const { customerId } = await w.member();
    const device = randomUUID().replaceAll('-', '');
    await w.registerDevice(customerId, device);
    expect((await w.push(customerId)).status).toBe(401);
    const forbidden = await w.push(customerId, await w.owner.token(['store.customers.read']));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'insufficient_scope' });
    expect(receivedBy(device)).toEqual([]);
  });

  it("404 customer_not_found for another user's customer, and nothing is sent", async () => {
    const mine = await w.member();
    const other = await w.member();
    const device = randomUUID().replaceAll('-', '');
    await w.registerDevice(other.customerId, device);
    for (const [customerId, shop] of [
      [other.customerId, w.shopId],
      [randomUUID(), w.shopId],
      [other.customerId, 'no-such-shop'],
    ] as const) {
      const answer = await w.push(customerId, mine.token, shop);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'customer_not_found' });
    }
    expect(receivedBy(device)).toEqual([]);
  });
});

describe('the wallet.push-updates job', () => {
  it('pushes passes whose points or rank changed since their last push, once', async () => {
    const { customerId } = await w.member();
    const device = randomUUID().replaceAll('-', '');
    await w.registerDevice(customerId, device);
    await w.mobileB(customerId, TEST_OPERATOR_TOKEN);
    const [googlePass] = await w.passes(customerId);
    const objectId = `${ISSUER}.${googlePass!.serial_number}`;
    const job = w.service.jobs.jobs.find((j) => j.name === WALLET_PUSH_JOB)!;

    await w.service.jobs.runOnce(job);
    expect(w.googleApi.updates.filter((u) => u.objectId === objectId)).toEqual([]);

    await sql(
      w.service,
      `update "customer" set "points" = 40, "rank_code" = 'bronze', "pass_updated_at" = now() where "id" = ?`,
      [customerId],
    );
    // The service's own worker may run the job first; either way it pushes once.
    for (let i = 0; i < 50 && w.googleApi.updates.every((u) => u.objectId !== objectId); i++) {
      await w.service.jobs.runOnce(job);
    }
    const updates = w.googleApi.updates.filter((u) => u.objectId === objectId);
    expect(updates.map((u) => u.body)).toEqual([
      {
        loyaltyPoints: { label: 'Points', balance: { int: 40 } },
        textModulesData: [{ id: 'rank', header: 'Rank', body: 'ブロンズ' }],
      },
    ]);
    expect(receivedBy(device)).toHaveLength(1);
    const [after] = await sql<{ stale: boolean }>(
      w.service,
      `select bool_or(p."last_pushed_at" < c."pass_updated_at") as "stale"
       from "wallet_pass" p join "customer" c on c."id" = p."customer_id" where c."id" = ?`,
      [customerId],
    );
    expect(after!.stale).toBe(false);
    await w.service.jobs.runOnce(job);
    expect(w.googleApi.updates.filter((u) => u.objectId === objectId)).toHaveLength(1);
  });
});
