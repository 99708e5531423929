/**
 * The demo customer after `npm start`: hanako sees her さくらマート membership (シルバー, 1,200 points)
 * with her own token, the さくらマート owner finds her among the shop's customers, and loading the demo
 * data again adds nothing and keeps the points the business changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_SHOP_ID } from './demo-content.js';
import { DEMO_CUSTOMER_ID, DEMO_MEMBER_NUMBER } from './demo-customers.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';

let service: TestService;
const SAKURA_MART = demoId(1, 1);
const FIELDS = 'id shopId memberNumber points rank { code name color }';

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function userId(email: string): Promise<string> {
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [email]);
  return rows[0]!.id;
}

async function ownerToken(): Promise<string> {
  const scopes = ['store.customers.read', 'store.customers.write'];
  const app = await registerApp(service, scopes);
  const owner = await userId('owner@sakura-mart.example');
  return (await tokensFor(service, app, owner, { scopes, businessAccountId: SAKURA_MART })).accessToken;
}

describe('the demo customer', () => {
  it('is hanako’s membership at さくらマート, seen by her and by the shop’s owner, loaded once', async () => {
    expect(service.demo?.customerId).toBe(DEMO_CUSTOMER_ID);
    const app = await registerApp(service, ['user.profile.read']);
    const hanako = await userId('hanako@example.com');
    const token = (await tokensFor(service, app, hanako, { scopes: ['user.profile.read'] })).accessToken;
    const expected = {
      id: DEMO_CUSTOMER_ID,
      shopId: DEMO_SHOP_ID,
      memberNumber: DEMO_MEMBER_NUMBER,
      points: 1200,
      rank: { code: 'silver', name: 'シルバー', color: '#C0C0C0' },
    };
    expect(await service.graphql(`query { myMemberships { ${FIELDS} } }`, {}, token)).toEqual({
      data: { myMemberships: [expected] },
    });
    const staff = await service.graphql(
      `query($s: String!, $c: ID!) { shopCustomer(shopId: $s, customerId: $c) { ${FIELDS} } }`,
      { s: DEMO_SHOP_ID, c: DEMO_CUSTOMER_ID },
      await ownerToken(),
    );
    expect(staff).toEqual({ data: { shopCustomer: expected } });

    // Loaded once (tests in one file run shuffled, so this step stays in the same test).
    const changed = await service.graphql(
      'mutation($s: String!, $c: ID!) { adjustCustomerPoints(shopId: $s, customerId: $c, delta: 4000) { points rank { code } } }',
      { s: DEMO_SHOP_ID, c: DEMO_CUSTOMER_ID },
      await ownerToken(),
    );
    expect(changed).toEqual({ data: { adjustCustomerPoints: { points: 5200, rank: { code: 'gold' } } } });
    await loadDemoData(service.orm, { publicUrl: service.env.publicUrl });
    const rows = await rootEntityManager(service.orm)
      .fork()
      .execute('select "id", "points", "rank_code" from "customer" where "user_id" = ?', [
        await userId('hanako@example.com'),
      ]);
    expect(rows).toEqual([{ id: DEMO_CUSTOMER_ID, points: 5200, rank_code: 'gold' }]);
  });
});
