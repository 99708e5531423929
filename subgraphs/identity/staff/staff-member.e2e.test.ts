/**
 * Staff management through GraphQL with real business tokens (store.staff.read / .write): a business
 * creates, lists, updates and deletes its own staff at its own stores only (another business's staff
 * and stores are not found), validation names every bad field and stores nothing, the list is a Relay
 * connection whose stores cost no query per member, and the operator names the business it acts for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, countQueries, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

const STAFF_SCOPES = ['store.staff.read', 'store.staff.write'];
const FIELDS = 'id businessAccountId displayName nameKana email employeeCode role status userId linkedAt storeIds';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let myStore: string;
let theirStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, [...STAFF_SCOPES, 'store.products.read']);
  [mine, theirs] = [await business(service, app, STAFF_SCOPES), await business(service, app, STAFF_SCOPES)];
  myStore = await createStore(service, mine.businessAccountId);
  theirStore = await createStore(service, theirs.businessAccountId, false);
});

type Answer = Awaited<ReturnType<TestService['graphql']>>;
type Member = Record<string, unknown> & { id: string };
const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, Record<string, unknown>>>(query, variables, token);
const errorOf = (answer: Answer) => answer.errors?.[0]?.extensions;
const create = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: CreateStaffMemberInput!) { createStaffMember(input: $input) { ${FIELDS} } }`, { input }, token);
const update = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: UpdateStaffMemberInput!) { updateStaffMember(input: $input) { ${FIELDS} } }`, { input }, token);
const get = (id: string, token: string) => gql(`query($id: ID!) { staffMember(id: $id) { ${FIELDS} } }`, { id }, token);
const remove = (id: string, token: string) => gql('mutation($id: ID!) { deleteStaffMember(id: $id) }', { id }, token);
const invite = (id: string, token: string) =>
  gql('mutation($id: ID!) { inviteStaffMember(id: $id) { id } }', { id }, token);
const LIST = `query($storeId: ID, $role: StaffRole, $status: StaffStatus, $text: String, $first: Int, $after: String, $businessAccountId: ID) {
  staffMembers(storeId: $storeId, role: $role, status: $status, text: $text, first: $first, after: $after, businessAccountId: $businessAccountId) {
    edges { cursor node { id nameKana } } nodes { id nameKana stores { id } storeIds }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
const list = async (variables: Record<string, unknown>, token: string) => {
  const answer = await gql(LIST, variables, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.staffMembers as {
    nodes: { id: string; nameKana: string; stores: { id: string }[]; storeIds: string[] }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  };
};

/** A staff member made with `token`; fails the test on an error. */
async function staff(token: string, input: Record<string, unknown>): Promise<Member> {
  const answer = await create({ displayName: '山田 太郎', nameKana: 'ヤマダ タロウ', role: 'staff', ...input }, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.createStaffMember as Member;
}

describe('a business managing its staff', () => {
  it('creates a staff member at its stores, normalizing the reading, email and employee code', async () => {
    const made = await staff(mine.token, {
      displayName: '  佐藤 花子 ',
      nameKana: 'ｻﾄｳ　ﾊﾅｺ',
      email: 'Ｈａｎａｋｏ@Example.COM',
      employeeCode: 'Ｅ００１',
      role: 'manager',
      storeIds: [myStore, myStore],
    });
    expect(made).toMatchObject({
      businessAccountId: mine.businessAccountId,
      displayName: '佐藤 花子',
      nameKana: 'サトウ ハナコ',
      email: 'hanako@example.com',
      employeeCode: 'E001',
      role: 'manager',
      status: 'active',
      userId: null,
      linkedAt: null,
      storeIds: [myStore],
    });
    expect((await get(made.id, mine.token)).data!.staffMember).toEqual(made);
  });

  it('updates only the fields given (null clears), replaces stores, and refuses a taken employee code', async () => {
    const other = await createStore(service, mine.businessAccountId);
    await staff(mine.token, { employeeCode: 'TAKEN-1' });
    const made = await staff(mine.token, { email: 'a@example.test', employeeCode: 'X-2', storeIds: [myStore] });
    const changed = await update(
      { id: made.id, email: null, role: 'part_time', status: 'inactive', storeIds: [other] },
      mine.token,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateStaffMember).toMatchObject({
      displayName: '山田 太郎',
      email: null,
      employeeCode: 'X-2',
      role: 'part_time',
      status: 'inactive',
      storeIds: [other],
    });
    const taken = await update({ id: made.id, employeeCode: 'TAKEN-1' }, mine.token);
    expect(errorOf(taken)).toMatchObject({ code: 'CONFLICT', reason: 'employee_code_taken' });
    const again = await create(
      { displayName: 'x', nameKana: 'エックス', role: 'staff', employeeCode: 'TAKEN-1' },
      mine.token,
    );
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT', reason: 'employee_code_taken' });
    // Another business may use the same code.
    await staff(theirs.token, { employeeCode: 'TAKEN-1' });
  });

  it('deletes a staff member and its store links', async () => {
    const made = await staff(mine.token, { storeIds: [myStore] });
    expect((await remove(made.id, mine.token)).data).toEqual({ deleteStaffMember: true });
    expect(errorOf(await get(made.id, mine.token))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'staff_member_not_found',
    });
    expect(await sql(service, 'select * from "staff_member_store" where "staff_member_id" = ?', [made.id])).toEqual([]);
  });
});

