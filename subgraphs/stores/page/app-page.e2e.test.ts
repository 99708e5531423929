/**
 * Managing app pages over GraphQL: create, update, publish, unpublish, delete and the management
 * list (unpublished included), their validation (nothing changes on a refusal), the slug unique per
 * app, and ownership (another business's app is answered as not found).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  businessOwner,
  createShopApp,
  failure,
  type GraphQLResult as Result,
} from '../../../test/fixtures/stores.fixtures.js';

let service: TestService;
let business: string;
let tokens: { owner: string; other: string };

beforeAll(async () => {
  service = await startOAuthService();
  const scopes = ['store.info.write', 'store.info.read'];
  const app = await registerApp(service, scopes);
  const [owner, other] = [await businessOwner(service, app), await businessOwner(service, app)];
  business = owner.businessAccountId;
  tokens = { owner: await owner.token(scopes), other: await other.token(scopes) };
});

const gql = (query: string, variables: Record<string, unknown>, token = TEST_OPERATOR_TOKEN) =>
  service.graphql(query, variables, token) as Promise<Result>;

let serial = 0;
const createApp = () => createShopApp(service, `pages-${process.pid}-${++serial}`, business);

const PAGE = 'shopId slug title body published publishedAt position';
const CREATE = `mutation($shopId: String!, $input: CreateAppPageInput!) { createAppPage(shopId: $shopId, input: $input) { ${PAGE} } }`;
const UPDATE = `mutation($shopId: String!, $slug: String!, $input: UpdateAppPageInput!) { updateAppPage(shopId: $shopId, slug: $slug, input: $input) { ${PAGE} } }`;
const LIST = `query($shopId: String!) { appPages(shopId: $shopId) { slug published } }`;
const create = (shopId: string, input: Record<string, unknown>, token = tokens.owner) =>
  gql(CREATE, { shopId, input: { title: 'T', body: '<p>b</p>', ...input } }, token);
const slugs = async (shopId: string) =>
  ((await gql(LIST, { shopId }, tokens.owner)).data!.appPages as { slug: string; published: boolean }[]).map(
    (page) => `${page.slug}${page.published ? '' : '*'}`,
  );

describe('app pages', () => {
  it('creates pages after the last, lists unpublished ones to the manager, publishes and unpublishes', async () => {
    const shopId = await createApp();
    const first = await create(shopId, { slug: 'about', title: ' 私たち ', body: '<p onclick="x">a</p>' });
    expect(first.data!.createAppPage).toMatchObject({
      shopId,
      slug: 'about',
      title: '私たち',
      body: '<p>a</p>',
      published: false,
      publishedAt: null,
      position: 0,
    });
    expect((await create(shopId, { slug: 'menu', published: true })).data!.createAppPage).toMatchObject({
      position: 1,
      published: true,
    });
    expect(await slugs(shopId)).toEqual(['about*', 'menu']);
    const published = await gql(
      `mutation($shopId: String!) { publishAppPage(shopId: $shopId, slug: "about") { published publishedAt } }`,
      { shopId },
      tokens.owner,
    );
    expect(Date.parse(String((published.data!.publishAppPage as { publishedAt: string }).publishedAt))).not.toBeNaN();
    await gql(
      `mutation($shopId: String!) { unpublishAppPage(shopId: $shopId, slug: "menu") { slug } }`,
      { shopId },
      tokens.owner,
    );
    expect(await slugs(shopId)).toEqual(['about', 'menu*']);
  });

  it('renames, reorders and deletes a page', async () => {
    const shopId = await createApp();
    await create(shopId, { slug: 'a' });
    await create(shopId, { slug: 'b' });
    const renamed = await gql(UPDATE, { shopId, slug: 'a', input: { slug: 'z', position: 5 } }, tokens.owner);
    expect(renamed.data!.updateAppPage).toMatchObject({ slug: 'z', position: 5, title: 'T' });
    expect(await slugs(shopId)).toEqual(['b*', 'z*']);
    const deleted = await gql(
      `mutation($shopId: String!) { deleteAppPage(shopId: $shopId, slug: "b") }`,
      { shopId },
      tokens.owner,
    );
    expect(deleted.data!.deleteAppPage).toBe(true);
    expect(await slugs(shopId)).toEqual(['z*']);
  });

  it('answers a slug taken in the app with CONFLICT, and allows it in another app', async () => {
    const [shopId, otherApp] = [await createApp(), await createApp()];
    await create(shopId, { slug: 'about' });
    await create(shopId, { slug: 'menu' });
    expect(failure(await create(shopId, { slug: 'about' }))).toMatchObject({ code: 'CONFLICT', reason: 'slug_taken' });
    expect(failure(await gql(UPDATE, { shopId, slug: 'menu', input: { slug: 'about' } }, tokens.owner))).toMatchObject({
      reason: 'slug_taken',
    });
    expect((await create(otherApp, { slug: 'about' })).errors).toBeUndefined();
    expect(await slugs(shopId)).toEqual(['about*', 'menu*']);
  });

  it("answers another business's app as not found for every operation", async () => {
    const shopId = await createApp();
    await create(shopId, { slug: 'about' });
    const calls = [
      create(shopId, { slug: 'new' }, tokens.other),
      gql(UPDATE, { shopId, slug: 'about', input: { title: 'x' } }, tokens.other),
      gql(
        `mutation($shopId: String!) { publishAppPage(shopId: $shopId, slug: "about") { slug } }`,
        { shopId },
        tokens.other,
      ),
      gql(`mutation($shopId: String!) { deleteAppPage(shopId: $shopId, slug: "about") }`, { shopId }, tokens.other),
      gql(LIST, { shopId }, tokens.other),
    ];
    for (const result of await Promise.all(calls))
      expect(failure(result)).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
    expect(await slugs(shopId)).toEqual(['about*']);
  });

  it('answers an unknown page with NOT_FOUND page_not_found', async () => {
    const shopId = await createApp();
    expect(failure(await gql(UPDATE, { shopId, slug: 'none', input: { title: 'x' } }, tokens.owner))).toMatchObject({
      reason: 'page_not_found',
    });
  });

  it.each([
    ['an empty slug', { slug: '' }, 'slug'],
    ['an upper-case slug', { slug: 'About' }, 'slug'],
    ['a slug of 65 characters', { slug: 'a'.repeat(65) }, 'slug'],
    ['a slug with a slash', { slug: 'a/b' }, 'slug'],
    ['an empty title', { slug: 'ok', title: '  ' }, 'title'],
    ['a title of 201 characters', { slug: 'ok', title: 'あ'.repeat(201) }, 'title'],
    ['a body over 100000 characters', { slug: 'ok', body: 'a'.repeat(100_001) }, 'body'],
    ['a negative position', { slug: 'ok', position: -1 }, 'position'],
  ])('refuses %s with BAD_USER_INPUT naming the field', async (_label, input, path) => {
    const shopId = await createApp();
    expect(failure(await create(shopId, input))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [expect.objectContaining({ path })],
    });
    expect(await slugs(shopId)).toEqual([]);
  });
});
