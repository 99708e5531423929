/**
 * The public shop app rows end to end: every status of each, the cacheable answer (ETag, 304 to a
 * matching If-None-Match, a new ETag after a change), and what each answer contains.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { createBusiness, startOAuthService } from '../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';

let service: TestService;
let business: string;
let listed: string;
let unlisted: string;

beforeAll(async () => {
  service = await startOAuthService();
  business = await createBusiness(service, 'owner@apps-rest.example');
  listed = await createStore(service, business);
  unlisted = await createStore(service, business, false);
});

let serial = 0;
/** A new app of the business showing the unlisted store first, then the listed one. */
async function createApp(): Promise<string> {
  const shopId = `rest-${process.pid}-${++serial}`;
  await operator(`mutation($input: CreateShopAppInput!) { createShopApp(input: $input) { id } }`, {
    input: { shopId, name: 'さくら', businessAccountId: business, storeIds: [unlisted, listed] },
  });
  return shopId;
}

async function operator(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await service.graphql(query, variables, TEST_OPERATOR_TOKEN);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

const createPage = (shopId: string, input: Record<string, unknown>) =>
  operator(
    `mutation($shopId: String!, $input: CreateAppPageInput!) { createAppPage(shopId: $shopId, input: $input) { slug } }`,
    {
      shopId,
      input,
    },
  );

const get = (path: string, headers: Record<string, string> = {}) => service.call(path, { headers });

/** 200 with a strong ETag and public caching; 304 (no body) to that ETag; the parsed body. */
async function expectCached(path: string): Promise<{ etag: string; body: Record<string, unknown> }> {
  const first = await get(path);
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag')!;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  expect(first.headers.get('cache-control')).toBe('public, max-age=60');
  const again = await get(path, { 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  return { etag, body: (await first.json()) as Record<string, unknown> };
}

async function expectProblem(path: string, status: number, code: string): Promise<void> {
  const response = await get(path);
  expect(response.status).toBe(status);
  expect(((await response.json()) as { code?: string }).code).toBe(code);
}

describe('GET /api/v1/apps/{shopId}/manifest', () => {
  it('200: the template defaults and public stores only, cached, with a new ETag after a change', async () => {
    const shopId = await createApp();
    const path = `/api/v1/apps/${shopId}/manifest`;
    const { etag, body } = await expectCached(path);
    expect(body).toMatchObject({
      shopId,
      name: 'さくら',
      logoUrl: null,
      template: 'standard',
      theme: { primaryColor: '#E4572E', fontFamily: 'system' },
      platforms: { messagingAppId: null, iosAppStoreId: null, androidPackageName: null },
      stores: [{ storeId: listed, name: 'レシート商店' }],
    });
    expect((body.navigation as unknown[]).length).toBe(5);
    await operator(
      `mutation($shopId: String!, $input: UpdateShopAppInput!) { updateShopApp(shopId: $shopId, input: $input) { shopId } }`,
      {
        shopId,
        input: {
          template: 'grid',
          logoUrl: 'https://cdn.example/logo.png',
          theme: { primaryColor: '#00aa11' },
          navigation: [
            { label: 'メニュー', target: 'page', slug: 'menu' },
            { label: 'サイト', target: 'url', url: 'https://shop.example/' },
          ],
          platforms: { messagingAppId: '1234567890-AbCdEfGh', iosAppStoreId: '123456789' },
        },
      },
    );
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toMatchObject({
      template: 'grid',
      logoUrl: 'https://cdn.example/logo.png',
      theme: { primaryColor: '#00AA11', accentColor: '#F18F01', fontFamily: 'rounded' },
      navigation: [
        { label: 'メニュー', target: 'page', slug: 'menu', url: null },
        { label: 'サイト', target: 'url', slug: null, url: 'https://shop.example/' },
      ],
      platforms: { messagingAppId: '1234567890-AbCdEfGh', iosAppStoreId: '123456789', androidPackageName: null },
    });
  });

  it.each(['no-such-app', 'x', 'bad%20id'])('404 app_not_found for %j', async (shopId) => {
    await expectProblem(`/api/v1/apps/${shopId}/manifest`, 404, 'app_not_found');
  });
});

describe('GET /api/v1/apps/{shopId}/pages', () => {
  it('200: published pages by position, cached, with a new ETag after a publish', async () => {
    const shopId = await createApp();
    await createPage(shopId, {
      slug: 'access',
      title: 'アクセス',
      body: '<p>駅から</p>',
      published: true,
      position: 2,
    });
    await createPage(shopId, { slug: 'about', title: '私たち', body: '<p>創業</p>', published: true, position: 1 });
    await createPage(shopId, { slug: 'draft', title: '下書き', body: '' });
    const path = `/api/v1/apps/${shopId}/pages`;
    const { etag, body } = await expectCached(path);
    const items = body.items as Record<string, unknown>[];
    expect(items.map((item) => item.slug)).toEqual(['about', 'access']);
    expect(Object.keys(items[0]!).sort()).toEqual(['publishedAt', 'slug', 'title', 'updatedAt']);
    await operator(`mutation($shopId: String!) { publishAppPage(shopId: $shopId, slug: "draft") { slug } }`, {
      shopId,
    });
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { items: unknown[] }).items).toHaveLength(3);
  });

  it('200 with no items for an app without published pages', async () => {
    const { body } = await expectCached(`/api/v1/apps/${await createApp()}/pages`);
    expect(body).toEqual({ items: [] });
  });

  it('404 app_not_found for an unknown app', async () => {
    await expectProblem('/api/v1/apps/no-such-app/pages', 404, 'app_not_found');
  });
});

describe('GET /api/v1/apps/{shopId}/pages/{slug}', () => {
  it('200: the sanitized body, cached, with a new ETag after an edit', async () => {
    const shopId = await createApp();
    await createPage(shopId, {
      slug: 'menu',
      title: 'メニュー',
      body: '<h2 onclick="x()">本日</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      published: true,
    });
    const path = `/api/v1/apps/${shopId}/pages/menu`;
    const { etag, body } = await expectCached(path);
    expect(body).toMatchObject({
      slug: 'menu',
      title: 'メニュー',
      body: '<h2>本日</h2><a rel="noopener noreferrer nofollow">x</a>',
    });
    expect(Date.parse(String(body.publishedAt))).not.toBeNaN();
    await operator(
      `mutation($shopId: String!, $input: UpdateAppPageInput!) { updateAppPage(shopId: $shopId, slug: "menu", input: $input) { slug } }`,
      { shopId, input: { body: '<p>明日</p>' } },
    );
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toMatchObject({ body: '<p>明日</p>' });
  });

  it('404 page_not_found for a missing, malformed or unpublished page, app_not_found for an unknown app', async () => {
    const shopId = await createApp();
    await createPage(shopId, { slug: 'hidden', title: '非公開', body: '<p>x</p>' });
    for (const slug of ['hidden', 'missing', 'UPPER', 'a'.repeat(65)])
      await expectProblem(`/api/v1/apps/${shopId}/pages/${slug}`, 404, 'page_not_found');
    await expectProblem('/api/v1/apps/no-such-app/pages/about', 404, 'app_not_found');
  });
});

describe('GET /api/v1/apps/{shopId}/membership-card-config', () => {
  it('200: disabled with defaults until configured, then the config, with a new ETag', async () => {
    const shopId = await createApp();
    const path = `/api/v1/apps/${shopId}/membership-card-config`;
    const { etag, body } = await expectCached(path);
    expect(body).toMatchObject({
      shopId,
      enabled: false,
      ranks: [],
      pointRules: { yenPerPoint: 100, pointsOnSignUp: 0, pointsPerVisit: 0, expiryMonths: null },
      design: { backgroundColor: '#FFFFFF', barcodeFormat: 'qr', logoText: null },
    });
    const ranks = [
      { code: 'regular', name: 'レギュラー', minPoints: 0, color: '#cccccc', benefits: [] },
      { code: 'gold', name: 'ゴールド', minPoints: 500, color: '#D4AF37', benefits: ['ポイント2倍'] },
    ];
    const design = {
      backgroundColor: '#112233',
      foregroundColor: '#FFFFFF',
      labelColor: '#AABBCC',
      logoText: 'さくら',
      barcodeFormat: 'code128',
    };
    const pointRules = { yenPerPoint: 200, pointsOnSignUp: 50, pointsPerVisit: 1, expiryMonths: 12 };
    await operator(
      `mutation($shopId: String!, $input: MembershipCardConfigInput!) { setMembershipCardConfig(shopId: $shopId, input: $input) { enabled } }`,
      { shopId, input: { ranks, pointRules, design } },
    );
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toMatchObject({
      shopId,
      enabled: true,
      ranks: [{ ...ranks[0], color: '#CCCCCC' }, ranks[1]],
      pointRules,
      design,
    });
  });

  it('404 app_not_found for an unknown app', async () => {
    await expectProblem('/api/v1/apps/no-such-app/membership-card-config', 404, 'app_not_found');
  });
});
