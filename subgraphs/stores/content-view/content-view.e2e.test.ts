/**
 * What counts as a view, through the real API: a consumer opening one coupon (GraphQL myCoupon or its
 * REST path) counts one view of that coupon at that store; opening one public post (publicAppPost)
 * counts one for the named store of the app, else its main store. A viewer (the user, or the
 * anonymous client's address and user agent) counts once per item and day: replays count nothing.
 * Lists, NOT_FOUND answers and management reads count nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createPost } from '../../../test/fixtures/posts.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  business,
  consumer,
  CONSUMER_SCOPES,
  COUPON_SCOPES,
  createCoupon,
  createShopApp,
  sql,
  type Business,
  type Consumer,
} from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let userApp: App;
let shop: Business;
let hanako: Consumer;
let [storeA, storeB, elsewhere] = ['', '', ''];

beforeAll(async () => {
  service = await startOAuthService();
  userApp = await registerApp(service, CONSUMER_SCOPES);
  shop = await business(service, await registerApp(service, COUPON_SCOPES));
  hanako = await consumer(service, userApp);
  storeA = await createStore(service, shop.businessAccountId);
  storeB = await createStore(service, shop.businessAccountId);
  elsewhere = await createStore(service, shop.businessAccountId);
  for (const store of [storeA, storeB])
    expect((await service.rest('POST', `/api/v1/user/favorites/${store}`, hanako.token)).status).toBe(200);
});

/** The views counted for `contentId`, per store. */
async function views(contentId: string): Promise<Record<string, number>> {
  const rows = await sql<{ store_id: string; views: number }>(
    service,
    'select "store_id", sum("views")::int as "views" from "content_view_day" where "content_id" = ? group by "store_id"',
    [contentId],
  );
  return Object.fromEntries(rows.map((row) => [row.store_id, row.views]));
}

const MY_COUPON = 'query($s: ID!, $c: ID!) { myCoupon(storeId: $s, couponId: $c) { couponId storeId } }';
const POST =
  'query($shop: String!, $post: ID!, $store: ID) { publicAppPost(shopId: $shop, postId: $post, storeId: $store) { id title } }';

describe('coupon views', () => {
  it('count a consumer once per coupon and day, at the store of the first answer (GraphQL or REST)', async () => {
    const coupon = await createCoupon(service, shop.token, {
      storeIds: [storeA, storeB],
      title: '割引',
      publish: true,
    });
    for (let i = 0; i < 2; i++)
      expect((await service.graphql(MY_COUPON, { s: storeA, c: coupon.id }, hanako.token)).errors).toBeUndefined();
    expect((await service.rest('GET', `/api/v1/user/coupons/${storeB}/${coupon.id}`, hanako.token)).status).toBe(200);
    expect(await views(coupon.id)).toEqual({ [storeA]: 1 });
    const taro = await consumer(service, userApp);
    expect((await service.rest('POST', `/api/v1/user/favorites/${storeB}`, taro.token)).status).toBe(200);
    expect((await service.rest('GET', `/api/v1/user/coupons/${storeB}/${coupon.id}`, taro.token)).status).toBe(200);
    expect(await views(coupon.id)).toEqual({ [storeA]: 1, [storeB]: 1 });
  });

  it('count nothing for the list, a coupon not shown, or the management read', async () => {
    const coupon = await createCoupon(service, shop.token, { storeIds: [storeA], title: '一覧', publish: true });
    const draft = await createCoupon(service, shop.token, { storeIds: [storeA], title: '下書き' });
    expect((await service.graphql('{ myCoupons { couponId } }', {}, hanako.token)).errors).toBeUndefined();
    const missing = await service.graphql(MY_COUPON, { s: storeA, c: draft.id }, hanako.token);
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const other = await service.graphql(MY_COUPON, { s: storeB, c: coupon.id }, hanako.token);
    expect(other.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const managed = await service.graphql('query($id: ID!) { coupon(id: $id) { id } }', { id: coupon.id }, shop.token);
    expect(managed.errors).toBeUndefined();
    expect(await views(coupon.id)).toEqual({});
    expect(await views(draft.id)).toEqual({});
  });
});

describe('post views', () => {
  let shopId = '';
  beforeAll(async () => {
    shopId = await createShopApp(service, `views-${Date.now()}`, shop.businessAccountId, [storeA, storeB]);
  });

  /** publicAppPost as an anonymous client with `userAgent`, or as a signed-in consumer. */
  async function read(postId: string, options: { store?: string; userAgent?: string; token?: string } = {}) {
    const response = await service.call('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': options.userAgent ?? 'viewer-app/1.0',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ query: POST, variables: { shop: shopId, post: postId, store: options.store } }),
    });
    return (await response.json()) as { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] };
  }

  it('count a viewer once per post and day, for the named store or else the app’s main store', async () => {
    const post = await createPost(service, shopId, { status: 'Published' });
    expect((await read(post.id)).data).toEqual({ publicAppPost: { id: post.id, title: post.title } });
    expect((await read(post.id, { store: storeB, userAgent: 'other-browser/2.0' })).errors).toBeUndefined();
    expect((await read(post.id, { store: elsewhere, userAgent: 'third/3.0' })).errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'store_not_found',
    });
    expect(await views(post.id)).toEqual({ [storeA]: 1, [storeB]: 1 });
  });

  it('count 25 anonymous reads from one client as one view; another user agent or a user is another viewer', async () => {
    const post = await createPost(service, shopId, { status: 'Published' });
    for (let i = 0; i < 25; i++) expect((await read(post.id)).errors).toBeUndefined();
    expect(await views(post.id)).toEqual({ [storeA]: 1 });
    await read(post.id, { userAgent: 'another-phone/9' });
    for (let i = 0; i < 3; i++) await read(post.id, { token: hanako.token });
    expect(await views(post.id)).toEqual({ [storeA]: 3 });
    // Only a keyed digest of the viewer is kept: never the client's address.
    const viewers = await sql<{ viewer: string }>(
      service,
      'select "viewer" from "content_viewer_day" where "content_id" = ?',
      [post.id],
    );
    expect(viewers).toHaveLength(3);
    expect(JSON.stringify(viewers)).not.toMatch(/127\.0\.0\.1|::1|viewer-app/);
  });

  it('count nothing for a draft (NOT_FOUND), the public list, or the management list', async () => {
    const draft = await createPost(service, shopId);
    const answer = await service.graphql(POST, { shop: shopId, post: draft.id }, undefined);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'post_not_found' });
    const live = await createPost(service, shopId, { status: 'Published' });
    const list = await service.graphql('query($s: String!) { publicAppPosts(shopId: $s) { items { id } } }', {
      s: shopId,
    });
    expect(list.errors).toBeUndefined();
    const managed = await service.graphql(
      'query($s: String!) { appPosts(shopId: $s) { items { id } } }',
      { s: shopId },
      TEST_OPERATOR_TOKEN,
    );
    expect(managed.errors).toBeUndefined();
    expect(await views(draft.id)).toEqual({});
    expect(await views(live.id)).toEqual({});
  });
});
