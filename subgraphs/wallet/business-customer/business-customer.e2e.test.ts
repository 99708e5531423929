/**
 * A business's customer records through GraphQL with real business tokens: create, read, update,
 * consent and delete its own records only (another business's are not found), each bad field named,
 * the store.customers scopes enforced, the list's filters and keyset pages, and the operator naming
 * the business.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startCustomerWorld, type CustomerWorld } from '../../../test/fixtures/customer.fixtures.js';
import { failure, sql } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN } from '../../../test/harness.js';

let w: CustomerWorld;

beforeAll(async () => {
  w = await startCustomerWorld();
});

const FIELDS = `id source name nameKana email phone birthday note shopDomain shopCustomerId createdAt
  marketingEmail marketingEmailChangedAt marketingPush marketingPushChangedAt dataSharing dataSharingChangedAt`;

interface Rec {
  readonly id: string;
  readonly [field: string]: unknown;
}
interface Data {
  createBusinessCustomer: Rec;
  updateBusinessCustomer: Rec;
  setBusinessCustomerConsent: Rec;
  businessCustomer: Rec;
  deleteBusinessCustomer: string;
  businessCustomers: { nodes: Rec[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
}
type Answer = Awaited<ReturnType<CustomerWorld['service']['graphql']>>;

const gql = (query: string, variables: object, token: string) =>
  w.service.graphql<Data>(query, variables as { [name: string]: unknown }, token);
const create = (input: object, token = w.tokens.both) =>
  gql(
    `mutation($i: CreateBusinessCustomerInput!) { createBusinessCustomer(input: $i) { ${FIELDS} } }`,
    { i: input },
    token,
  );
const update = (input: object, token = w.tokens.both) =>
  gql(
    `mutation($i: UpdateBusinessCustomerInput!) { updateBusinessCustomer(input: $i) { ${FIELDS} } }`,
    { i: input },
    token,
  );
const consent = (input: object, token = w.tokens.both) =>
  gql(
    `mutation($i: BusinessCustomerConsentInput!) { setBusinessCustomerConsent(input: $i) { ${FIELDS} } }`,
    { i: input },
    token,
  );
const get = (id: string, token = w.tokens.both) =>
  gql(`query($id: ID!) { businessCustomer(id: $id) { ${FIELDS} } }`, { id }, token);
const remove = (id: string, token = w.tokens.both) =>
  gql('mutation($id: ID!) { deleteBusinessCustomer(id: $id) }', { id }, token);
const list = (args: object, token = w.tokens.both) =>
  gql(
    `query($t: String, $s: BusinessCustomerSource, $c: CustomerConsent, $f: Int, $a: String, $b: ID) {
      businessCustomers(text: $t, source: $s, consent: $c, first: $f, after: $a, businessAccountId: $b) {
        nodes { id name } edges { cursor } pageInfo { hasNextPage hasPreviousPage endCursor } } }`,
    args,
    token,
  );

async function made(input: object, token = w.tokens.both): Promise<Rec> {
  const answer = await create(input, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.createBusinessCustomer;
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe('a business managing its customer records', () => {
  it('creates a record with its fields normalized, reads, updates (null clears) and deletes it', async () => {
    const record = await made({
      name: '  山田　花子 ',
      nameKana: 'ﾔﾏﾀﾞ ハナコ',
      email: ' Ｈａｎａｋｏ@Example.COM ',
      phone: '03-1234-5678',
      birthday: '1990-04-01',
      note: '常連',
      marketingEmail: true,
    });
    expect(record).toMatchObject({
      source: 'staff',
      name: '山田 花子',
      nameKana: 'ヤマダ ハナコ',
      email: 'hanako@example.com',
      phone: '0312345678',
      birthday: '1990-04-01',
      note: '常連',
      shopDomain: null,
      marketingEmail: true,
      marketingEmailChangedAt: record.createdAt,
      marketingPush: false,
      marketingPushChangedAt: null,
    });
    expect((await get(record.id)).data!.businessCustomer).toEqual(record);

    const changed = await update({ id: record.id, note: null, phone: '+81 90 1111 2222', name: '山田 はな' });
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateBusinessCustomer).toMatchObject({
      name: '山田 はな',
      email: 'hanako@example.com',
      phone: '+819011112222',
      note: null,
      birthday: '1990-04-01',
    });

    expect((await remove(record.id)).data!.deleteBusinessCustomer).toBe(record.id);
    for (const answer of [await get(record.id), await remove(record.id)])
      expect(failure(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'business_customer_not_found' });
  });

  it('sets consent flags, recording when each changed (the same value again keeps its time)', async () => {
    const record = await made({ name: '同意', marketingPush: false });
    const first = (await consent({ id: record.id, marketingEmail: true, dataSharing: false })).data!
      .setBusinessCustomerConsent;
    expect(first).toMatchObject({ marketingEmail: true, dataSharing: false, marketingPush: false });
    expect(first.marketingEmailChangedAt).not.toBeNull();
    expect(first.dataSharingChangedAt).not.toBeNull();
    expect(first.marketingPushChangedAt).toBe(record.marketingPushChangedAt);
    const again = (await consent({ id: record.id, marketingEmail: true, marketingPush: true })).data!
      .setBusinessCustomerConsent;
    expect(again.marketingEmailChangedAt).toBe(first.marketingEmailChangedAt);
    expect(again.marketingPush).toBe(true);
    expect(again.marketingPushChangedAt).not.toBe(record.marketingPushChangedAt);
    expect(failure(await consent({ id: record.id }))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('lists its records newest first in keyset pages, filtered by text, source and consent', async () => {
    const tag = unique();
    const a = await made({ name: `鈴木 ${tag}`, nameKana: 'スズキ', email: `a-${tag}@shop.example` });
    const b = await made({ name: `佐藤 ${tag}`, phone: '090-7777-0001', marketingPush: true });
    const c = await made({ name: `高橋 ${tag}` });
    const page1 = (await list({ t: tag, f: 2 })).data!.businessCustomers;
    expect(page1.nodes.map((n) => n.id)).toEqual([c.id, b.id]);
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const after = page1.pageInfo.endCursor;
    const page2 = (await list({ t: tag, f: 2, a: after })).data!.businessCustomers;
    expect(page2.nodes.map((n) => n.id)).toEqual([a.id]);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const ids = async (args: object) => (await list(args)).data!.businessCustomers.nodes.map((n) => n.id);
    expect(await ids({ t: `A-${tag}@SHOP` })).toEqual([a.id]);
    expect(await ids({ t: '０９０７７７７０００１' })).toContain(b.id);
    expect(await ids({ t: 'スズキ' })).toContain(a.id);
    expect(await ids({ t: tag, c: 'marketingPush' })).toEqual([b.id]);
    expect(await ids({ t: tag, s: 'membership' })).toEqual([]);
    expect(await ids({ t: '%' })).not.toContain(a.id);
  });
});

describe('validation', () => {
  it('names every invalid field and stores nothing', async () => {
    const [before] = await sql<{ n: number }>(w.service, 'select count(*)::int as n from "business_customer"');
    const answer = await create({
      name: ' ',
      nameKana: '山田',
      email: 'not-an-email',
      phone: '12-ab',
      birthday: '2023-02-30',
      note: 'x'.repeat(2001),
    });
    expect(failure(answer)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((failure(answer)!.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(
      ['birthday', 'email', 'name', 'nameKana', 'note', 'phone'].sort(),
    );
    for (const birthday of ['1899-12-31', '2999-01-01', '1990-4-1'])
      expect(failure(await create({ name: 'x', birthday }))).toMatchObject({ code: 'BAD_USER_INPUT' });
    const record = await made({ name: '元' });
    expect(failure(await update({ id: record.id, email: 'bad' }))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await get(record.id)).data!.businessCustomer.email).toBeNull();
    for (const args of [{ f: 0 }, { a: 'not-a-cursor' }, { t: ' ' }, { t: 'x'.repeat(101) }])
      expect(failure(await list(args))).toMatchObject({ code: 'BAD_USER_INPUT' });
    const [after] = await sql<{ n: number }>(w.service, 'select count(*)::int as n from "business_customer"');
    expect(after!.n).toBe(before!.n + 1);
  });
});

describe('another business and missing scopes', () => {
  it("answers another business's record as not found and lists only its own", async () => {
    const record = await made({ name: '私の客' });
    const refusals: Answer[] = [
      await get(record.id, w.tokens.rival),
      await update({ id: record.id, name: 'x' }, w.tokens.rival),
      await consent({ id: record.id, marketingEmail: true }, w.tokens.rival),
      await remove(record.id, w.tokens.rival),
    ];
    for (const answer of refusals)
      expect(failure(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'business_customer_not_found' });
    expect((await get(record.id)).data!.businessCustomer).toMatchObject({ name: '私の客', marketingEmail: false });
    const theirs = (await list({ f: 100 }, w.tokens.rival)).data!.businessCustomers.nodes.map((n) => n.id);
    expect(theirs).not.toContain(record.id);
    expect(
      failure(await create({ name: 'x', businessAccountId: w.owner.businessAccountId }, w.tokens.rival)),
    ).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'other_business',
    });
    expect(failure(await list({ b: w.owner.businessAccountId }, w.tokens.rival))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('needs store.customers.read to read and store.customers.write to change', async () => {
    const record = await made({ name: '範囲' });
    for (const answer of [await list({}, w.tokens.otherScope), await get(record.id, w.tokens.otherScope)])
      expect(failure(answer)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.customers.read' });
    const writes: Answer[] = [
      await create({ name: 'x' }, w.tokens.read),
      await update({ id: record.id, name: 'x' }, w.tokens.read),
      await consent({ id: record.id, marketingEmail: true }, w.tokens.read),
      await remove(record.id, w.tokens.read),
    ];
    for (const answer of writes)
      expect(failure(answer)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.customers.write' });
    expect((await get(record.id)).data!.businessCustomer).toMatchObject({ name: '範囲' });
  });
});

describe('the operator', () => {
  it('names the business of a new record and of a list', async () => {
    const record = await made({ name: 'オペ', businessAccountId: w.rival.businessAccountId }, TEST_OPERATOR_TOKEN);
    expect((await get(record.id, w.tokens.rival)).data!.businessCustomer).toMatchObject({ name: 'オペ' });
    expect(failure(await create({ name: 'x' }, TEST_OPERATOR_TOKEN))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(failure(await list({}, TEST_OPERATOR_TOKEN))).toMatchObject({ code: 'BAD_USER_INPUT' });
    const listed = await list({ b: w.rival.businessAccountId, t: 'オペ' }, TEST_OPERATOR_TOKEN);
    expect(listed.data!.businessCustomers.nodes.map((n) => n.id)).toContain(record.id);
    const unknown = await create(
      { name: 'x', businessAccountId: '01900000-0000-7000-8000-00000000dead' },
      TEST_OPERATOR_TOKEN,
    );
    expect(failure(unknown)).toMatchObject({ code: 'NOT_FOUND', reason: 'business_not_found' });
  });
});
