/**
 * GET /api/v1/apps/{shopId}/wallet/mobile-b/{customerId} end to end, with Google material configured:
 * the save link's JWT verifies with the service account's public key and carries the shop's class and
 * the customer's object; one pass per customer, also under concurrent first calls; 401, 403, 404.
 * Answers are checked against the OpenAPI document. (503 without material: google-push-unconfigured.)
 */
import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessOwner, sql } from '../../test/fixtures/stores.fixtures.js';
import {
  EMAIL,
  ISSUER,
  LOGO_URL,
  startWalletWorld,
  type WalletWorld,
} from '../../test/fixtures/wallet-google.fixtures.js';
import { TEST_OPERATOR_TOKEN } from '../../test/harness.js';

let w: WalletWorld;

beforeAll(async () => {
  w = await startWalletWorld();
});

describe('GET /api/v1/apps/{shopId}/wallet/mobile-b/{customerId}', () => {
  it('200: a save URL whose JWT verifies with the service account key and carries the class and object', async () => {
    const { token, customerId } = await w.member();
    const answer = await w.mobileB(customerId, token);
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('cache-control')).toBe('no-store');
    const saveUrl = answer.body.saveUrl as string;
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: 'google-key-1' });
    const { payload } = await jwtVerify(jwt, w.googlePublicKey, {
      issuer: EMAIL,
      audience: 'google',
      algorithms: ['RS256'],
    });
    const [pass] = await w.passes(customerId);
    expect(pass).toMatchObject({ platform: 'mobile-b' });
    expect(pass!.last_pushed_at).not.toBeNull();
    const [customer] = await sql<{ member_number: string }>(
      w.service,
      'select "member_number" from "customer" where "id" = ?',
      [customerId],
    );
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [] });
    expect(payload.payload).toEqual({
      loyaltyClasses: [
        {
          id: `${ISSUER}.${w.shopId}`,
          issuerName: 'App',
          programName: 'さくら会員',
          programLogo: { sourceUri: { uri: LOGO_URL } },
          hexBackgroundColor: '#112233',
          reviewStatus: 'UNDER_REVIEW',
        },
      ],
      loyaltyObjects: [
        {
          id: `${ISSUER}.${pass!.serial_number}`,
          classId: `${ISSUER}.${w.shopId}`,
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
    const { token, customerId } = await w.member();
    const objectOf = async (t: string) => {
      const answer = await w.mobileB(customerId, t);
      expect(answer.status).toBe(200);
      const jwt = (answer.body.saveUrl as string).split('/').pop()!;
      const { payload } = await jwtVerify(jwt, w.googlePublicKey);
      return (payload.payload as { loyaltyObjects: { id: string }[] }).loyaltyObjects[0]!.id;
    };
    const ids = [
      await objectOf(token),
      await objectOf(await w.owner.token(['store.customers.read'])),
      await objectOf(TEST_OPERATOR_TOKEN),
    ];
    expect(new Set(ids).size).toBe(1);
    expect(await w.passes(customerId)).toHaveLength(1);
  });

  it('creates one pass under concurrent first calls', async () => {
    const { token, customerId } = await w.member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => w.mobileB(customerId, token)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await w.passes(customerId)).toHaveLength(1);
  });

  it('401 without a token or with an invalid one', async () => {
    const { customerId } = await w.member();
    expect((await w.mobileB(customerId)).status).toBe(401);
    const invalid = await w.mobileB(customerId, 'not-a-token');
    expect(invalid.status).toBe(401);
    expect(await w.passes(customerId)).toEqual([]);
  });

  it('403 for a business token without store.customers.read', async () => {
    const { customerId } = await w.member();
    const answer = await w.mobileB(customerId, await w.owner.token(['store.customers.write']));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'insufficient_scope' });
  });

  it("404 customer_not_found: unknown, malformed, another user's, another business's, another shop's", async () => {
    const mine = await w.member();
    const other = await w.member();
    const otherBusiness = await businessOwner(w.service, w.businessApp);
    const otherShop = await w.newShop(w.owner.businessAccountId);
    const cases: [string, string, string][] = [
      [randomUUID(), mine.token, w.shopId],
      ['not-a-uuid', mine.token, w.shopId],
      [other.customerId, mine.token, w.shopId],
      [mine.customerId, await otherBusiness.token(['store.customers.read']), w.shopId],
      [mine.customerId, TEST_OPERATOR_TOKEN, otherShop],
      [mine.customerId, TEST_OPERATOR_TOKEN, 'no-such-shop'],
    ];
    for (const [customerId, token, shop] of cases) {
      const answer = await w.mobileB(customerId, token, shop);
      expect(answer.status, `${customerId} at ${shop}`).toBe(404);
      expect(answer.body).toMatchObject({ code: 'customer_not_found' });
    }
    expect(await w.passes(mine.customerId)).toEqual([]);
  });
});
