/**
 * Memberships through GraphQL: joining a shop app (idempotent, one row under concurrency, a clashing
 * member number drawn again), the member's own list, and the operator's createCustomer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_SHOP,
  CUSTOMER_FIELDS,
  PLAIN_SHOP,
  startCustomerWorld,
  type CustomerView,
  type CustomerWorld,
} from '../../../test/fixtures/customer.fixtures.js';
import { createUser } from '../../../test/fixtures/oauth.fixtures.js';
import { failure, sql } from '../../../test/fixtures/stores.fixtures.js';
import { shopAppId } from '../../../test/fixtures/wallet.fixtures.js';
import { TEST_OPERATOR_TOKEN } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { insertMembership } from './customer.store.js';

let w: CustomerWorld;

beforeAll(async () => {
  w = await startCustomerWorld();
});

describe('joinMembership', () => {
  it("makes the user a member with a 12-digit number, the card's sign-up points and the rank they reach", async () => {
    const customer = await w.join(CARD_SHOP, w.tokens.alice);
    expect(customer).toMatchObject({
      shopId: CARD_SHOP,
      points: 100,
      rank: { code: 'regular', name: 'レギュラー', color: '#9CA3AF' },
    });
    expect(customer.memberNumber).toMatch(/^[0-9]{12}$/);
    expect(customer.passUpdatedAt).toBe(customer.createdAt);
  });

  it('answers the existing membership when the user joins again', async () => {
    const first = await w.join(CARD_SHOP, w.tokens.alice);
    expect(await w.join(CARD_SHOP, w.tokens.alice)).toEqual(first);
  });

  it('gives 0 points and no rank at a shop without a membership card', async () => {
    expect(await w.join(PLAIN_SHOP, w.tokens.alice)).toMatchObject({ shopId: PLAIN_SHOP, points: 0, rank: null });
  });

  it('leaves one row when 20 joins of one user race', async () => {
    const userId = await createUser(w.service);
    const token = await w.userToken(userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.join(CARD_SHOP, token)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await sql(w.service, 'select "id" from "customer" where "user_id" = ?', [userId]);
    expect(rows).toEqual([{ id: answers[0]!.id }]);
  });

  it('is NOT_FOUND app_not_found for an unknown shop app', async () => {
    const result = await w.service.graphql(
      'mutation { joinMembership(shopId: "no-such-shop") { id } }',
      {},
      w.tokens.bob,
    );
    expect(failure(result)).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
  });

  it('needs a user token', async () => {
    const doc = `mutation { joinMembership(shopId: "${CARD_SHOP}") { id } }`;
    expect(failure(await w.service.graphql(doc))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await w.service.graphql(doc, {}, w.tokens.both))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'user_token_required',
    });
  });

  it('tries another member number when the drawn one is taken', async () => {
    const em = rootEntityManager(w.service.orm).fork();
    const taken = (await w.join(CARD_SHOP, w.tokens.alice)).memberNumber;
    const numbers = [taken, taken, '000000000042'];
    const userId = await createUser(w.service);
    const created = await insertMembership(
      em,
      { shopAppId: await shopAppId(w.service, CARD_SHOP), userId, points: 0, rankCode: null },
      () => numbers.shift()!,
    );
    expect(created?.memberNumber).toBe('000000000042');
    expect(numbers).toEqual([]);
  });
});

describe('myMemberships', () => {
  it("lists the caller's own memberships only", async () => {
    const { token, customer } = await w.newMember();
    const plain = await w.join(PLAIN_SHOP, token);
    const result = await w.service.graphql<{ myMemberships: CustomerView[] }>(
      `query { myMemberships { ${CUSTOMER_FIELDS} } }`,
      {},
      token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.myMemberships).toEqual([customer, plain]);
  });

  it('needs a user token', async () => {
    const doc = 'query { myMemberships { id } }';
    expect(failure(await w.service.graphql(doc))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await w.service.graphql(doc, {}, TEST_OPERATOR_TOKEN))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('createCustomer', () => {
  const create = (input: Record<string, unknown>, token = TEST_OPERATOR_TOKEN) =>
    w.service.graphql<{ createCustomer: CustomerView }>(
      `mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { ${CUSTOMER_FIELDS} } }`,
      { i: input },
      token,
    );

  it('makes a user a member with the given points and rank, or the defaults', async () => {
    const userId = await createUser(w.service);
    const result = await create({ shopId: CARD_SHOP, userId, points: 1200, rankCode: 'gold' });
    expect(result.errors).toBeUndefined();
    expect(result.data!.createCustomer).toMatchObject({ shopId: CARD_SHOP, points: 1200, rank: { code: 'gold' } });
    const plain = await create({ shopId: CARD_SHOP, userId: await createUser(w.service), points: 5000 });
    expect(plain.data!.createCustomer).toMatchObject({ points: 5000, rank: { code: 'gold' } });
    const defaults = await create({ shopId: CARD_SHOP, userId: await createUser(w.service) });
    expect(defaults.data!.createCustomer).toMatchObject({ points: 100, rank: { code: 'regular' } });
  });

  it('refuses a member twice, unknown users and shops, and bad values', async () => {
    const userId = await createUser(w.service);
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
    expect(failure(await create({ shopId: CARD_SHOP, userId: w.alice }, w.tokens.both))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
