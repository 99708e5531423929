/**
 * ClaimTokenQrService against the real database (the store's name and visibility), with the active-token
 * lookup as a table in memory: the claims module implements that interface; here only its answers matter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQrPng, readPdf } from '../../../test/qr-files.js';
import {
  ANONYMOUS,
  OPERATOR,
  openServiceDatabase,
  type ServiceDatabase,
} from '../../../test/fixtures/service-database.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { BusinessAccount } from '../../identity/index.js';
import { StoreService } from '../../stores/index.js';
import {
  ClaimTokenQrService,
  claimTokenReference,
  type ActiveQrToken,
  type ActiveQrTokenLookup,
} from './claim-token-qr.service.js';

const TOKEN = 'q'.repeat(43);
const UNLISTED_TOKEN = 'u'.repeat(43);
const ISSUED = new Date('2026-03-04T05:06:07Z');

let db: ServiceDatabase;
const active = new Map<string, ActiveQrToken>();
const lookup: ActiveQrTokenLookup = { findActive: async (token) => active.get(token) ?? null };
const service = (principal: Principal = ANONYMOUS) => new ClaimTokenQrService(db.context(principal), lookup);

async function extensions(call: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as { extensions: Record<string, unknown> },
  );
  expect(error, 'the call was refused').toBeDefined();
  return error!.extensions;
}

beforeAll(async () => {
  db = await openServiceDatabase({ PUBLIC_URL: 'https://receipts.example.jp' });
  const em = db.orm.em.fork();
  const business = em.create(BusinessAccount, { name: 'テスト株式会社', ownerEmail: 'owner@test.example' });
  await em.flush();
  const stores = new StoreService(db.context(OPERATOR));
  const base = { businessAccountId: business.id, prefecture: '13', storeType: 'supermarket' };
  const listed = await stores.create({ ...base, name: 'みどり商店 本店', isPublicListing: true });
  const unlisted = await stores.create({ ...base, name: '非公開の店', isPublicListing: false });
  active.set(TOKEN, { storeId: listed.id, issuedAt: ISSUED });
  active.set(UNLISTED_TOKEN, { storeId: unlisted.id, issuedAt: ISSUED });
});
afterAll(() => db?.close());

describe('claimTokenQrImage', () => {
  it('draws the receipt URL of the token', async () => {
    const file = await service().claimTokenQrImage(TOKEN, 96);
    expect(file).toMatchObject({ contentType: 'image/png', filename: `qr-${claimTokenReference(TOKEN)}.png` });
    const png = decodeQrPng(Buffer.from(file.base64, 'base64'));
    expect([png.width, png.height]).toEqual([96, 96]);
    expect(png.qr?.text).toBe(`https://receipts.example.jp/receipts/rx/${TOKEN}`);
  });

  it('answers a token that is not active with NOT_FOUND unknown_token, and a bad size with BAD_USER_INPUT', async () => {
    expect(await extensions(service().claimTokenQrImage('n'.repeat(43)))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'unknown_token',
    });
    expect(await extensions(service().claimTokenQrImage(TOKEN, 4096))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'size', message: 'must be 64 to 2048' }],
    });
  });
});

describe('claimTokenQrCard', () => {
  it('prints the store, the purchase instructions and a short reference that does not contain the token', async () => {
    const file = await service().claimTokenQrCard(TOKEN);
    const reference = claimTokenReference(TOKEN);
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(file.filename).toBe(`qr-card-${reference}-ja.pdf`);
    const text = (await readPdf(Buffer.from(file.base64, 'base64'))).pages[0]!.text;
    expect(text).toContain('みどり商店 本店');
    expect(text).toContain('このお買い物のレシートを受け取れます');
    expect(text).toContain(`受付番号: ${reference}`);
  });

  it('names an unlisted store only for callers who may see it', async () => {
    const anonymous = await service().claimTokenQrCard(UNLISTED_TOKEN, 'en');
    expect((await readPdf(Buffer.from(anonymous.base64, 'base64'))).pages[0]!.text).not.toContain('非公開の店');
    const operator = await service(OPERATOR).claimTokenQrCard(UNLISTED_TOKEN, 'en');
    const text = (await readPdf(Buffer.from(operator.base64, 'base64'))).pages[0]!.text;
    expect(text).toContain('非公開の店');
    expect(text).toContain(`Reference: ${claimTokenReference(UNLISTED_TOKEN)}`);
  });

  it('answers a token that is not active with NOT_FOUND unknown_token, and another lang with BAD_USER_INPUT', async () => {
    expect(await extensions(service().claimTokenQrCard('n'.repeat(43)))).toMatchObject({ reason: 'unknown_token' });
    expect(await extensions(service().claimTokenQrCard(TOKEN, 'zh'))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
