/**
 * Shop apps over GraphQL: who may create one (the operator for any business, a business token with
 * store.info.write for its own), the validation of shopId, name and stores, and the public lookup.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { businessOwner, failure } from '../../../test/fixtures/stores.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';

const CREATE = `mutation($input: CreateShopAppInput!) { createShopApp(input: $input) { id shopId name template storeIds } }`;
const READ = `query($shopId: String!) { shopApp(shopId: $shopId) { shopId name storeIds } }`;

let service: TestService;
let business: string;
let otherBusiness: string;
let stores: string[];
let otherStore: string;
let tokens: { owner: string; other: string; noScope: string };

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, ['store.info.write', 'store.info.read']);
  const [owner, other] = [await businessOwner(service, app), await businessOwner(service, app)];
  [business, otherBusiness] = [owner.businessAccountId, other.businessAccountId];
  stores = [await createStore(service, business), await createStore(service, business, false)];
  otherStore = await createStore(service, otherBusiness);
  tokens = {
    owner: await owner.token(['store.info.write']),
    other: await other.token(['store.info.write']),
    noScope: await owner.token(['store.info.read']),
  };
});

let serial = 0;
const freshShopId = () => `shop-${process.pid}-${++serial}`;

/** `token` null sends no Authorization header. */
function create(input: Record<string, unknown>, token: string | null = TEST_OPERATOR_TOKEN) {
  return service.graphql<{ createShopApp: { shopId: string; name: string; template: string; storeIds: string[] } }>(
    CREATE,
    { input },
    token ?? undefined,
  );
}

describe('createShopApp', () => {
  it('lets the operator create an app for a business, readable by anyone with its stores in order', async () => {
    const shopId = freshShopId();
    const created = await create({
      shopId,
      name: ' さくらアプリ ',
      businessAccountId: business,
      storeIds: [stores[1], stores[0]],
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createShopApp).toMatchObject({ shopId, name: 'さくらアプリ', template: 'standard' });

    const read = await service.graphql<{ shopApp: unknown }>(READ, { shopId });
    expect(read.errors).toBeUndefined();
    expect(read.data!.shopApp).toEqual({ shopId, name: 'さくらアプリ', storeIds: [stores[1], stores[0]] });
  });

  it("lets a business token with store.info.write create an app of its own business's stores", async () => {
    const shopId = freshShopId();
    const created = await create({ shopId, name: 'App', storeIds: [stores[0]] }, tokens.owner);
    expect(created.errors).toBeUndefined();
    expect(created.data!.createShopApp.storeIds).toEqual([stores[0]]);
  });

  it("answers another business's store like an unknown one, and creates nothing", async () => {
    const shopId = freshShopId();
    for (const storeIds of [[otherStore], [stores[0], '01900000-0000-7000-8002-00000000ffff']]) {
      const result = await create({ shopId, name: 'App', storeIds }, tokens.owner);
      expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'unknown_store' });
    }
    expect(failure(await service.graphql(READ, { shopId }))).toMatchObject({ reason: 'app_not_found' });
  });

  it('refuses a business token naming another business, and a token without store.info.write', async () => {
    expect(
      failure(await create({ shopId: freshShopId(), name: 'A', businessAccountId: business }, tokens.other)),
    ).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'other_business',
    });
    expect(failure(await create({ shopId: freshShopId(), name: 'A' }, tokens.noScope))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
    expect(failure(await create({ shopId: freshShopId(), name: 'A' }, null))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('answers a shopId already taken with CONFLICT', async () => {
    const shopId = freshShopId();
    expect((await create({ shopId, name: 'A', businessAccountId: business })).errors).toBeUndefined();
    expect(failure(await create({ shopId, name: 'B' }, tokens.other))).toMatchObject({
      code: 'CONFLICT',
      reason: 'shop_id_taken',
    });
  });

  it.each([
    ['a shopId of 2 characters', { shopId: 'ab' }, 'shopId'],
    ['a shopId of 65 characters', { shopId: 'a'.repeat(65) }, 'shopId'],
    ['a shopId with a slash', { shopId: 'ab/cd' }, 'shopId'],
    ['a shopId starting with a dash', { shopId: '-abc' }, 'shopId'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name of 101 characters', { name: 'あ'.repeat(101) }, 'name'],
    ['a malformed store id', { storeIds: ['store-1'] }, 'storeIds'],
    ['a repeated store', { storeIds: ['x', 'x'].map(() => '01900000-0000-7000-8002-000000000001') }, 'storeIds'],
    ['no business named by the operator', { businessAccountId: null }, 'businessAccountId'],
  ])('answers %s with BAD_USER_INPUT naming the field', async (_label, override, path) => {
    const result = await create({ shopId: freshShopId(), name: 'App', businessAccountId: business, ...override });
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [expect.objectContaining({ path })] });
  });
});

describe('shopApp', () => {
  it.each(['no-such-shop', 'x', 'a/b', ''])('answers %j with NOT_FOUND (app_not_found)', async (shopId) => {
    expect(failure(await service.graphql(READ, { shopId }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'app_not_found',
    });
  });
});