describe('validation', () => {
  it('names every invalid field and stores nothing', async () => {
    const before = await sql(service, 'select count(*)::int as n from "staff_member"');
    const answer = await create(
      {
        displayName: ' ',
        nameKana: 'Yamada',
        email: 'not-an-email',
        employeeCode: 'bad code!',
        role: 'staff',
        storeIds: ['not-a-uuid'],
      },
      mine.token,
    );
    expect(errorOf(answer)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((errorOf(answer)!.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'storeIds',
      'displayName',
      'nameKana',
      'email',
      'employeeCode',
    ]);
    const tooLong = await create(
      { displayName: 'x'.repeat(101), nameKana: 'ア'.repeat(101), role: 'staff' },
      mine.token,
    );
    expect((errorOf(tooLong)!.errors as { path: string }[]).map((e) => e.path)).toEqual(['displayName', 'nameKana']);
    const made = await staff(mine.token, {});
    const nulls = await update({ id: made.id, displayName: null, role: null }, mine.token);
    expect((errorOf(nulls)!.errors as { path: string }[]).map((e) => e.path)).toEqual(['displayName', 'role']);
    const badPage = await gql(LIST, { first: 0, after: 'nonsense', text: 'x'.repeat(101) }, mine.token);
    expect((errorOf(badPage)!.errors as { path: string }[]).map((e) => e.path)).toEqual(['first', 'after', 'text']);
    expect(await sql(service, 'select count(*)::int as n from "staff_member"')).toEqual([
      { n: (before[0] as { n: number }).n + 1 },
    ]);
  });
});

describe('another business', () => {
  it('cannot read, change, delete or invite what is not its own, nor use its stores: all not found', async () => {
    const made = await staff(mine.token, { email: 'mine@example.test', storeIds: [myStore] });
    const refusals = [
      [await get(made.id, theirs.token), 'staff_member_not_found'],
      [await update({ id: made.id, displayName: 'x' }, theirs.token), 'staff_member_not_found'],
      [await remove(made.id, theirs.token), 'staff_member_not_found'],
      [await invite(made.id, theirs.token), 'staff_member_not_found'],
      [
        await create({ displayName: 'x', nameKana: 'エ', role: 'staff', storeIds: [myStore] }, theirs.token),
        'store_not_found',
      ],
      [await update({ id: made.id, storeIds: [theirStore] }, mine.token), 'store_not_found'],
      [await gql(LIST, { storeId: myStore }, theirs.token), 'store_not_found'],
    ] as const;
    for (const [answer, reason] of refusals) expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason });
    const named = await create(
      { businessAccountId: mine.businessAccountId, displayName: 'x', nameKana: 'エ', role: 'staff' },
      theirs.token,
    );
    expect(errorOf(named)).toMatchObject({ code: 'FORBIDDEN', reason: 'other_business' });
    expect((await get(made.id, mine.token)).data!.staffMember).toMatchObject({
      displayName: '山田 太郎',
      storeIds: [myStore],
    });
    const theirList = await list({ first: 100 }, theirs.token);
    expect(theirList.nodes.map((n) => n.id)).not.toContain(made.id);
  });

  it('needs store.staff.write to change staff and store.staff.read to read them', async () => {
    const readOnly = await business(service, app, ['store.staff.read']);
    expect(errorOf(await create({ displayName: 'x', nameKana: 'エ', role: 'staff' }, readOnly.token))).toMatchObject({
      code: 'FORBIDDEN',
      scope: 'store.staff.write',
    });
    const made = await staff(mine.token, {});
    for (const answer of [await remove(made.id, readOnly.token), await invite(made.id, readOnly.token)]) {
      expect(errorOf(answer)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.staff.write' });
    }
    const noScope = await business(service, app, ['store.products.read']);
    expect(errorOf(await gql(LIST, {}, noScope.token))).toMatchObject({ code: 'FORBIDDEN', scope: 'store.staff.read' });
    expect(errorOf(await get(made.id, noScope.token))).toMatchObject({ code: 'FORBIDDEN', scope: 'store.staff.read' });
  });
});

