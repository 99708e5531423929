/**
 * Records from memberships: joining a shop app gives its business exactly one record of the member
 * (also when joins race, and across the business's shop apps), whose `memberships` list the user's
 * memberships there; a page of 20 records with their memberships costs what a page of 1 does; and
 * deleting the account, or the user row itself, erases the records.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_SHOP,
  OTHER_SHOP,
  PLAIN_SHOP,
  startCustomerWorld,
  type CustomerWorld,
} from '../../../test/fixtures/customer.fixtures.js';
import { USER_PASSWORD } from '../../../test/fixtures/oauth.fixtures.js';
import { countQueries, sql } from '../../../test/fixtures/stores.fixtures.js';

let w: CustomerWorld;

beforeAll(async () => {
  w = await startCustomerWorld();
});

const recordsOf = (userId: string) =>
  sql<{ id: string; business_account_id: string; source: string }>(
    w.service,
    'select "id", "business_account_id", "source" from "business_customer" where "user_id" = ? order by "business_account_id"',
    [userId],
  );

const PAGE = `query($f: Int) { businessCustomers(first: $f, source: membership) {
  nodes { id source memberships { id shopId memberNumber points rank { code } } } } }`;

describe('joining a membership', () => {
  it("gives the shop's business one record of the member, whatever the joins and shop apps", async () => {
    const member = await w.newMember(CARD_SHOP);
    await Promise.all([
      w.join(CARD_SHOP, member.token),
      w.join(PLAIN_SHOP, member.token),
      w.join(PLAIN_SHOP, member.token),
    ]);
    const records = await recordsOf(member.userId);
    expect(records).toEqual([
      { id: expect.any(String), business_account_id: w.owner.businessAccountId, source: 'membership' },
    ]);

    const answer = await w.service.graphql<{ businessCustomer: { source: string; memberships: { shopId: string }[] } }>(
      'query($id: ID!) { businessCustomer(id: $id) { source name email memberships { id shopId } } }',
      { id: records[0]!.id },
      w.tokens.read,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.businessCustomer).toMatchObject({ source: 'membership', name: null, email: null });
    expect(answer.data!.businessCustomer.memberships.map((m) => m.shopId).sort()).toEqual(
      [CARD_SHOP, PLAIN_SHOP].sort(),
    );

    await w.join(OTHER_SHOP, member.token);
    expect((await recordsOf(member.userId)).map((r) => r.business_account_id).sort()).toEqual(
      [w.owner.businessAccountId, w.rival.businessAccountId].sort(),
    );
  });

  it('lists a page of 20 records with their memberships at the cost of a page of 1', async () => {
    for (let i = 0; i < 20; i++) await w.newMember(i % 2 === 0 ? CARD_SHOP : PLAIN_SHOP);
    let answer: Awaited<ReturnType<typeof w.service.graphql>> | undefined;
    const one = await countQueries(w.service, () => w.service.graphql(PAGE, { f: 1 }, w.tokens.read));
    const twenty = await countQueries(w.service, async () => {
      answer = await w.service.graphql(PAGE, { f: 20 }, w.tokens.read);
    });
    const nodes = (answer!.data as { businessCustomers: { nodes: { memberships: unknown[] }[] } }).businessCustomers
      .nodes;
    expect(nodes).toHaveLength(20);
    expect(nodes.every((n) => n.memberships.length >= 1)).toBe(true);
    expect(twenty).toBe(one);
  });
});

describe('erasure', () => {
  it("deleting the account erases the businesses' records of the user", async () => {
    const member = await w.newMember(CARD_SHOP);
    await w.join(OTHER_SHOP, member.token);
    expect(await recordsOf(member.userId)).toHaveLength(2);
    const deleted = await w.service.graphql(
      'mutation($i: DeleteAccountInput!) { deleteAccount(input: $i) { deleted } }',
      { i: { confirm: true, password: USER_PASSWORD } },
      member.token,
    );
    expect(deleted.errors).toBeUndefined();
    expect(await recordsOf(member.userId)).toEqual([]);
  });

  it("removing the user row cascades to the records (the database's foreign key)", async () => {
    const member = await w.newMember(PLAIN_SHOP);
    expect(await recordsOf(member.userId)).toHaveLength(1);
    await sql(w.service, 'delete from "user_account" where "id" = ?', [member.userId]);
    expect(await recordsOf(member.userId)).toEqual([]);
  });
});
