/**
 * customer:create end to end: the built `ops.js` against a one-process service. It prints the new
 * customer's id, which the member then finds among their memberships; an unknown shop app, a second
 * membership and a non-integer --points are refused and create nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
} from '../test/fixtures/oauth.fixtures.js';
import { createShopApp, sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

const SHOP = `cli-club-${process.pid}`;
let service: TestService;
let connection: string[];

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  await createShopApp(service, SHOP, await createBusiness(service, 'owner@cli-customers.example'));
  const card = await service.graphql(
    'mutation($s: String!, $i: MembershipCardConfigInput!) { setMembershipCardConfig(shopId: $s, input: $i) { enabled } }',
    {
      s: SHOP,
      i: {
        ranks: [
          { code: 'regular', name: 'Regular', minPoints: 0, color: '#9CA3AF', benefits: [] },
          { code: 'gold', name: 'Gold', minPoints: 5000, color: '#D4AF37', benefits: [] },
        ],
        pointRules: { yenPerPoint: 100, pointsOnSignUp: 50, pointsPerVisit: 0, expiryMonths: null },
        design: {
          backgroundColor: '#000000',
          foregroundColor: '#FFFFFF',
          labelColor: '#CCCCCC',
          logoText: null,
          barcodeFormat: 'code128',
        },
      },
    },
    TEST_OPERATOR_TOKEN,
  );
  expect(card.errors).toBeUndefined();
});

const customerRows = (userId: string) =>
  sql<{ id: string; points: number; rank_code: string | null; member_number: string }>(
    service,
    'select "id", "points", "rank_code", "member_number" from "customer" where "user_id" = ?',
    [userId],
  );

describe('npm run ops -- customer:create', () => {
  it('creates a customer with the given points and rank and prints {customerId}, which the member sees', async () => {
    const userId = await createUser(service);
    const run = await runOps([
      'customer:create',
      '--shop',
      SHOP,
      '--user',
      userId,
      '--points',
      '1200',
      '--rank',
      'gold',
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { customerId: string };
    expect(Object.keys(printed)).toEqual(['customerId']);
    const [row] = await customerRows(userId);
    expect(row).toMatchObject({ id: printed.customerId, points: 1200, rank_code: 'gold' });
    expect(row!.member_number).toMatch(/^[0-9]{12}$/);

    const app = await registerApp(service, ['user.profile.read']);
    const token = (await tokensFor(service, app, userId, { scopes: ['user.profile.read'] })).accessToken;
    const mine = await service.graphql('query { myMemberships { id shopId points rank { code } } }', {}, token);
    expect(mine).toEqual({
      data: { myMemberships: [{ id: printed.customerId, shopId: SHOP, points: 1200, rank: { code: 'gold' } }] },
    });
  });

  it("defaults to the card's sign-up points and the rank they reach", async () => {
    const userId = await createUser(service);
    const run = await runOps(['customer:create', '--shop', SHOP, '--user', userId, ...connection]);
    expect(run.code).toBe(0);
    expect(await customerRows(userId)).toMatchObject([{ points: 50, rank_code: 'regular' }]);
  });

  it('refuses an unknown shop app, a second membership and a non-integer --points, creating nothing', async () => {
    const userId = await createUser(service);
    const unknown = await runOps(['customer:create', '--shop', 'no-such-shop', '--user', userId, ...connection]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/app_not_found/);
    const points = await runOps([
      'customer:create',
      '--shop',
      SHOP,
      '--user',
      userId,
      '--points',
      '1.5',
      ...connection,
    ]);
    expect(points.code).not.toBe(0);
    expect(points.stderr).toMatch(/--points must be an integer/);
    expect(await customerRows(userId)).toEqual([]);

    expect((await runOps(['customer:create', '--shop', SHOP, '--user', userId, ...connection])).code).toBe(0);
    const again = await runOps(['customer:create', '--shop', SHOP, '--user', userId, ...connection]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/customer_exists/);
    expect(await customerRows(userId)).toHaveLength(1);
  });

  it('requires --shop and --user', async () => {
    const run = await runOps(['customer:create', '--points', '1', ...connection]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--shop|--user/);
  });
});
