/**
 * The Apple Wallet rows through the facade (every response checked against the OpenAPI document by
 * the contract setup): the .pkpass of GET .../wallet/mobile-a/{customerId} unzipped, its manifest
 * digests and its PKCS#7 signature checked with openssl against a test CA made here; who may fetch it
 * (401, 403, 404) and 503 until signing material exists; then Apple's pass web service: register,
 * list changed serials, the latest pass with If-Modified-Since, unregister and log.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/fixtures/ports.js';
import { registerApp } from '../../test/fixtures/oauth.fixtures.js';
import {
  business,
  consumer,
  createShopApp,
  type Business,
  type Consumer,
} from '../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../test/fixtures/wallet.fixtures.js';
import { readZip } from '../../test/fixtures/zip-reader.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { createDevAppleMaterial, type DevAppleMaterial } from '../../subgraphs/wallet/apple/dev-material.js';

const SHOP = `apple-${process.pid}`;
const PASS_TYPE = 'pass.test.example.membership';
const dir = mkdtempSync(join(tmpdir(), 'apple-wallet-'));
const file = (name: string) => join(dir, name);

let service: TestService;
let material: DevAppleMaterial;
let reader: Business;
let writerOnly: Business;
let hanako: Consumer;
let stranger: Consumer;
let customer: string;

beforeAll(async () => {
  material = createDevAppleMaterial(PASS_TYPE, 'TEAM123456');
  writeMaterial();
  const port = await freePort();
  service = await startTestService({
    demoData: false,
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APPLE_PASS_TYPE_ID: PASS_TYPE,
      APPLE_TEAM_ID: 'TEAM123456',
      // Read when needed: the 503 test takes one away and puts it back.
      APPLE_PASS_CERT_FILE: file('cert.pem'),
      APPLE_PASS_KEY_FILE: file('key.pem'),
      APPLE_WWDR_CERT_FILE: file('wwdr.pem'),
    },
  });
  const userApp = await registerApp(service, ['user.profile.read']);
  reader = await business(service, await registerApp(service, ['store.customers.read']), ['store.customers.read']);
  writerOnly = await business(service, await registerApp(service, ['store.info.read']), ['store.info.read']);
  await createShopApp(service, SHOP, reader.businessAccountId);
  const card = await service.graphql(
    'mutation($s: String!, $i: MembershipCardConfigInput!) { setMembershipCardConfig(shopId: $s, input: $i) { updatedAt } }',
    {
      s: SHOP,
      i: {
        ranks: [
          { code: 'silver', name: 'シルバー', minPoints: 0, color: '#C0C0C0', benefits: [] },
          { code: 'gold', name: 'ゴールド', minPoints: 1000, color: '#D4AF37', benefits: ['5% off'] },
        ],
        pointRules: { yenPerPoint: 100, pointsOnSignUp: 0, pointsPerVisit: 0, expiryMonths: null },
        design: {
          backgroundColor: '#102030',
          foregroundColor: '#FFFFFF',
          labelColor: '#A0B0C0',
          logoText: 'さくら会員',
          barcodeFormat: 'code128',
        },
      },
    },
    TEST_OPERATOR_TOKEN,
  );
  expect(card.errors).toBeUndefined();
  hanako = await consumer(service, userApp, ['user.profile.read']);
  stranger = await consumer(service, userApp, ['user.profile.read']);
  customer = await insertCustomer(service, SHOP, hanako.userId, {
    points: 1200,
    rankCode: 'gold',
    memberNumber: '20250001',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeMaterial(): void {
  writeFileSync(file('cert.pem'), material.passCertificate);
  writeFileSync(file('key.pem'), material.passKey);
  writeFileSync(file('wwdr.pem'), material.caCertificate);
}

const mobileA = (token?: string, id = customer, shop = SHOP) =>
  service.call(
    `/api/v1/apps/${shop}/wallet/mobile-a/${id}`,
    token ? { headers: { authorization: `Bearer ${token}` } } : {},
  );

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await response.json()) as { status: number; code: string };
}

/** openssl's verdict on `signature` over `manifest` against the test CA: true when it verifies. */
function opensslVerifies(manifest: Buffer, signature: Buffer): boolean {
  writeFileSync(file('manifest.json'), manifest);
  writeFileSync(file('signature'), signature);
  writeFileSync(file('ca.pem'), material.caCertificate);
  try {
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'der',
        '-in',
        file('signature'),
        '-content',
        file('manifest.json'),
        '-CAfile',
        file('ca.pem'),
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('GET /api/v1/apps/{shopId}/wallet/mobile-a/{customerId}', () => {
  it('answers 503 wallet_not_configured while the signing material is missing, 200 once it is back', async () => {
    rmSync(file('cert.pem'));
    try {
      const response = await mobileA(hanako.token);
      expect(response.status).toBe(503);
      expect(await problemOf(response)).toMatchObject({ code: 'wallet_not_configured' });
    } finally {
      writeMaterial();
    }
    expect((await mobileA(hanako.token)).status).toBe(200);
  });

  it("answers the customer's signed .pkpass: digests match, openssl verifies it, a tampered manifest fails", async () => {
    const response = await mobileA(hanako.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('content-disposition')).toContain(`attachment; filename="${SHOP}.pkpass"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const members = readZip(Buffer.from(await response.arrayBuffer()));
    expect([...members.keys()].sort()).toEqual(
      ['icon.png', 'icon@2x.png', 'logo.png', 'manifest.json', 'pass.json', 'signature'].sort(),
    );
    const manifest = JSON.parse(members.get('manifest.json')!.toString()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'pass.json']);
    for (const [name, digest] of Object.entries(manifest)) expect(sha1(members.get(name)!), name).toBe(digest);
    expect(members.get('icon.png')!.subarray(1, 4).toString()).toBe('PNG');
    expect(opensslVerifies(members.get('manifest.json')!, members.get('signature')!)).toBe(true);
    const tampered = Buffer.from(
      members
        .get('manifest.json')!
        .toString()
        .replace(/"pass.json":"./, '"pass.json":"0'),
    );
    expect(opensslVerifies(tampered, members.get('signature')!)).toBe(false);
  });

  it('prints pass.json for the customer and keeps one serial per customer', async () => {
    type PassJson = Record<string, unknown> & {
      authenticationToken: string;
      serialNumber: string;
      storeCard: Record<'headerFields' | 'secondaryFields', { key: string; value: unknown }[]>;
    };
    const pass = async () => (await passOf(hanako.token)) as unknown as PassJson;
    const first = await pass();
    const rows = await rootEntityManager(service.orm)
      .fork()
      .execute<{ serial_number: string; last_pushed_at: Date | null }[]>(
        `select "serial_number", "last_pushed_at" from "wallet_pass" where "customer_id" = ? and "platform" = 'mobile-a'`,
        [customer],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.last_pushed_at).not.toBeNull();
    expect(first).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: 'TEAM123456',
      serialNumber: rows[0]!.serial_number,
      webServiceURL: `${service.env.publicUrl}/api/v1/wallet/apple`,
      logoText: 'さくら会員',
      backgroundColor: 'rgb(16, 32, 48)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(160, 176, 192)',
      barcodes: [expect.objectContaining({ format: 'PKBarcodeFormatCode128', message: '20250001' })],
    });
    expect(first.authenticationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fields = [...first.storeCard.headerFields, ...first.storeCard.secondaryFields] as {
      key: string;
      value: unknown;
    }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        // The web service tests add points (in any order), so the balance is read back.
        expect.objectContaining({ key: 'points', value: await pointsOf(customer) }),
        expect.objectContaining({ key: 'rank', value: 'ゴールド' }),
        expect.objectContaining({ key: 'member', value: '20250001' }),
      ]),
    );
    const second = await pass();
    expect(second.serialNumber).toBe(first.serialNumber);
    expect(second.authenticationToken).toBe(first.authenticationToken);
  });

  it("answers the shop's business (store.customers.read) and the operator", async () => {
    expect((await mobileA(reader.token)).status).toBe(200);
    expect((await mobileA(TEST_OPERATOR_TOKEN)).status).toBe(200);
  });

  it("answers 404 customer_not_found for an unknown customer, another user's, and an unknown shop", async () => {
    for (const response of [
      await mobileA(hanako.token, randomUUID()),
      await mobileA(stranger.token),
      await mobileA(hanako.token, customer, `${SHOP}-none`),
      await mobileA(TEST_OPERATOR_TOKEN, 'not-a-uuid'),
    ]) {
      expect(response.status).toBe(404);
      expect(await problemOf(response)).toMatchObject({ code: 'customer_not_found' });
    }
  });

  it('answers 401 without a token and 403 for a business token without store.customers.read', async () => {
    const anonymous = await mobileA();
    expect(anonymous.status).toBe(401);
    await problemOf(anonymous);
    const wrongScope = await mobileA(writerOnly.token);
    expect(wrongScope.status).toBe(403);
    expect(await problemOf(wrongScope)).toMatchObject({ code: 'insufficient_scope' });
  });
});

const WS = '/api/v1/wallet/apple/v1';

async function passOf(token: string): Promise<{ serialNumber: string; authenticationToken: string }> {
  const response = await mobileA(token);
  expect(response.status).toBe(200);
  return JSON.parse(
    readZip(Buffer.from(await response.arrayBuffer()))
      .get('pass.json')!
      .toString(),
  ) as never;
}

const registration = (device: string, serial: string) => `${WS}/devices/${device}/registrations/${PASS_TYPE}/${serial}`;
const applePass = (token: string) => ({ authorization: `ApplePass ${token}` });

function register(device: string, serial: string, token: string, body: unknown = { pushToken: `apns-${device}` }) {
  return service.call(registration(device, serial), {
    method: 'POST',
    headers: { ...applePass(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function bumpPass(customerId: string): Promise<void> {
  await rootEntityManager(service.orm)
    .fork()
    .execute(
      `update "customer" set "pass_updated_at" = greatest("pass_updated_at", now()) + interval '2 seconds', "points" = "points" + 1 where "id" = ?`,
      [customerId],
    );
}

async function pointsOf(customerId: string): Promise<number> {
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ points: number }[]>('select "points" from "customer" where "id" = ?', [customerId]);
  return rows[0]!.points;
}

async function tokenRows(device: string): Promise<number> {
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ n: string | number }[]>(
      `select count(*) as "n" from "notification_token" where "channel" = 'apple-wallet' and "device_id" = ?`,
      [device],
    );
  return Number(rows[0]!.n);
}

describe('Apple Wallet web service', () => {
  it('registers a device (201, then 200), refuses a wrong token (401) and a missing pushToken (400)', async () => {
    const pass = await passOf(hanako.token);
    const device = `device-${randomUUID()}`;
    expect((await register(device, pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    const again = await register(device, pass.serialNumber, pass.authenticationToken, { pushToken: 'apns-new' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ created: false });
    expect(await tokenRows(device)).toBe(1);
    const wrong = await register(`other-${device}`, pass.serialNumber, `${pass.authenticationToken.slice(1)}A`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('ApplePass');
    expect(await problemOf(wrong)).toMatchObject({ code: 'invalid_pass_token' });
    expect((await register(`other-${device}`, 'no-such-serial', pass.authenticationToken)).status).toBe(401);
    const bad = await register(`other-${device}`, pass.serialNumber, pass.authenticationToken, {});
    expect(bad.status).toBe(400);
    expect(await tokenRows(`other-${device}`)).toBe(0);
  });

  it('lists the changed serials (200) with a tag, 204 when nothing changed since it, 200 again after a change', async () => {
    const pass = await passOf(hanako.token);
    const device = `device-${randomUUID()}`;
    expect((await register(device, pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    const list = (since?: string) =>
      service.call(`${WS}/devices/${device}/registrations/${PASS_TYPE}${since ? `?passesUpdatedSince=${since}` : ''}`);
    const all = await list();
    expect(all.status).toBe(200);
    const body = (await all.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(body.serialNumbers).toEqual([pass.serialNumber]);
    expect(body.lastUpdated).toMatch(/^\d+$/);
    expect((await list(body.lastUpdated)).status).toBe(204);
    await bumpPass(customer);
    const changed = await list(body.lastUpdated);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([pass.serialNumber]);
    expect((await service.call(`${WS}/devices/unknown-device/registrations/${PASS_TYPE}`)).status).toBe(204);
  });

  it('answers the latest pass with Last-Modified, 304 to an If-Modified-Since not older, 200 after a change, 401 for a wrong token', async () => {
    const pass = await passOf(hanako.token);
    const latest = (token: string, since?: string) =>
      service.call(`${WS}/passes/${PASS_TYPE}/${pass.serialNumber}`, {
        headers: { ...applePass(token), ...(since ? { 'if-modified-since': since } : {}) },
      });
    const first = await latest(pass.authenticationToken);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    const lastModified = first.headers.get('last-modified')!;
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    const members = readZip(Buffer.from(await first.arrayBuffer()));
    expect(opensslVerifies(members.get('manifest.json')!, members.get('signature')!)).toBe(true);
    expect((await latest(pass.authenticationToken, lastModified)).status).toBe(304);
    await bumpPass(customer);
    const changed = await latest(pass.authenticationToken, lastModified);
    expect(changed.status).toBe(200);
    const points = JSON.parse(
      readZip(Buffer.from(await changed.arrayBuffer()))
        .get('pass.json')!
        .toString(),
    ) as {
      storeCard: { headerFields: { value: number }[] };
    };
    expect(points.storeCard.headerFields[0]!.value).toBe(await pointsOf(customer));
    const wrong = await latest('x'.repeat(43));
    expect(wrong.status).toBe(401);
    await problemOf(wrong);
  });

  it('unregisters a device (200, its token row gone) and takes log lines (200)', async () => {
    const pass = await passOf(hanako.token);
    const device = `device-${randomUUID()}`;
    expect((await register(device, pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    const unregister = (token: string) =>
      service.call(registration(device, pass.serialNumber), { method: 'DELETE', headers: applePass(token) });
    expect((await unregister('wrong')).status).toBe(401);
    expect(await tokenRows(device)).toBe(1);
    const removed = await unregister(pass.authenticationToken);
    expect(removed.status).toBe(200);
    expect(await tokenRows(device)).toBe(0);
    const log = await service.rest('POST', `${WS}/log`, undefined, { logs: ['Wallet could not reach the service'] });
    expect(log).toMatchObject({ status: 200, body: { logged: true } });
    expect((await service.rest('POST', `${WS}/log`, undefined, { logs: [1] })).status).toBe(400);
  });
});
