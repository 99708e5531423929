/**
 * The demo orders after `npm start`: the さくらマート owner lists its orders at 渋谷店 in every status
 * with their lines (totals adding up), and loading the demo data again adds nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';

let service: TestService;
const SAKURA_MART = demoId(1, 1);
const SHIBUYA = '01900000-0000-7000-8002-000000000001';

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function ownerToken(): Promise<string> {
  const scopes = ['store.orders.read'];
  const app = await registerApp(service, scopes);
  const [owner] = await rootEntityManager(service.orm)
    .fork()
    .execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', ['owner@sakura-mart.example']);
  return (await tokensFor(service, app, owner!.id, { scopes, businessAccountId: SAKURA_MART })).accessToken;
}

interface Listed {
  orders: { nodes: { status: string; source: string; totalAmount: number; lines: { lineTotal: number }[] }[] };
}

describe('the demo orders', () => {
  it('are さくらマート’s at 渋谷店, one in each status, and load once', async () => {
    const token = await ownerToken();
    const list = () =>
      service.graphql<Listed>(
        'query($storeId: ID) { orders(storeId: $storeId, source: manual) { nodes { status source totalAmount lines { lineTotal } } } }',
        { storeId: SHIBUYA },
        token,
      );
    const first = await list();
    expect(first.errors).toBeUndefined();
    const nodes = first.data!.orders.nodes;
    expect(nodes.map((o) => o.status)).toEqual(['open', 'paid', 'cancelled', 'fulfilled', 'closed']);
    for (const order of nodes)
      expect(order.lines.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(order.totalAmount);

    await loadDemoData(service.orm);
    expect((await list()).data!.orders.nodes).toHaveLength(5);
    const events = await rootEntityManager(service.orm)
      .fork()
      .execute<unknown[]>(`select 1 from "outbox_event" where "payload"->>'source' = 'manual'`);
    expect(events).toEqual([]);
  });
});
