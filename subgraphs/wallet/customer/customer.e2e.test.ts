/**
 * Customers through GraphQL: joining a shop's membership (idempotent, one row under concurrency), the
 * member's own list, and the shop's administration of points and ranks with the store.customers scopes
 * (one conditional UPDATE: concurrent debits never go below 0; every change bumps passUpdatedAt and
 * writes a customer.updated outbox event). Another business's shop and another user's customer are 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../../../test/entities.js';
import {
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';
import {
  businessOwner,
  countQueries,
  createShopApp,
  failure,
  sql,
  type BusinessOwner,
} from '../../../test/fixtures/stores.fixtures.js';
import { shopAppId } from '../../../test/fixtures/wallet.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { walletSubgraph } from '../index.js';
import { insertMembership } from './customer.store.js';

const READ = 'store.customers.read';
const WRITE = 'store.customers.write';
const CARD_SHOP = `club-${process.pid}`;
const PLAIN_SHOP = `plain-${process.pid}`;
const OTHER_SHOP = `rival-${process.pid}`;
const FIELDS = 'id shopId memberNumber points rank { code name color } createdAt passUpdatedAt';

const CARD = {
  ranks: [
    { code: 'regular', name: 'レギュラー', minPoints: 0, color: '#9CA3AF', benefits: [] },
    { code: 'silver', name: 'シルバー', minPoints: 1000, color: '#C0C0C0', benefits: [] },
    { code: 'gold', name: 'ゴールド', minPoints: 5000, color: '#D4AF37', benefits: [] },
  ],
  pointRules: { yenPerPoint: 100, pointsOnSignUp: 100, pointsPerVisit: 5, expiryMonths: null },
  design: {
    backgroundColor: '#D6336C',
    foregroundColor: '#FFFFFF',
    labelColor: '#FDE2E9',
    logoText: 'Club',
    barcodeFormat: 'qr',
  },
};

interface CustomerView {
  id: string;
  shopId: string;
  memberNumber: string;
  points: number;
  rank: { code: string; name: string; color: string } | null;
  createdAt: string;
  passUpdatedAt: string;
}

let service: TestService;
let userApp: App;
let owner: BusinessOwner;
let rival: BusinessOwner;
const tokens = {} as Record<'alice' | 'bob' | 'read' | 'write' | 'both' | 'rival' | 'otherScope', string>;
let alice: string;

async function userToken(userId: string): Promise<string> {
  return (await tokensFor(service, userApp, userId, { scopes: ['user.profile.read'] })).accessToken;
}

async function newMember(shopId = CARD_SHOP): Promise<{ userId: string; token: string; customer: CustomerView }> {
  const userId = await createUser(service);
  const token = await userToken(userId);
  return { userId, token, customer: await join(shopId, token) };
}

async function join(shopId: string, token: string): Promise<CustomerView> {
  const result = await service.graphql<{ joinMembership: CustomerView }>(
    `mutation($s: String!) { joinMembership(shopId: $s) { ${FIELDS} } }`,
    { s: shopId },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.joinMembership;
}

const adjust = (customerId: string, delta: number, token: string, reason?: string, shopId = CARD_SHOP) =>
  service.graphql<{ adjustCustomerPoints: CustomerView }>(
    `mutation($s: String!, $c: ID!, $d: Int!, $r: String) { adjustCustomerPoints(shopId: $s, customerId: $c, delta: $d, reason: $r) { ${FIELDS} } }`,
    { s: shopId, c: customerId, d: delta, r: reason ?? null },
    token,
  );

const setRank = (customerId: string, rankCode: string | null, token: string, shopId = CARD_SHOP) =>
  service.graphql<{ setCustomerRank: CustomerView }>(
    `mutation($s: String!, $c: ID!, $r: String) { setCustomerRank(shopId: $s, customerId: $c, rankCode: $r) { ${FIELDS} } }`,
    { s: shopId, c: customerId, r: rankCode },
    token,
  );

const shopCustomer = (customerId: string, token: string | undefined, shopId = CARD_SHOP) =>
  service.graphql<{ shopCustomer: CustomerView }>(
    `query($s: String!, $c: ID!) { shopCustomer(shopId: $s, customerId: $c) { ${FIELDS} } }`,
    { s: shopId, c: customerId },
    token,
  );

const customerEvents = (customerId: string) =>
  sql<{ business_account_id: string; payload: Record<string, unknown> }>(
    service,
    `select "business_account_id", "payload" from "outbox_event" where "type" = 'customer.updated' and "payload"->>'customerId' = ? order by "id"`,
    [customerId],
  );

beforeAll(async () => {
  service = await startOAuthService();
  userApp = await registerApp(service, ['user.profile.read']);
  const businessApp = await registerApp(service, [READ, WRITE, 'store.products.read']);
  owner = await businessOwner(service, businessApp);
  rival = await businessOwner(service, businessApp);
  await createShopApp(service, CARD_SHOP, owner.businessAccountId);
  await createShopApp(service, PLAIN_SHOP, owner.businessAccountId);
  await createShopApp(service, OTHER_SHOP, rival.businessAccountId);
  const card = await service.graphql(
    'mutation($s: String!, $i: MembershipCardConfigInput!) { setMembershipCardConfig(shopId: $s, input: $i) { enabled } }',
    { s: CARD_SHOP, i: CARD },
    TEST_OPERATOR_TOKEN,
  );
  expect(card.errors).toBeUndefined();
  alice = await createUser(service);
  tokens.alice = await userToken(alice);
  tokens.bob = await userToken(await createUser(service));
  tokens.read = await owner.token([READ]);
  tokens.write = await owner.token([WRITE]);
  tokens.both = await owner.token([READ, WRITE]);
  tokens.rival = await rival.token([READ, WRITE]);
  tokens.otherScope = await owner.token(['store.products.read']);
});

describe('joinMembership', () => {
  it("makes the user a member with a 12-digit number, the card's sign-up points and the rank they reach", async () => {
    const customer = await join(CARD_SHOP, tokens.alice);
    expect(customer).toMatchObject({
      shopId: CARD_SHOP,
      points: 100,
      rank: { code: 'regular', name: 'レギュラー', color: '#9CA3AF' },
    });
    expect(customer.memberNumber).toMatch(/^[0-9]{12}$/);
    expect(customer.passUpdatedAt).toBe(customer.createdAt);
  });

  it('answers the existing membership when the user joins again', async () => {
    const first = await join(CARD_SHOP, tokens.alice);
    expect(await join(CARD_SHOP, tokens.alice)).toEqual(first);
  });

  it('gives 0 points and no rank at a shop without a membership card', async () => {
    expect(await join(PLAIN_SHOP, tokens.alice)).toMatchObject({ shopId: PLAIN_SHOP, points: 0, rank: null });
  });

  it('leaves one row when 20 joins of one user race', async () => {
    const userId = await createUser(service);
    const token = await userToken(userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => join(CARD_SHOP, token)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await sql(service, 'select "id" from "customer" where "user_id" = ?', [userId]);
    expect(rows).toEqual([{ id: answers[0]!.id }]);
  });

  it('is NOT_FOUND app_not_found for an unknown shop app', async () => {
    const result = await service.graphql('mutation { joinMembership(shopId: "no-such-shop") { id } }', {}, tokens.bob);
    expect(failure(result)).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
  });

  it('needs a user token', async () => {
    const doc = `mutation { joinMembership(shopId: "${CARD_SHOP}") { id } }`;
    expect(failure(await service.graphql(doc))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await service.graphql(doc, {}, tokens.both))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'user_token_required',
    });
  });

  it('tries another member number when the drawn one is taken', async () => {
    const em = rootEntityManager(service.orm).fork();
    const taken = (await join(CARD_SHOP, tokens.alice)).memberNumber;
    const numbers = [taken, taken, '000000000042'];
    const userId = await createUser(service);
    const created = await insertMembership(
      em,
      { shopAppId: await shopAppId(service, CARD_SHOP), userId, points: 0, rankCode: null },
      () => numbers.shift()!,
    );
    expect(created?.memberNumber).toBe('000000000042');
    expect(numbers).toEqual([]);
  });
});

describe('myMemberships', () => {
  it("lists the caller's own memberships only", async () => {
    const { token, customer } = await newMember();
    const plain = await join(PLAIN_SHOP, token);
    const result = await service.graphql<{ myMemberships: CustomerView[] }>(
      `query { myMemberships { ${FIELDS} } }`,
      {},
      token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.myMemberships).toEqual([customer, plain]);
  });

  it('needs a user token', async () => {
    const doc = 'query { myMemberships { id } }';
    expect(failure(await service.graphql(doc))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await service.graphql(doc, {}, TEST_OPERATOR_TOKEN))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('shopCustomers', () => {
  const page = (shopId: string, token: string | undefined, first?: number, after?: string) =>
    service.graphql<{ shopCustomers: { items: CustomerView[]; nextCursor: string | null } }>(
      `query($s: String!, $f: Int, $a: String) { shopCustomers(shopId: $s, first: $f, after: $a) { items { ${FIELDS} } nextCursor } }`,
      { s: shopId, f: first ?? null, a: after ?? null },
      token,
    );

  it('pages through the shop app’s customers by member number', async () => {
    for (let i = 0; i < 3; i++) await newMember(PLAIN_SHOP);
    const all = await page(PLAIN_SHOP, tokens.read, 100);
    expect(all.errors).toBeUndefined();
    const numbers = all.data!.shopCustomers.items.map((c) => c.memberNumber);
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers).toEqual([...numbers].sort());
    expect(all.data!.shopCustomers.nextCursor).toBeNull();

    const seen: string[] = [];
    let after: string | undefined;
    do {
      const result = await page(PLAIN_SHOP, tokens.read, 2, after);
      expect(result.errors).toBeUndefined();
      seen.push(...result.data!.shopCustomers.items.map((c) => c.memberNumber));
      after = result.data!.shopCustomers.nextCursor ?? undefined;
    } while (after);
    expect(seen).toEqual(numbers);
  });

  it('resolves shopId and rank in a fixed number of queries, however many customers', async () => {
    await newMember();
    const few = await countQueries(service, () => page(CARD_SHOP, tokens.read, 1));
    const many = await countQueries(service, () => page(CARD_SHOP, tokens.read, 5));
    expect(many).toBe(few);
  });

  it('lets the operator list any shop app', async () => {
    const result = await page(OTHER_SHOP, TEST_OPERATOR_TOKEN);
    expect(result).toEqual({ data: { shopCustomers: { items: [], nextCursor: null } } });
  });

  it("answers another business's shop app and an unknown one as NOT_FOUND app_not_found", async () => {
    expect(failure(await page(OTHER_SHOP, tokens.read))).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
    expect(failure(await page(CARD_SHOP, tokens.rival))).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
    expect(failure(await page('no-such-shop', tokens.read))).toMatchObject({ reason: 'app_not_found' });
  });

  it('refuses bad paging with field paths', async () => {
    expect(failure(await page(CARD_SHOP, tokens.read, 0))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'first', message: 'must be 1 or more' }],
    });
    expect(failure(await page(CARD_SHOP, tokens.read, 2, 'bogus'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'after' }],
    });
  });

  it('needs a business token with store.customers.read', async () => {
    expect(failure(await page(CARD_SHOP, undefined))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await page(CARD_SHOP, tokens.alice))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await page(CARD_SHOP, tokens.otherScope))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
    expect(failure(await page(CARD_SHOP, tokens.write))).toMatchObject({ reason: 'insufficient_scope' });
  });
});

describe('shopCustomer', () => {
  it('answers a customer of a shop app of the business', async () => {
    const { customer } = await newMember();
    expect(await shopCustomer(customer.id, tokens.read)).toEqual({ data: { shopCustomer: customer } });
    expect(await shopCustomer(customer.id, TEST_OPERATOR_TOKEN)).toEqual({ data: { shopCustomer: customer } });
  });

  it('is NOT_FOUND customer_not_found for another business, another shop app and a malformed id', async () => {
    const { customer } = await newMember();
    for (const answer of [
      await shopCustomer(customer.id, tokens.rival),
      await shopCustomer(customer.id, tokens.read, PLAIN_SHOP),
      await shopCustomer(customer.id, tokens.rival, OTHER_SHOP),
      await shopCustomer('not-a-uuid', tokens.read),
    ])
      expect(failure(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'customer_not_found' });
  });

  it('needs a business token with store.customers.read, not the member’s own token', async () => {
    const { token, customer } = await newMember();
    expect(failure(await shopCustomer(customer.id, undefined))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await shopCustomer(customer.id, token))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await shopCustomer(customer.id, tokens.otherScope))).toMatchObject({ reason: 'insufficient_scope' });
  });

  it('resolves a customer by reference', async () => {
    const { customer } = await newMember();
    const result = await resolveEntities(service, walletSubgraph, 'Customer', [customer.id], 'shopId points');
    expect(result).toEqual({ data: { _entities: [{ shopId: CARD_SHOP, points: 100 }] } });
  });
});

describe('adjustCustomerPoints', () => {
  it('adds points, sets the rank they reach, bumps passUpdatedAt and writes customer.updated', async () => {
    const { customer } = await newMember();
    const result = await adjust(customer.id, 950, tokens.write, '  来店ボーナス ');
    expect(result.errors).toBeUndefined();
    const changed = result.data!.adjustCustomerPoints;
    expect(changed).toMatchObject({ id: customer.id, points: 1050, rank: { code: 'silver', name: 'シルバー' } });
    expect(Date.parse(changed.passUpdatedAt)).toBeGreaterThan(Date.parse(customer.passUpdatedAt));
    expect(await customerEvents(customer.id)).toEqual([
      {
        business_account_id: owner.businessAccountId,
        payload: {
          customerId: customer.id,
          shopId: CARD_SHOP,
          points: 1050,
          rankCode: 'silver',
          reason: '来店ボーナス',
        },
      },
    ]);

    const down = await adjust(customer.id, -100, TEST_OPERATOR_TOKEN);
    expect(down.data!.adjustCustomerPoints).toMatchObject({ points: 950, rank: { code: 'regular' } });
    expect((await customerEvents(customer.id)).map((e) => e.payload)).toMatchObject([
      { points: 1050 },
      { points: 950, rankCode: 'regular', reason: null },
    ]);
  });

  it('is CONFLICT insufficient_points when points would fall below 0, and changes nothing', async () => {
    const { customer } = await newMember();
    const result = await adjust(customer.id, -101, tokens.write);
    expect(failure(result)).toMatchObject({ code: 'CONFLICT', reason: 'insufficient_points' });
    expect((await shopCustomer(customer.id, tokens.read)).data!.shopCustomer).toEqual(customer);
    expect(await customerEvents(customer.id)).toEqual([]);
  });

  it('never goes below 0 when debits race', async () => {
    const { customer } = await newMember();
    const answers = await Promise.all(Array.from({ length: 15 }, () => adjust(customer.id, -10, tokens.write)));
    expect(answers.filter((a) => !a.errors)).toHaveLength(10);
    expect(answers.filter((a) => failure(a)?.reason === 'insufficient_points')).toHaveLength(5);
    expect((await shopCustomer(customer.id, tokens.read)).data!.shopCustomer.points).toBe(0);
    expect(await customerEvents(customer.id)).toHaveLength(10);
  });

  it('refuses a delta of 0 or beyond 10,000,000 and a long reason, with field paths', async () => {
    const { customer } = await newMember();
    for (const delta of [0, 10_000_001, -10_000_001])
      expect(failure(await adjust(customer.id, delta, tokens.write))).toMatchObject({
        code: 'BAD_USER_INPUT',
        reason: 'validation_failed',
        errors: [{ path: 'delta' }],
      });
    expect(failure(await adjust(customer.id, 1, tokens.write, 'x'.repeat(201)))).toMatchObject({
      errors: [{ path: 'reason' }],
    });
    expect(await customerEvents(customer.id)).toEqual([]);
  });

  it('is NOT_FOUND for another business and needs store.customers.write', async () => {
    const { token, customer } = await newMember();
    expect(failure(await adjust(customer.id, 1, tokens.rival))).toMatchObject({ reason: 'customer_not_found' });
    expect(failure(await adjust(customer.id, 1, tokens.read))).toMatchObject({ reason: 'insufficient_scope' });
    expect(failure(await adjust(customer.id, 1, token))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await adjust(customer.id, 1, ''))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await customerEvents(customer.id)).toEqual([]);
  });
});

describe('setCustomerRank', () => {
  it('puts the customer on a rank by hand until the next change of points', async () => {
    const { customer } = await newMember();
    const gold = await setRank(customer.id, 'gold', tokens.write);
    expect(gold.errors).toBeUndefined();
    expect(gold.data!.setCustomerRank).toMatchObject({ points: 100, rank: { code: 'gold', name: 'ゴールド' } });
    expect(Date.parse(gold.data!.setCustomerRank.passUpdatedAt)).toBeGreaterThan(Date.parse(customer.passUpdatedAt));
    expect((await customerEvents(customer.id)).map((e) => e.payload)).toEqual([
      { customerId: customer.id, shopId: CARD_SHOP, points: 100, rankCode: 'gold', reason: null },
    ]);
    const after = await adjust(customer.id, 1, tokens.write);
    expect(after.data!.adjustCustomerPoints.rank).toMatchObject({ code: 'regular' });
  });

  it('with null puts the customer back on the rank its points reach', async () => {
    const { customer } = await newMember();
    await setRank(customer.id, 'gold', tokens.write);
    const back = await setRank(customer.id, null, TEST_OPERATOR_TOKEN);
    expect(back.data!.setCustomerRank.rank).toMatchObject({ code: 'regular' });
  });

  it('refuses a code the card does not have, and any code at a shop without a card', async () => {
    const { token, customer } = await newMember();
    expect(failure(await setRank(customer.id, 'platinum', tokens.write))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'rankCode' }],
    });
    const plain = await join(PLAIN_SHOP, token);
    expect(failure(await setRank(plain.id, 'regular', tokens.write, PLAIN_SHOP))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect(await customerEvents(customer.id)).toEqual([]);
  });

  it('is NOT_FOUND for another business and needs store.customers.write', async () => {
    const { token, customer } = await newMember();
    expect(failure(await setRank(customer.id, 'gold', tokens.rival))).toMatchObject({ reason: 'customer_not_found' });
    expect(failure(await setRank(customer.id, 'gold', tokens.read))).toMatchObject({ reason: 'insufficient_scope' });
    expect(failure(await setRank(customer.id, 'gold', token))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('createCustomer', () => {
  const create = (input: Record<string, unknown>, token = TEST_OPERATOR_TOKEN) =>
    service.graphql<{ createCustomer: CustomerView }>(
      `mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { ${FIELDS} } }`,
      { i: input },
      token,
    );

  it('makes a user a member with the given points and rank, or the defaults', async () => {
    const userId = await createUser(service);
    const result = await create({ shopId: CARD_SHOP, userId, points: 1200, rankCode: 'gold' });
    expect(result.errors).toBeUndefined();
    expect(result.data!.createCustomer).toMatchObject({ shopId: CARD_SHOP, points: 1200, rank: { code: 'gold' } });
    const plain = await create({ shopId: CARD_SHOP, userId: await createUser(service), points: 5000 });
    expect(plain.data!.createCustomer).toMatchObject({ points: 5000, rank: { code: 'gold' } });
    const defaults = await create({ shopId: CARD_SHOP, userId: await createUser(service) });
    expect(defaults.data!.createCustomer).toMatchObject({ points: 100, rank: { code: 'regular' } });
  });

  it('refuses a member twice, unknown users and shops, and bad values', async () => {
    const userId = await createUser(service);
    await create({ shopId: CARD_SHOP, userId });
    expect(failure(await create({ shopId: CARD_SHOP, userId }))).toMatchObject({
      code: 'CONFLICT',
      reason: 'customer_exists',
    });
    const unknown = '01900000-0000-7000-8000-00000000dead';
    expect(failure(await create({ shopId: CARD_SHOP, userId: unknown }))).toMatchObject({ reason: 'user_not_found' });
    expect(failure(await create({ shopId: 'no-such-shop', userId }))).toMatchObject({ reason: 'app_not_found' });
    expect(failure(await create({ shopId: PLAIN_SHOP, userId: 'x', points: -1 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'input.userId' }, { path: 'input.points' }],
    });
    expect(failure(await create({ shopId: PLAIN_SHOP, userId, rankCode: 'gold' }))).toMatchObject({
      errors: [{ path: 'input.rankCode' }],
    });
  });

  it('is for the operator only', async () => {
    expect(failure(await create({ shopId: CARD_SHOP, userId: alice }, tokens.both))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
