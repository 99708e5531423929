/**
 * The demo staff after `npm start`: a manager and two staff of さくらマート at 渋谷店 (and 新宿店), seen
 * by the business's owner through the staff list; loading the demo data again adds nothing and keeps
 * what the business changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';
import { DEMO_STAFF } from './demo-staff.js';

let service: TestService;
const SHIBUYA = '01900000-0000-7000-8002-000000000001';

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function ownerToken(): Promise<string> {
  const scopes = ['store.staff.read', 'store.staff.write'];
  const app = await registerApp(service, scopes);
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', ['owner@sakura-mart.example']);
  return (await tokensFor(service, app, rows[0]!.id, { scopes, businessAccountId: demoId(1, 1) })).accessToken;
}

describe('the demo staff', () => {
  it('are a manager and two staff of さくらマート at 渋谷店, loaded once', async () => {
    const token = await ownerToken();
    const query = `query($storeId: ID) { staffMembers(storeId: $storeId) { nodes { id displayName role userId storeIds } } }`;
    const listed = async () => {
      const answer = await service.graphql<{ staffMembers: { nodes: Record<string, unknown>[] } }>(
        query,
        { storeId: SHIBUYA },
        token,
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.staffMembers.nodes;
    };
    const staff = await listed();
    expect(staff.map((s) => s.id).sort()).toEqual(DEMO_STAFF.map(([id]) => id).sort());
    expect(staff.map((s) => s.role).sort()).toEqual(['manager', 'part_time', 'staff']);
    expect(staff.every((s) => s.userId === null)).toBe(true);

    const renamed = await service.graphql(
      'mutation($input: UpdateStaffMemberInput!) { updateStaffMember(input: $input) { id } }',
      { input: { id: DEMO_STAFF[1][0], displayName: '佐藤 美咲（改）' } },
      token,
    );
    expect(renamed.errors).toBeUndefined();
    await loadDemoData(service.orm);
    const again = await listed();
    expect(again).toHaveLength(3);
    expect(again.find((s) => s.id === DEMO_STAFF[1][0])).toMatchObject({ displayName: '佐藤 美咲（改）' });
  });
});
