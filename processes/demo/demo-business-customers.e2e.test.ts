/**
 * The demo customer records after `npm start`: さくらマート's owner lists the records its staff entered
 * (kana, consent varied) and hanako's record of her membership, written as her join writes it; loading
 * the demo data again changes nothing, and keeps what the business changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_MEMBERSHIP_RECORD_ID, DEMO_STAFF_RECORD_IDS } from './demo-business-customers.js';
import { DEMO_CUSTOMER_ID } from './demo-customers.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';

let service: TestService;
const SAKURA_MART = demoId(1, 1);
const HANAKO = demoId(0x10, 1);
const FIELDS =
  'id source name nameKana email phone birthday note marketingEmail marketingPush dataSharing memberships { id }';

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

const query = <T>(text: string, params: unknown[] = []) =>
  rootEntityManager(service.orm).fork().execute<T[]>(text, params);

async function ownerToken(): Promise<string> {
  const scopes = ['store.customers.read', 'store.customers.write'];
  const app = await registerApp(service, scopes);
  const [owner] = await query<{ id: string }>('select "id" from "user_account" where "email" = ?', [
    'owner@sakura-mart.example',
  ]);
  return (await tokensFor(service, app, owner!.id, { scopes, businessAccountId: SAKURA_MART })).accessToken;
}

const snapshot = () => query('select * from "business_customer" order by "id"');

describe('the demo customer records', () => {
  it("are さくらマート's staff records and hanako's membership record, loaded once", async () => {
    const token = await ownerToken();
    const listed = await service.graphql(`query { businessCustomers(first: 100) { nodes { ${FIELDS} } } }`, {}, token);
    expect(listed.errors).toBeUndefined();
    const nodes = (listed.data as { businessCustomers: { nodes: Record<string, unknown>[] } }).businessCustomers.nodes;
    // Newest first: hanako joined at this load, the staff entered theirs a week apart before it.
    expect(nodes.map((n) => n.id)).toEqual([DEMO_MEMBERSHIP_RECORD_ID, ...[...DEMO_STAFF_RECORD_IDS].reverse()]);
    expect(nodes[0]).toMatchObject({
      source: 'membership',
      name: null,
      marketingEmail: false,
      memberships: [{ id: DEMO_CUSTOMER_ID }],
    });
    expect(nodes[4]).toEqual({
      id: DEMO_STAFF_RECORD_IDS[0],
      source: 'staff',
      name: '佐々木 美咲',
      nameKana: 'ササキ ミサキ',
      email: 'misaki.sasaki@example.com',
      phone: '09011112222',
      birthday: null,
      note: '毎週土曜に来店。有機野菜の入荷案内を希望。',
      marketingEmail: true,
      marketingPush: true,
      dataSharing: false,
      memberships: [],
    });
    expect(nodes.filter((n) => n.source === 'staff').every((n) => typeof n.nameKana === 'string')).toBe(true);
    const consents = nodes.map((n) => JSON.stringify([n.marketingEmail, n.marketingPush, n.dataSharing]));
    expect(new Set(consents.slice(1)).size).toBe(4);

    // As a join writes it: the membership's business and user, created with the membership.
    const [record] = await query(
      `select b."business_account_id", b."user_id", b."created_at" = c."created_at" as "with_membership"
       from "business_customer" b join "customer" c on c."id" = ? where b."id" = ?`,
      [DEMO_CUSTOMER_ID, DEMO_MEMBERSHIP_RECORD_ID],
    );
    expect(record).toEqual({ business_account_id: SAKURA_MART, user_id: HANAKO, with_membership: true });
    // Consent is recorded only where given, at entry.
    const [given] = await query<{ recorded: boolean }>(
      `select bool_and(("marketing_email_changed_at" is not null) = "marketing_email"
         and ("data_sharing_changed_at" is not null) = "data_sharing") as "recorded"
       from "business_customer" where "business_account_id" = ?`,
      [SAKURA_MART],
    );
    expect(given?.recorded).toBe(true);

    // Loaded once, and what the business changed stays (one test: tests in a file run shuffled).
    const changed = await service.graphql(
      'mutation($i: UpdateBusinessCustomerInput!) { updateBusinessCustomer(input: $i) { note } }',
      { i: { id: DEMO_STAFF_RECORD_IDS[1], note: '配達は終了。' } },
      token,
    );
    expect(changed).toEqual({ data: { updateBusinessCustomer: { note: '配達は終了。' } } });
    const deleted = await service.graphql(
      'mutation($id: ID!) { deleteBusinessCustomer(id: $id) }',
      { id: DEMO_STAFF_RECORD_IDS[2] },
      token,
    );
    expect(deleted.errors).toBeUndefined();
    const before = await snapshot();
    expect(before).toHaveLength(4);
    await loadDemoData(service.orm, { publicUrl: service.env.publicUrl });
    expect(await snapshot()).toEqual(before);
  });
});
