/**
 * The shop's administration of customers through GraphQL, with the store.customers scopes: listing
 * and reading them (another business's shop app and another shop's customer are 404), adjusting
 * points in one conditional UPDATE (concurrent debits never go below 0) and setting ranks. Every
 * change sets the rank the rules give, bumps passUpdatedAt and writes a customer.updated outbox event.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveEntities } from '../../../test/entities.js';
import {
  CARD_SHOP,
  CUSTOMER_FIELDS,
  OTHER_SHOP,
  PLAIN_SHOP,
  startCustomerWorld,
  type CustomerView,
  type CustomerWorld,
} from '../../../test/fixtures/customer.fixtures.js';
import { countQueries, failure } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN } from '../../../test/harness.js';
import { walletSubgraph } from '../index.js';

let w: CustomerWorld;

beforeAll(async () => {
  w = await startCustomerWorld();
});

describe('shopCustomers', () => {
  const page = (shopId: string, token: string | undefined, first?: number, after?: string) =>
    w.service.graphql<{ shopCustomers: { items: CustomerView[]; nextCursor: string | null } }>(
      `query($s: String!, $f: Int, $a: String) { shopCustomers(shopId: $s, first: $f, after: $a) { items { ${CUSTOMER_FIELDS} } nextCursor } }`,
      { s: shopId, f: first ?? null, a: after ?? null },
      token,
    );

  it('pages through the shop app’s customers by member number', async () => {
    for (let i = 0; i < 3; i++) await w.newMember(PLAIN_SHOP);
    const all = await page(PLAIN_SHOP, w.tokens.read, 100);
    expect(all.errors).toBeUndefined();
    const numbers = all.data!.shopCustomers.items.map((c) => c.memberNumber);
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers).toEqual([...numbers].sort());
    expect(all.data!.shopCustomers.nextCursor).toBeNull();

    const seen: string[] = [];
    let after: string | undefined;
    do {
      const result = await page(PLAIN_SHOP, w.tokens.read, 2, after);
      expect(result.errors).toBeUndefined();
      seen.push(...result.data!.shopCustomers.items.map((c) => c.memberNumber));
      after = result.data!.shopCustomers.nextCursor ?? undefined;
    } while (after);
    expect(seen).toEqual(numbers);
  });

  it('resolves shopId and rank in a fixed number of queries, however many customers', async () => {
    await w.newMember();
    const few = await countQueries(w.service, () => page(CARD_SHOP, w.tokens.read, 1));
    const many = await countQueries(w.service, () => page(CARD_SHOP, w.tokens.read, 5));
    expect(many).toBe(few);
  });

  it('lets the operator list any shop app', async () => {
    const result = await page(OTHER_SHOP, TEST_OPERATOR_TOKEN);
    expect(result).toEqual({ data: { shopCustomers: { items: [], nextCursor: null } } });
  });

  it("answers another business's shop app and an unknown one as NOT_FOUND app_not_found", async () => {
    expect(failure(await page(OTHER_SHOP, w.tokens.read))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'app_not_found',
    });
    expect(failure(await page(CARD_SHOP, w.tokens.rival))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'app_not_found',
    });
    expect(failure(await page('no-such-shop', w.tokens.read))).toMatchObject({ reason: 'app_not_found' });
  });

  it('refuses bad paging with field paths', async () => {
    expect(failure(await page(CARD_SHOP, w.tokens.read, 0))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'first', message: 'must be 1 or more' }],
    });
    expect(failure(await page(CARD_SHOP, w.tokens.read, 2, 'bogus'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'after' }],
    });
  });

  it('needs a business token with store.customers.read', async () => {
    expect(failure(await page(CARD_SHOP, undefined))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await page(CARD_SHOP, w.tokens.alice))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await page(CARD_SHOP, w.tokens.otherScope))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
    expect(failure(await page(CARD_SHOP, w.tokens.write))).toMatchObject({ reason: 'insufficient_scope' });
  });
});

describe('shopCustomer', () => {
  it('answers a customer of a shop app of the business', async () => {
    const { customer } = await w.newMember();
    expect(await w.shopCustomer(customer.id, w.tokens.read)).toEqual({ data: { shopCustomer: customer } });
    expect(await w.shopCustomer(customer.id, TEST_OPERATOR_TOKEN)).toEqual({ data: { shopCustomer: customer } });
  });

  it('is NOT_FOUND customer_not_found for another business, another shop app and a malformed id', async () => {
    const { customer } = await w.newMember();
    for (const answer of [
      await w.shopCustomer(customer.id, w.tokens.rival),
      await w.shopCustomer(customer.id, w.tokens.read, PLAIN_SHOP),
      await w.shopCustomer(customer.id, w.tokens.rival, OTHER_SHOP),
      await w.shopCustomer('not-a-uuid', w.tokens.read),
    ])
      expect(failure(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'customer_not_found' });
  });

  it('needs a business token with store.customers.read, not the member’s own token', async () => {
    const { token, customer } = await w.newMember();
    expect(failure(await w.shopCustomer(customer.id, undefined))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await w.shopCustomer(customer.id, token))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await w.shopCustomer(customer.id, w.tokens.otherScope))).toMatchObject({
      reason: 'insufficient_scope',
    });
  });

  it('resolves a customer by reference', async () => {
    const { customer } = await w.newMember();
    const result = await resolveEntities(w.service, walletSubgraph, 'Customer', [customer.id], 'shopId points');
    expect(result).toEqual({ data: { _entities: [{ shopId: CARD_SHOP, points: 100 }] } });
  });
});

describe('adjustCustomerPoints', () => {
  it('adds points, sets the rank they reach, bumps passUpdatedAt and writes customer.updated', async () => {
    const { customer } = await w.newMember();
    const result = await w.adjust(customer.id, 950, w.tokens.write, '  来店ボーナス ');
    expect(result.errors).toBeUndefined();
    const changed = result.data!.adjustCustomerPoints;
    expect(changed).toMatchObject({ id: customer.id, points: 1050, rank: { code: 'silver', name: 'シルバー' } });
    expect(Date.parse(changed.passUpdatedAt)).toBeGreaterThan(Date.parse(customer.passUpdatedAt));
    expect(await w.customerEvents(customer.id)).toEqual([
      {
        business_account_id: w.owner.businessAccountId,
        payload: {
          customerId: customer.id,
          shopId: CARD_SHOP,
          points: 1050,
          rankCode: 'silver',
          reason: '来店ボーナス',
        },
      },
    ]);

    const down = await w.adjust(customer.id, -100, TEST_OPERATOR_TOKEN);
    expect(down.data!.adjustCustomerPoints).toMatchObject({ points: 950, rank: { code: 'regular' } });
    expect((await w.customerEvents(customer.id)).map((e) => e.payload)).toMatchObject([
      { points: 1050 },
      { points: 950, rankCode: 'regular', reason: null },
    ]);
  });

  it('is CONFLICT insufficient_points when points would fall below 0, and changes nothing', async () => {
    const { customer } = await w.newMember();
    const result = await w.adjust(customer.id, -101, w.tokens.write);
    expect(failure(result)).toMatchObject({ code: 'CONFLICT', reason: 'insufficient_points' });
    expect((await w.shopCustomer(customer.id, w.tokens.read)).data!.shopCustomer).toEqual(customer);
    expect(await w.customerEvents(customer.id)).toEqual([]);
  });

  it('never goes below 0 when debits race', async () => {
    const { customer } = await w.newMember();
    const answers = await Promise.all(Array.from({ length: 15 }, () => w.adjust(customer.id, -10, w.tokens.write)));
    expect(answers.filter((a) => !a.errors)).toHaveLength(10);
    expect(answers.filter((a) => failure(a)?.reason === 'insufficient_points')).toHaveLength(5);
    expect((await w.shopCustomer(customer.id, w.tokens.read)).data!.shopCustomer.points).toBe(0);
    expect(await w.customerEvents(customer.id)).toHaveLength(10);
  });

  it('refuses a delta of 0 or beyond 10,000,000 and a long reason, with field paths', async () => {
    const { customer } = await w.newMember();
    for (const delta of [0, 10_000_001, -10_000_001])
      expect(failure(await w.adjust(customer.id, delta, w.tokens.write))).toMatchObject({
        code: 'BAD_USER_INPUT',
        reason: 'validation_failed',
        errors: [{ path: 'delta' }],
      });
    expect(failure(await w.adjust(customer.id, 1, w.tokens.write, 'x'.repeat(201)))).toMatchObject({
      errors: [{ path: 'reason' }],
    });
    expect(await w.customerEvents(customer.id)).toEqual([]);
  });

  it('is NOT_FOUND for another business and needs store.customers.write', async () => {
    const { token, customer } = await w.newMember();
    expect(failure(await w.adjust(customer.id, 1, w.tokens.rival))).toMatchObject({ reason: 'customer_not_found' });
    expect(failure(await w.adjust(customer.id, 1, w.tokens.read))).toMatchObject({ reason: 'insufficient_scope' });
    expect(failure(await w.adjust(customer.id, 1, token))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await w.adjust(customer.id, 1, ''))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await w.customerEvents(customer.id)).toEqual([]);
  });
});

describe('setCustomerRank', () => {
  it('puts the customer on a rank by hand until the next change of points', async () => {
    const { customer } = await w.newMember();
    const gold = await w.setRank(customer.id, 'gold', w.tokens.write);
    expect(gold.errors).toBeUndefined();
    expect(gold.data!.setCustomerRank).toMatchObject({ points: 100, rank: { code: 'gold', name: 'ゴールド' } });
    expect(Date.parse(gold.data!.setCustomerRank.passUpdatedAt)).toBeGreaterThan(Date.parse(customer.passUpdatedAt));
    expect((await w.customerEvents(customer.id)).map((e) => e.payload)).toEqual([
      { customerId: customer.id, shopId: CARD_SHOP, points: 100, rankCode: 'gold', reason: null },
    ]);
    const after = await w.adjust(customer.id, 1, w.tokens.write);
    expect(after.data!.adjustCustomerPoints.rank).toMatchObject({ code: 'regular' });
  });

  it('with null puts the customer back on the rank its points reach', async () => {
    const { customer } = await w.newMember();
    await w.setRank(customer.id, 'gold', w.tokens.write);
    const back = await w.setRank(customer.id, null, TEST_OPERATOR_TOKEN);
    expect(back.data!.setCustomerRank.rank).toMatchObject({ code: 'regular' });
  });

  it('refuses a code the card does not have, and any code at a shop without a card', async () => {
    const { token, customer } = await w.newMember();
    expect(failure(await w.setRank(customer.id, 'platinum', w.tokens.write))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'rankCode' }],
    });
    const plain = await w.join(PLAIN_SHOP, token);
    expect(failure(await w.setRank(plain.id, 'regular', w.tokens.write, PLAIN_SHOP))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect(await w.customerEvents(customer.id)).toEqual([]);
  });

  it('is NOT_FOUND for another business and needs store.customers.write', async () => {
    const { token, customer } = await w.newMember();
    expect(failure(await w.setRank(customer.id, 'gold', w.tokens.rival))).toMatchObject({
      reason: 'customer_not_found',
    });
    expect(failure(await w.setRank(customer.id, 'gold', w.tokens.read))).toMatchObject({
      reason: 'insufficient_scope',
    });
    expect(failure(await w.setRank(customer.id, 'gold', token))).toMatchObject({ code: 'FORBIDDEN' });
  });
});