describe('the staff list', () => {
  it('pages by kana reading with stable cursors and combines filters', async () => {
    const owner = await business(service, app, STAFF_SCOPES);
    const [a, b] = [
      await createStore(service, owner.businessAccountId),
      await createStore(service, owner.businessAccountId),
    ];
    const readings = ['オカダ', 'アベ', 'エンドウ', 'イトウ', 'ウエダ'];
    const made: Record<string, Member> = {};
    for (const [i, nameKana] of readings.entries()) {
      made[nameKana] = await staff(owner.token, {
        nameKana,
        email: `s${i}@shop.example`,
        role: i % 2 === 0 ? 'staff' : 'part_time',
        status: i === 4 ? 'inactive' : 'active',
        storeIds: i < 3 ? [a] : [a, b],
      });
    }
    const first = await list({ first: 2 }, owner.token);
    expect(first.nodes.map((n) => n.nameKana)).toEqual(['アベ', 'イトウ']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await list({ first: 2, after: first.pageInfo.endCursor }, owner.token);
    expect(second.nodes.map((n) => n.nameKana)).toEqual(['ウエダ', 'エンドウ']);
    const third = await list({ first: 2, after: second.pageInfo.endCursor }, owner.token);
    expect(third.nodes.map((n) => n.nameKana)).toEqual(['オカダ']);
    expect(third.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const names = async (variables: Record<string, unknown>) =>
      (await list(variables, owner.token)).nodes.map((n) => n.nameKana);
    expect(await names({ storeId: b })).toEqual(['イトウ', 'ウエダ']);
    expect(await names({ role: 'part_time' })).toEqual(['アベ', 'イトウ']);
    expect(await names({ status: 'inactive' })).toEqual(['ウエダ']);
    expect(await names({ storeId: b, status: 'active' })).toEqual(['イトウ']);
    expect(await names({ text: 'S2@SHOP' })).toEqual(['エンドウ']);
    expect(await names({ text: 'ｴﾝ' })).toEqual(['エンドウ']);
    expect((await list({ storeId: b }, owner.token)).nodes[0]!.stores).toEqual([a, b].sort().map((id) => ({ id })));
  });

  it('costs the same number of queries for a page of 20 members with their stores as for a page of 2', async () => {
    const owner = await business(service, app, STAFF_SCOPES);
    const stores = [
      await createStore(service, owner.businessAccountId),
      await createStore(service, owner.businessAccountId),
    ];
    for (let i = 0; i < 21; i++) await staff(owner.token, { nameKana: `ア${'イ'.repeat(i)}`, storeIds: stores });
    const query = 'query($first: Int) { staffMembers(first: $first) { nodes { id stores { id } storeIds } } }';
    let page: Awaited<ReturnType<typeof gql>> | undefined;
    const forTwo = await countQueries(service, () => gql(query, { first: 2 }, owner.token));
    const forTwenty = await countQueries(service, async () => (page = await gql(query, { first: 20 }, owner.token)));
    const nodes = (page!.data!.staffMembers as { nodes: { stores: unknown[] }[] }).nodes;
    expect(nodes).toHaveLength(20);
    expect(nodes.every((n) => n.stores.length === 2)).toBe(true);
    expect(forTwenty).toBe(forTwo);
  });
});

describe('the operator', () => {
  it('names the business it acts for', async () => {
    const missing = await create({ displayName: 'x', nameKana: 'エ', role: 'staff' }, TEST_OPERATOR_TOKEN);
    expect(errorOf(missing)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'businessAccountId' }] });
    const made = await staff(TEST_OPERATOR_TOKEN, {
      businessAccountId: theirs.businessAccountId,
      storeIds: [theirStore],
    });
    expect(made).toMatchObject({ businessAccountId: theirs.businessAccountId, storeIds: [theirStore] });
    const mixed = await create(
      {
        businessAccountId: theirs.businessAccountId,
        displayName: 'x',
        nameKana: 'エ',
        role: 'staff',
        storeIds: [myStore],
      },
      TEST_OPERATOR_TOKEN,
    );
    expect(errorOf(mixed)).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    const listed = await list({ businessAccountId: theirs.businessAccountId, first: 100 }, TEST_OPERATOR_TOKEN);
    expect(listed.nodes.map((n) => n.id)).toContain(made.id);
  });
});
