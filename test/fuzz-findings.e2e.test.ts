/**
 * What the schema-driven fuzz test (fuzz.e2e.test.ts) found beyond issue 6's list, pinned one by
 * one: a form of 5,000 parameters on the OAuth endpoints, and store fields longer than their
 * columns, a key argument of a rate-limited field nested 10,000 deep. (The /graphql operationName,
 * subscription and too-many-variable-problems cases are in gateway/graphql-http.e2e.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';

let service: TestService;
let businessAccountId: string;

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const created = await service.graphql<{ createBusinessAccount: { id: string } }>(
    'mutation($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }',
    { input: { name: '長さ検査商店', ownerEmail: 'owner@length.example' } },
    TEST_OPERATOR_TOKEN,
  );
  businessAccountId = created.data!.createBusinessAccount.id;
});
afterAll(async () => {
  await service?.close();
});

describe('a form body of 5,000 parameters', () => {
  const body = Array.from({ length: 5000 }, (_, i) => `p${i}=x`).join('&');

  it.each(['token', 'verify', 'revoke'])('is a 413 in the OAuth error shape at /api/v1/auth/%s', async (name) => {
    const response = await service.call(`/api/v1/auth/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'body_too_large', status: 413 });
  });
});

describe('createStore with values longer than their columns', () => {
  const CREATE_STORE = 'mutation($input: CreateStoreInput!) { createStore(input: $input) { id } }';
  const input = (overrides: Record<string, unknown>) => ({
    businessAccountId,
    name: '長さ検査商店 本店',
    prefecture: '東京都',
    storeType: 'bakery',
    ...overrides,
  });
  const countStores = async () => {
    const rows = await rootEntityManager(service.orm)
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from "store"');
    return Number(rows[0]!.n);
  };

  it.each([
    ['nameKana', 'カ'.repeat(201)],
    ['phone', '0'.repeat(33)],
    ['phone', 'call me maybe'],
  ])(
    'refuses an over-long or malformed %s as BAD_USER_INPUT naming the field, and stores nothing',
    async (field, value) => {
      const before = await countStores();
      const result = await service.graphql(CREATE_STORE, { input: input({ [field]: value }) }, TEST_OPERATOR_TOKEN);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(JSON.stringify(result.errors?.[0]?.extensions)).toContain(field);
      expect(await countStores()).toBe(before);
    },
  );

  it('accepts a kana reading of 200 characters and a telephone number', async () => {
    const result = await service.graphql<{ createStore: { id: string } }>(
      CREATE_STORE,
      { input: input({ nameKana: 'カ'.repeat(200), phone: '+81 3-1234-5678' }) },
      TEST_OPERATOR_TOKEN,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.createStore.id).toEqual(expect.any(String));
  });
});

describe('a rate-limited field whose key argument is sent a value nested 10,000 deep', () => {
  it('is a 400 for the variable, not a 500 from building the counter key', async () => {
    // Written out by hand: JSON.stringify itself runs out of stack on such a value.
    const deep = `${'['.repeat(10_000)}"T1"${']'.repeat(10_000)}`;
    const query = 'mutation($id: String!) { claimTerminalReceipt(publicTerminalId: $id) { id } }';
    const response = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query":${JSON.stringify(query)},"variables":{"id":${deep}}}`,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors.map((e) => e.extensions.code)).toEqual(['BAD_USER_INPUT']);
  });
});
