/**
 * Managing a shop app's content over GraphQL: identity (updateShopApp, setShopAppStores,
 * managedShopApps), pages and the membership card. Each write is validated as a whole (nothing
 * changes on a refusal), and a business token reaches only its own business's apps: another's is
 * answered as not found.
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
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';

let service: TestService;
let business: string;
let stores: string[];
let otherStore: string;
let tokens: { owner: string; other: string; reader: string };

beforeAll(async () => {
  service = await startOAuthService();
  const scopes = ['store.info.write', 'store.info.read'];
  const app = await registerApp(service, scopes);
  const [owner, other] = [await businessOwner(service, app), await businessOwner(service, app)];
  business = owner.businessAccountId;
  stores = [await createStore(service, business), await createStore(service, business)];
  otherStore = await createStore(service, other.businessAccountId);
  tokens = {
    owner: await owner.token(scopes),
    other: await other.token(scopes),
    reader: await owner.token(['store.info.read']),
  };
});

const gql = (query: string, variables: Record<string, unknown>, token = TEST_OPERATOR_TOKEN) =>
  service.graphql(query, variables, token) as Promise<Result>;

let serial = 0;
const createApp = () => createShopApp(service, `content-${process.pid}-${++serial}`, business, stores.slice(0, 1));

const UPDATE = `mutation($shopId: String!, $input: UpdateShopAppInput!) {
  updateShopApp(shopId: $shopId, input: $input) {
    name logoUrl template customNavigation updatedAt
    themeOverrides { primaryColor fontFamily }
    navigation { label target slug url }
    platforms { messagingAppId iosAppStoreId androidPackageName }
  }
}`;
const READ = `query($shopId: String!) { shopApp(shopId: $shopId) { name template logoUrl storeIds navigation { target } } }`;

describe('updateShopApp', () => {
  it("changes only the fields given, for a business token of the app's business", async () => {
    const shopId = await createApp();
    const first = await gql(
      UPDATE,
      { shopId, input: { name: ' 新しい名前 ', theme: { fontFamily: 'serif' } } },
      tokens.owner,
    );
    expect(first.errors).toBeUndefined();
    const second = await gql(UPDATE, { shopId, input: { template: 'minimal' } }, tokens.owner);
    expect(second.data!.updateShopApp).toMatchObject({
      name: '新しい名前',
      template: 'minimal',
      customNavigation: false,
      themeOverrides: { primaryColor: null, fontFamily: 'serif' },
      navigation: [{ target: 'home' }, { target: 'pages' }, { target: 'business-info' }],
    });
    const cleared = await gql(UPDATE, { shopId, input: { theme: null, navigation: [], logoUrl: null } }, tokens.owner);
    expect(cleared.data!.updateShopApp).toMatchObject({ logoUrl: null, themeOverrides: { fontFamily: null } });
  });

  it("answers another business's app as not found, and changes nothing", async () => {
    const shopId = await createApp();
    expect(failure(await gql(UPDATE, { shopId, input: { name: 'Stolen' } }, tokens.other))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'app_not_found',
    });
    expect((await gql(READ, { shopId })).data!.shopApp).toMatchObject({ name: 'App' });
  });

  it('refuses a token with store.info.read only', async () => {
    const shopId = await createApp();
    expect(failure(await gql(UPDATE, { shopId, input: { name: 'x' } }, tokens.reader))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  const navigation = (item: Record<string, unknown>) => ({ navigation: [{ label: 'L', target: 'home', ...item }] });
  it.each([
    ['an empty name', { name: ' ' }, 'name'],
    ['an http logo', { logoUrl: 'http://cdn.example/logo.png' }, 'logoUrl'],
    ['a logo that is no URL', { logoUrl: 'logo.png' }, 'logoUrl'],
    ['a logo of 2049 characters', { logoUrl: `https://a.example/${'a'.repeat(2031)}` }, 'logoUrl'],
    ['an unknown template', { template: 'fancy' }, 'template'],
    ['a colour without #', { theme: { primaryColor: 'FF0000' } }, 'theme.primaryColor'],
    ['a short colour', { theme: { textColor: '#FFF' } }, 'theme.textColor'],
    ['an unknown font', { theme: { fontFamily: 'comic' } }, 'theme.fontFamily'],
    [
      '13 navigation items',
      { navigation: Array.from({ length: 13 }, () => ({ label: 'x', target: 'home' })) },
      'navigation',
    ],
    ['an empty label', navigation({ label: ' ' }), 'navigation.0.label'],
    ['a label of 31 characters', navigation({ label: 'あ'.repeat(31) }), 'navigation.0.label'],
    ['an unknown target', navigation({ target: 'shop' }), 'navigation.0.target'],
    ['a page without slug', navigation({ target: 'page' }), 'navigation.0.slug'],
    ['a page with a bad slug', navigation({ target: 'page', slug: 'Menu' }), 'navigation.0.slug'],
    ['a url without url', navigation({ target: 'url' }), 'navigation.0.url'],
    ['a javascript: url', navigation({ target: 'url', url: 'javascript:alert(1)' }), 'navigation.0.url'],
    ['a url on another target', navigation({ url: 'https://a.example/' }), 'navigation.0.url'],
    ['a malformed LIFF id', { platforms: { messagingAppId: '12345-abc' } }, 'platforms.messagingAppId'],
    ['an App Store id with letters', { platforms: { iosAppStoreId: 'id123' } }, 'platforms.iosAppStoreId'],
    ['a package name without dot', { platforms: { androidPackageName: 'app' } }, 'platforms.androidPackageName'],
  ])('refuses %s with BAD_USER_INPUT naming the field, changing nothing', async (_label, input, path) => {
    const shopId = await createApp();
    const result = await gql(UPDATE, { shopId, input: { name: 'Changed', ...input } }, tokens.owner);
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [expect.objectContaining({ path })] });
    expect((await gql(READ, { shopId })).data!.shopApp).toMatchObject({ name: 'App', template: 'standard' });
  });
});

const SET_STORES = `mutation($shopId: String!, $storeIds: [ID!]!) { setShopAppStores(shopId: $shopId, storeIds: $storeIds) { storeIds } }`;

describe('setShopAppStores', () => {
  it('replaces the stores in the order given', async () => {
    const shopId = await createApp();
    const result = await gql(SET_STORES, { shopId, storeIds: [stores[1], stores[0]] }, tokens.owner);
    expect(result.data!.setShopAppStores).toEqual({ storeIds: [stores[1], stores[0]] });
  });

  it("refuses another business's store like an unknown one, and another business's app as not found", async () => {
    const shopId = await createApp();
    expect(failure(await gql(SET_STORES, { shopId, storeIds: [otherStore] }, tokens.owner))).toMatchObject({
      reason: 'unknown_store',
    });
    expect(failure(await gql(SET_STORES, { shopId, storeIds: [stores[1]] }, tokens.other))).toMatchObject({
      reason: 'app_not_found',
    });
    expect(failure(await gql(SET_STORES, { shopId, storeIds: [stores[1], stores[1]] }, tokens.owner))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect((await gql(READ, { shopId })).data!.shopApp).toMatchObject({ storeIds: [stores[0]] });
  });
});

describe('managedShopApps', () => {
  it("lists the caller's business's apps only", async () => {
    const shopId = await createApp();
    const list = `query { managedShopApps { shopId } }`;
    const own = (await gql(list, {}, tokens.reader)).data!.managedShopApps as { shopId: string }[];
    expect(own.map((app) => app.shopId)).toContain(shopId);
    const other = (await gql(list, {}, tokens.other)).data!.managedShopApps as { shopId: string }[];
    expect(other.map((app) => app.shopId)).not.toContain(shopId);
  });
});
