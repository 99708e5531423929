/**
 * GET /api/v1/apps/{shopId}/wallet/mobile-a/{customerId} through the facade (every response checked
 * against the OpenAPI document by the contract setup): the .pkpass unzipped, its manifest digests and
 * its PKCS#7 signature checked with openssl against a test CA made for the test; pass.json; one serial
 * per customer also under concurrency; who may fetch it (401, 403, 404); 503 without signing material.
 */
import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLE_PASS_TYPE,
  fetchMobileA,
  opensslVerifies,
  passJsonOf,
  pkpassMembers,
  pointsOf,
  problemOf,
  startAppleWalletWorld,
  type AppleWalletWorld,
} from '../../test/fixtures/apple-wallet.fixtures.js';
import { insertCustomer } from '../../test/fixtures/wallet.fixtures.js';
import { TEST_OPERATOR_TOKEN } from '../../test/harness.js';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';

let world: AppleWalletWorld;
beforeAll(async () => {
  world = await startAppleWalletWorld();
});
afterAll(() => world.close());

const mobileA = (token?: string, id?: string, shop?: string) => fetchMobileA(world, token, id, shop);
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('GET /api/v1/apps/{shopId}/wallet/mobile-a/{customerId}', () => {
  it('answers 503 wallet_not_configured while the signing material is missing, 200 once it is back', async () => {
    rmSync(world.file('cert.pem'));
    try {
      const response = await mobileA(world.hanako.token);
      expect(response.status).toBe(503);
      expect(await problemOf(response)).toMatchObject({ code: 'wallet_not_configured' });
    } finally {
      world.writeMaterial();
    }
    expect((await mobileA(world.hanako.token)).status).toBe(200);
  });

  it("answers the customer's signed .pkpass: digests match, openssl verifies it, a tampered manifest fails", async () => {
    const response = await mobileA(world.hanako.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('content-disposition')).toContain(`attachment; filename="${world.shopId}.pkpass"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const members = await pkpassMembers(response);
    expect([...members.keys()].sort()).toEqual(
      ['icon.png', 'icon@2x.png', 'logo.png', 'manifest.json', 'pass.json', 'signature'].sort(),
    );
    const manifest = JSON.parse(members.get('manifest.json')!.toString()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'pass.json']);
    for (const [name, digest] of Object.entries(manifest)) expect(sha1(members.get(name)!), name).toBe(digest);
    expect(members.get('icon.png')!.subarray(1, 4).toString()).toBe('PNG');
    expect(opensslVerifies(world, members.get('manifest.json')!, members.get('signature')!)).toBe(true);
    const tampered = Buffer.from(
      members
        .get('manifest.json')!
        .toString()
        // Another first digit of the digest (always another: "0" stayed "0" for one pass in 16).
        .replace(/"pass.json":"(.)/, (_, digit: string) => `"pass.json":"${digit === '0' ? '1' : '0'}`),
    );
    expect(opensslVerifies(world, tampered, members.get('signature')!)).toBe(false);
  });

  it('prints pass.json for the customer and keeps one serial per customer', async () => {
    const pass = () => passJsonOf(world, world.hanako.token);
    const first = await pass();
    const rows = await rootEntityManager(world.service.orm)
      .fork()
      .execute<{ serial_number: string; last_pushed_at: Date | null }[]>(
        `select "serial_number", "last_pushed_at" from "wallet_pass" where "customer_id" = ? and "platform" = 'mobile-a'`,
        [world.customer],
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.last_pushed_at).not.toBeNull();
    expect(first).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: APPLE_PASS_TYPE,
      teamIdentifier: 'TEAM123456',
      serialNumber: rows[0]!.serial_number,
      webServiceURL: `${world.service.env.publicUrl}/api/v1/wallet/apple`,
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
        expect.objectContaining({ key: 'points', value: await pointsOf(world.service, world.customer) }),
        expect.objectContaining({ key: 'rank', value: 'ゴールド' }),
        expect.objectContaining({ key: 'member', value: '20250001' }),
      ]),
    );
    const second = await pass();
    expect(second.serialNumber).toBe(first.serialNumber);
    expect(second.authenticationToken).toBe(first.authenticationToken);
  });

  it("answers the shop's business (store.customers.read) and the operator", async () => {
    expect((await mobileA(world.reader.token)).status).toBe(200);
    expect((await mobileA(TEST_OPERATOR_TOKEN)).status).toBe(200);
  });

  it("answers 404 customer_not_found for an unknown customer, another user's, and an unknown shop", async () => {
    for (const response of [
      await mobileA(world.hanako.token, randomUUID()),
      await mobileA(world.stranger.token),
      await mobileA(world.hanako.token, world.customer, `${world.shopId}-none`),
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
    const wrongScope = await mobileA(world.writerOnly.token);
    expect(wrongScope.status).toBe(403);
    expect(await problemOf(wrongScope)).toMatchObject({ code: 'insufficient_scope' });
  });
});

describe('the mobile-a wallet_pass row', () => {
  it('is created once for concurrent first issues, all answering the same serial', async () => {
    const user = world.stranger.userId;
    const id = await insertCustomer(world.service, world.shopId, user, { points: 5 });
    const passes = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await mobileA(world.stranger.token, id);
        expect(response.status).toBe(200);
        return JSON.parse((await pkpassMembers(response)).get('pass.json')!.toString()) as { serialNumber: string };
      }),
    );
    expect(new Set(passes.map((p) => p.serialNumber)).size).toBe(1);
    const rows = await rootEntityManager(world.service.orm)
      .fork()
      .execute<{ n: string | number }[]>('select count(*) as "n" from "wallet_pass" where "customer_id" = ?', [id]);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
