/**
 * The consumer's coupon rows through the facade: only published coupons valid now of favorite public
 * stores, one item per (store, coupon), soonest end first; one item, 404 for anything the list would
 * not show; 401 and 403; isolation between users; a constant number of queries for the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';
import {
  business,
  consumer,
  countQueries,
  createCoupon,
  sql,
  type Business,
  type Consumer,
} from '../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../test/harness.js';

let service: TestService;
let userApp: App;
let shop: Business;

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  service = await startOAuthService();
  userApp = await registerApp(service, [
    'user.favorites.read',
    'user.favorites.write',
    'user.coupons.read',
    'user.profile.read',
  ]);
  shop = await business(
    service,
    await registerApp(service, ['store.coupons.read', 'store.coupons.write', 'store.products.read']),
  );
});

const coupons = (token?: string) => service.rest('GET', '/api/v1/user/coupons', token);
const coupon = (token: string | undefined, storeId: string, couponId: string) =>
  service.rest('GET', `/api/v1/user/coupons/${storeId}/${couponId}`, token);
const favorite = async (who: Consumer, storeId: string) =>
  expect((await service.rest('POST', `/api/v1/user/favorites/${storeId}`, who.token)).status).toBe(200);
const published = (storeIds: string[], extra: Record<string, unknown> = {}) =>
  createCoupon(service, shop.token, { storeIds, title: 'クーポン', publish: true, ...extra });

describe('GET /api/v1/user/coupons', () => {
  it('lists the published coupons valid now of favorite public stores, one item per store, soonest end first', async () => {
    const hanako = await consumer(service, userApp);
    const [a, b, notFavorite] = [
      await createStore(service, shop.businessAccountId),
      await createStore(service, shop.businessAccountId),
      await createStore(service, shop.businessAccountId),
    ];
    await favorite(hanako, a);
    await favorite(hanako, b);
    const open = await published([a], { title: '期限なし' });
    const soon = await published([a, b], {
      title: '100円引き',
      description: '全品対象',
      terms: 'お一人様一回',
      benefit: '100円引き',
      discount: { kind: 'amount', value: 100 },
      imageUrl: 'https://img.example.test/c.png',
      validFrom: at(-HOUR),
      validTo: at(HOUR),
      limitPerUser: 1,
      totalLimit: 50,
    });
    const later = await published([b], { validTo: at(48 * HOUR) });
    // Not shown: a draft, an archived one, one not yet valid, one expired, one of a store not a favorite.
    await createCoupon(service, shop.token, { storeIds: [a], title: 'draft' });
    const archived = await published([a]);
    await service.graphql('mutation($id: ID!) { archiveCoupon(id: $id) { id } }', { id: archived.id }, shop.token);
    await published([a], { validFrom: at(HOUR) });
    await published([a], { validTo: at(-60_000) });
    await published([notFavorite]);

    const answer = await coupons(hanako.token);
    expect(answer.status).toBe(200);
    const items = answer.body as unknown as Record<string, unknown>[];
    const soonFirst = [soon.id, soon.id, later.id, open.id];
    expect(items.map((i) => i.couponId)).toEqual(soonFirst);
    expect(items.slice(0, 2).map((i) => i.storeId)).toEqual([a, b].sort());
    expect(items.find((i) => i.storeId === a && i.couponId === soon.id)).toEqual({
      storeId: a,
      couponId: soon.id,
      title: '100円引き',
      description: '全品対象',
      terms: 'お一人様一回',
      benefit: '100円引き',
      discount: { kind: 'amount', value: 100 },
      imageUrl: 'https://img.example.test/c.png',
      validFrom: soon.validFrom,
      validTo: soon.validTo,
      store: expect.objectContaining({ storeId: a, name: 'レシート商店', prefecture: '東京都' }),
    });
    expect(items.find((i) => i.couponId === open.id)).toMatchObject({
      storeId: a,
      benefit: null,
      discount: null,
      imageUrl: null,
      validFrom: null,
      validTo: null,
    });
  });

  it('hides the coupons of a favorite store that stops being public', async () => {
    const taro = await consumer(service, userApp);
    const storeId = await createStore(service, shop.businessAccountId);
    await favorite(taro, storeId);
    const made = await published([storeId]);
    expect((await coupons(taro.token)).body).toMatchObject([{ couponId: made.id }]);
    await sql(service, 'update "store" set "is_public_listing" = false where "id" = ?', [storeId]);
    expect((await coupons(taro.token)).body).toEqual([]);
    expect((await coupon(taro.token, storeId, made.id)).status).toBe(404);
  });

  it('shows each user only the coupons of their own favorites', async () => {
    const [a, b] = [await consumer(service, userApp), await consumer(service, userApp)];
    const storeId = await createStore(service, shop.businessAccountId);
    await favorite(a, storeId);
    const made = await published([storeId]);
    expect((await coupons(a.token)).body).toMatchObject([{ couponId: made.id }]);
    expect((await coupons(b.token)).body).toEqual([]);
    expect((await coupon(b.token, storeId, made.id)).status).toBe(404);
  });

  it('costs the same number of queries for one item as for six', async () => {
    const [one, six] = [await consumer(service, userApp), await consumer(service, userApp)];
    const single = await createStore(service, shop.businessAccountId);
    await favorite(one, single);
    await published([single]);
    const stores = [
      await createStore(service, shop.businessAccountId),
      await createStore(service, shop.businessAccountId),
    ];
    for (const storeId of stores) await favorite(six, storeId);
    for (let i = 0; i < 3; i++) await published(stores);
    let answer = await coupons(six.token);
    const forOne = await countQueries(service, () => coupons(one.token));
    const forSix = await countQueries(service, async () => (answer = await coupons(six.token)));
    expect((answer.body as unknown as unknown[]).length).toBe(6);
    expect(forOne).toBeGreaterThan(0);
    expect(forSix).toBe(forOne);
  });
});

describe('GET /api/v1/user/coupons/{storeId}/{couponId}', () => {
  it('answers the item the list shows', async () => {
    const jiro = await consumer(service, userApp);
    const storeId = await createStore(service, shop.businessAccountId);
    await favorite(jiro, storeId);
    const made = await published([storeId], { discount: { kind: 'percent', value: 10 }, validTo: at(HOUR) });
    const answer = await coupon(jiro.token, storeId, made.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await coupons(jiro.token)).body[0]);
    expect(answer.body).toMatchObject({ discount: { kind: 'percent', value: 10 } });
  });

  it('answers 404 coupon_not_found for whatever the list would not show', async () => {
    const saburo = await consumer(service, userApp);
    const [favoriteStore, other] = [
      await createStore(service, shop.businessAccountId),
      await createStore(service, shop.businessAccountId),
    ];
    await favorite(saburo, favoriteStore);
    const draft = await createCoupon(service, shop.token, { storeIds: [favoriteStore], title: 'draft' });
    const expired = await published([favoriteStore], { validTo: at(-60_000) });
    const future = await published([favoriteStore], { validFrom: at(HOUR) });
    const elsewhere = await published([other]);
    const valid = await published([favoriteStore]);
    const misses: [string, string][] = [
      [favoriteStore, draft.id],
      [favoriteStore, expired.id],
      [favoriteStore, future.id],
      [other, elsewhere.id],
      [favoriteStore, elsewhere.id],
      [other, valid.id],
      [favoriteStore, '01900000-0000-7000-8000-000000000000'],
      ['not-a-uuid', valid.id],
      [favoriteStore, 'not-a-uuid'],
    ];
    for (const [storeId, couponId] of misses) {
      const answer = await coupon(saburo.token, storeId, couponId);
      expect({ status: answer.status, code: answer.body.code }, `${storeId}/${couponId}`).toEqual({
        status: 404,
        code: 'coupon_not_found',
      });
    }
    expect((await coupon(saburo.token, favoriteStore, valid.id)).status).toBe(200);
  });
});

describe('authorization', () => {
  it('answers 401 without a token or with a bad one, and 403 without user.coupons.read', async () => {
    const storeId = await createStore(service, shop.businessAccountId);
    const made = await published([storeId]);
    for (const token of [undefined, 'not-a-token']) {
      expect((await coupons(token)).status).toBe(401);
      expect((await coupon(token, storeId, made.id)).status).toBe(401);
    }
    const noScope = await consumer(service, userApp, ['user.favorites.read', 'user.favorites.write']);
    for (const answer of [await coupons(noScope.token), await coupon(noScope.token, storeId, made.id)]) {
      expect(answer.status).toBe(403);
      expect(answer.response.headers.get('www-authenticate')).toContain('scope="user.coupons.read"');
    }
    // A business token is no consumer, whatever its scopes.
    expect((await coupons(shop.token)).status).toBe(403);
  });
});
