import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

const CREATE_BUSINESS =
  'mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id name } }';
const CREATE_STORE =
  'mutation($input: CreateStoreInput!) { createStore(input: $input) { id name prefecture prefectureCode isPublicListing placeId } }';

let service: TestService;
let businessAccountId: string;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const created = await service.graphql<{ createBusinessAccount: { id: string } }>(
    CREATE_BUSINESS,
    { input: { name: 'テスト商店', ownerEmail: 'Owner@Example.com' } },
    TEST_OPERATOR_TOKEN,
  );
  businessAccountId = created.data!.createBusinessAccount.id;
});

const storeInput = (overrides: Record<string, unknown> = {}) => ({
  businessAccountId,
  name: 'テスト商店 本店',
  prefecture: '大阪府',
  storeType: 'bakery',
  isPublicListing: true,
  ...overrides,
});

describe('createStore', () => {
  it('creates a store an operator asked for, visible in the directory when public', async () => {
    const result = await service.graphql<{ createStore: { id: string; prefectureCode: string } }>(
      CREATE_STORE,
      { input: storeInput() },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.createStore).toMatchObject({
      prefecture: '大阪府',
      prefectureCode: '27',
      isPublicListing: true,
    });
    const response = await service.call(`/api/v1/public/stores/${result.data!.createStore.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'テスト商店 本店',
      business: { businessAccountId, name: 'テスト商店' },
    });
  });

  it('keeps an unlisted store out of the directory', async () => {
    const result = await service.graphql<{ createStore: { id: string } }>(
      CREATE_STORE,
      { input: storeInput({ isPublicListing: false, name: '倉庫' }) },
      TEST_OPERATOR_TOKEN,
    );
    expect((await service.call(`/api/v1/public/stores/${result.data!.createStore.id}`)).status).toBe(404);
    const list = (await (await service.call(`/api/v1/public/stores?q=${encodeURIComponent('倉庫')}`)).json()) as {
      total: number;
    };
    expect(list.total).toBe(0);
  });

  it('refuses callers without the operator credential', async () => {
    const anonymous = await service.graphql(CREATE_STORE, { input: storeInput() });
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'unauthenticated' });
    const wrong = await service.graphql(CREATE_STORE, { input: storeInput() }, 'not-the-operator-token');
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'invalid_token' });
  });

  it('names every invalid field', async () => {
    const result = await service.graphql(
      CREATE_STORE,
      { input: storeInput({ name: ' ', prefecture: 'Atlantis', storeType: 'spaceport', postalCode: 'abc' }) },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const paths = (result.errors?.[0]?.extensions?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(['name', 'prefecture', 'storeType', 'postalCode']);
  });

  it('maps an unknown business account to a 400-class error, not a 500', async () => {
    const result = await service.graphql(
      CREATE_STORE,
      { input: storeInput({ businessAccountId: '01900000-0000-7000-8000-0000000fffff' }) },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'unknown_business_account',
    });
  });

  it('refuses a place-directory id that another store has', async () => {
    const first = await service.graphql(
      CREATE_STORE,
      { input: storeInput({ placeId: 'place-dup' }) },
      TEST_OPERATOR_TOKEN,
    );
    expect(first.errors).toBeUndefined();
    const second = await service.graphql(
      CREATE_STORE,
      { input: storeInput({ placeId: 'place-dup' }) },
      TEST_OPERATOR_TOKEN,
    );
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'place_id_taken' });
  });
});

describe('createBusinessAccount', () => {
  it('normalises the owner email and validates input', async () => {
    const created = await service.graphql<{ createBusinessAccount: { id: string } }>(
      CREATE_BUSINESS,
      { input: { name: 'ケース商店', ownerEmail: '  Mixed.Case@Example.COM ' } },
      TEST_OPERATOR_TOKEN,
    );
    expect(created.errors).toBeUndefined();
    const rows: { owner_email: string }[] = await service.orm.em
      .getConnection()
      .execute('select "owner_email" from "business_account" where "id" = ?', [created.data!.createBusinessAccount.id]);
    expect(rows.map((r) => r.owner_email)).toEqual(['mixed.case@example.com']);
    const bad = await service.graphql(
      CREATE_BUSINESS,
      { input: { name: '', ownerEmail: 'nope' } },
      TEST_OPERATOR_TOKEN,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    const paths = (bad.errors?.[0]?.extensions?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(['name', 'ownerEmail']);
    const anonymous = await service.graphql(CREATE_BUSINESS, { input: { name: 'x', ownerEmail: 'a@b.example' } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('directory search text', () => {
  it('matches Latin text case-insensitively and follows updates of the generated column', async () => {
    const created = await service.graphql<{ createStore: { id: string } }>(
      CREATE_STORE,
      {
        input: storeInput({
          name: 'Blue Bottle Kiyosumi',
          nameKana: 'ブルーボトル キヨスミ',
          address: 'Koto-ku Hirano 1-4-8',
        }),
      },
      TEST_OPERATOR_TOKEN,
    );
    const id = created.data!.createStore.id;
    const search = async (q: string) =>
      (
        (await (await service.call(`/api/v1/public/stores?q=${encodeURIComponent(q)}`)).json()) as {
          items: { storeId: string }[];
        }
      ).items.map((s) => s.storeId);
    for (const q of ['blue bottle', 'BOTTLE', 'hirano 1-4', 'ボトル']) expect(await search(q), q).toEqual([id]);
    // No operation renames a store yet: the row is changed directly, and the generated column follows.
    await service.orm.em
      .getConnection()
      .execute(`update "store" set "name" = 'Green Leaf Kiyosumi', "address" = 'Koto-ku Miyoshi 2-1' where "id" = ?`, [
        id,
      ]);
    for (const q of ['GREEN LEAF', 'miyoshi 2-1', 'ボトル']) expect(await search(q), q).toEqual([id]);
    for (const q of ['blue bottle', 'hirano 1-4']) expect(await search(q), q).toEqual([]);
  });
});
