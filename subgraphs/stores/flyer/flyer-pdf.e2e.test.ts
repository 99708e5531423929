/**
 * The flyer PDF through GraphQL with real business tokens: the business's own flyer in any status comes
 * back as PDF bytes carrying its title, store, Tokyo validity window and prices; another business's is
 * not found; store.flyers.read is needed and a consumer token is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { readPdf } from '../../../test/qr-files.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, consumer, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';

const SCOPES = ['store.flyers.read', 'store.flyers.write', 'store.products.read', 'store.products.write'];
const PDF = 'query($id: ID!) { flyerPdf(id: $id) { contentType base64 filename } }';

let service: TestService;
let mine: Business;
let theirs: Business;
let flyerId: string;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, SCOPES);
  [mine, theirs] = [await business(service, app, SCOPES), await business(service, app, SCOPES)];
  const storeId = await createStore(service, mine.businessAccountId);
  const productId = (await createProduct(service, mine.token, { name: 'りんご', priceAmount: 1280 })).id;
  flyerId = (
    await ok<{ id: string }>(
      service,
      'mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { id } }',
      {
        input: {
          storeId,
          title: '秋の収穫祭',
          // 2030-10-01 00:00 and 2030-10-07 23:00 in Tokyo.
          validFrom: '2030-09-30T15:00:00.000Z',
          validTo: '2030-10-07T14:00:00.000Z',
          pages: [{ imageUrl: 'https://img.example/autumn.png', caption: '表紙' }],
          items: [{ productId, salePriceAmount: 980 }],
        },
      },
      mine.token,
    )
  ).id;
});

describe('flyerPdf', () => {
  it('answers the business’s own draft as a PDF with its title, store, Tokyo window and prices', async () => {
    const file = await ok<{ contentType: string; base64: string; filename: string }>(
      service,
      PDF,
      { id: flyerId },
      mine.token,
    );
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe(`flyer-${flyerId}.pdf`);
    const bytes = Buffer.from(file.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    for (const shown of [
      '秋の収穫祭',
      'レシート商店',
      '2030/10/01(火) 00:00 〜 2030/10/07(月) 23:00',
      '1. 表紙',
      'りんご',
      '通常価格 ￥1,280',
      '特売価格 ￥980',
    ])
      expect(pdf.pages[0]!.text).toContain(shown);
    expect(bytes.toString('latin1')).toContain('/URI (https://img.example/autumn.png)');
  });

  it('is NOT_FOUND for another business’s flyer and an unknown id', async () => {
    for (const answer of [
      await service.graphql(PDF, { id: flyerId }, theirs.token),
      await service.graphql(PDF, { id: '0190f000-0000-7000-8000-000000000000' }, mine.token),
    ])
      expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'flyer_not_found' });
  });

  it('needs a business token with store.flyers.read', async () => {
    const productsOnly = await business(service, await registerApp(service, ['store.products.read']), [
      'store.products.read',
    ]);
    const user = await consumer(service, await registerApp(service, ['user.favorites.read']), ['user.favorites.read']);
    for (const token of [productsOnly.token, user.token])
      expect(errorOf(await service.graphql(PDF, { id: flyerId }, token))?.code).toBe('FORBIDDEN');
  });
});
