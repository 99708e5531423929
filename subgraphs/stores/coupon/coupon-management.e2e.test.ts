/**
 * Coupon management through GraphQL with real business tokens: a business creates, updates, publishes
 * and archives coupons of its own stores only (another business's stores and coupons are not found),
 * publishing writes coupon.published to the outbox with the change, validation names every bad field,
 * and the operator may act on any business.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  business,
  COUPON_FIELDS,
  COUPON_SCOPES,
  countQueries,
  createCoupon,
  sql,
  type Business,
} from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let myStore: string;
let theirStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, COUPON_SCOPES);
  [mine, theirs] = [await business(service, app), await business(service, app)];
  myStore = await createStore(service, mine.businessAccountId);
  theirStore = await createStore(service, theirs.businessAccountId, false);
});

type Answer = Awaited<ReturnType<TestService['graphql']>>;
const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, Record<string, unknown>>>(query, variables, token);
const byId = (name: string) => (id: string, token: string) =>
  gql(`mutation($id: ID!) { ${name}(id: $id) { ${COUPON_FIELDS} } }`, { id }, token);
const publish = byId('publishCoupon');
const archive = byId('archiveCoupon');
const get = (id: string, token: string) =>
  gql(`query($id: ID!) { coupon(id: $id) { ${COUPON_FIELDS} } }`, { id }, token);
const update = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: UpdateCouponInput!) { updateCoupon(input: $input) { ${COUPON_FIELDS} } }`, { input }, token);
const create = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: CreateCouponInput!) { createCoupon(input: $input) { ${COUPON_FIELDS} } }`, { input }, token);
const errorOf = (answer: Answer) => answer.errors?.[0]?.extensions;
const outbox = (couponId: string) =>
  sql<{ type: string; business_account_id: string; payload: Record<string, unknown> }>(
    service,
    `select "type", "business_account_id", "payload" from "outbox_event" where "payload"->>'couponId' = ?`,
    [couponId],
  );

describe('a business managing its coupons', () => {
  it('creates a draft, publishes it with coupon.published in the outbox, and publishing again changes nothing', async () => {
    const draft = await createCoupon(service, mine.token, {
      storeIds: [myStore],
      title: '  春のセール  ',
      benefit: '10%引き',
      discount: { kind: 'percent', value: 10 },
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2036-01-01T00:00:00.000Z',
      limitPerUser: 1,
      totalLimit: 100,
    });
    expect(draft).toMatchObject({
      businessAccountId: mine.businessAccountId,
      title: '春のセール',
      description: '',
      terms: '',
      status: 'draft',
      publishedAt: null,
      storeIds: [myStore],
      limitPerUser: 1,
      totalLimit: 100,
    });
    expect(await outbox(draft.id)).toEqual([]);

    const first = await publish(draft.id, mine.token);
    expect(first.errors).toBeUndefined();
    expect(first.data!.publishCoupon).toMatchObject({ status: 'published', publishedAt: expect.stringMatching(/Z$/) });
    const second = await publish(draft.id, mine.token);
    expect(second.data!.publishCoupon).toEqual(first.data!.publishCoupon);
    expect(await outbox(draft.id)).toEqual([
      {
        type: 'coupon.published',
        business_account_id: mine.businessAccountId,
        payload: {
          couponId: draft.id,
          storeIds: [myStore],
          title: '春のセール',
          validFrom: '2026-01-01T00:00:00.000Z',
          validTo: '2036-01-01T00:00:00.000Z',
        },
      },
    ]);
  });

  it('updates only the fields given (null clears), then archives for good', async () => {
    const made = await createCoupon(service, mine.token, {
      storeIds: [myStore],
      title: '元',
      benefit: '50円引き',
      totalLimit: 9,
    });
    const otherStore = await createStore(service, mine.businessAccountId);
    const changed = await update(
      { id: made.id, terms: '条件', benefit: null, storeIds: [otherStore, myStore] },
      mine.token,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateCoupon).toMatchObject({
      title: '元',
      terms: '条件',
      benefit: null,
      totalLimit: 9,
      storeIds: [myStore, otherStore].sort(),
    });
    expect((await archive(made.id, mine.token)).data!.archiveCoupon).toMatchObject({ status: 'archived' });
    for (const answer of [await update({ id: made.id, title: 'x' }, mine.token), await publish(made.id, mine.token)]) {
      expect(errorOf(answer)).toMatchObject({ code: 'CONFLICT', reason: 'coupon_archived' });
    }
  });

  it('lists its own coupons newest first, of one store when asked, at a constant number of queries', async () => {
    const store = await createStore(service, mine.businessAccountId);
    const older = await createCoupon(service, mine.token, { storeIds: [store], title: 'a' });
    const newer = await createCoupon(service, mine.token, { storeIds: [store, myStore], title: 'b' });
    const query = `query($storeId: ID) { businessCoupons(storeId: $storeId) { id businessAccountId storeIds } }`;
    let answer = await gql(query, { storeId: store }, mine.token);
    expect(answer.data!.businessCoupons).toEqual([
      { id: newer.id, businessAccountId: mine.businessAccountId, storeIds: [store, myStore].sort() },
      { id: older.id, businessAccountId: mine.businessAccountId, storeIds: [store] },
    ]);
    const all = await gql(query, {}, mine.token);
    const owners = new Set(
      (all.data!.businessCoupons as unknown as { businessAccountId: string }[]).map((c) => c.businessAccountId),
    );
    expect([...owners]).toEqual([mine.businessAccountId]);

    const lone = await createStore(service, mine.businessAccountId);
    await createCoupon(service, mine.token, { storeIds: [lone], title: 'c' });
    const forOne = await countQueries(service, () => gql(query, { storeId: lone }, mine.token));
    const forTwo = await countQueries(service, async () => (answer = await gql(query, { storeId: store }, mine.token)));
    expect(answer.data!.businessCoupons).toHaveLength(2);
    expect(forTwo).toBe(forOne);
  });
});

describe('another business', () => {
  it('cannot target, read, change, publish or archive what is not its own: all not found', async () => {
    const made = await createCoupon(service, mine.token, { storeIds: [myStore], title: '私の' });
    const refusals = [
      [await create({ storeIds: [myStore], title: 'x' }, theirs.token), 'store_not_found'],
      [await create({ storeIds: [theirStore, myStore], title: 'x' }, theirs.token), 'store_not_found'],
      [await get(made.id, theirs.token), 'coupon_not_found'],
      [await update({ id: made.id, title: 'x' }, theirs.token), 'coupon_not_found'],
      [await update({ id: made.id, storeIds: [theirStore] }, mine.token), 'store_not_found'],
      [await publish(made.id, theirs.token), 'coupon_not_found'],
      [await archive(made.id, theirs.token), 'coupon_not_found'],
      [
        await gql('query($s: ID) { businessCoupons(storeId: $s) { id } }', { s: myStore }, theirs.token),
        'store_not_found',
      ],
    ] as const;
    for (const [answer, reason] of refusals) expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason });
    expect((await get(made.id, mine.token)).data!.coupon).toMatchObject({
      status: 'draft',
      title: '私の',
      storeIds: [myStore],
    });
    // Its own list holds only its own coupons (another test may have given it some).
    const list = await gql('{ businessCoupons { id businessAccountId } }', {}, theirs.token);
    const owners = (list.data!.businessCoupons as unknown as { businessAccountId: string }[]).map(
      (c) => c.businessAccountId,
    );
    expect(owners.filter((owner) => owner !== theirs.businessAccountId)).toEqual([]);
  });

  it('needs store.coupons.write to change coupons and store.coupons.read to read them', async () => {
    const readOnly = await business(service, app, ['store.coupons.read']);
    const store = await createStore(service, readOnly.businessAccountId);
    expect(errorOf(await create({ storeIds: [store], title: 'x' }, readOnly.token))).toMatchObject({
      code: 'FORBIDDEN',
      scope: 'store.coupons.write',
    });
    const noScope = await business(service, app, ['store.products.read']);
    expect(errorOf(await gql('{ businessCoupons { id } }', {}, noScope.token))).toMatchObject({
      code: 'FORBIDDEN',
      scope: 'store.coupons.read',
    });
  });
});

describe('validation', () => {
  it('names every invalid field and stores nothing', async () => {
    const before = await sql<{ n: number }>(service, 'select count(*)::int as n from "coupon"');
    const answer = await create(
      {
        storeIds: [],
        title: ' ',
        description: 'x'.repeat(2001),
        benefit: 'x'.repeat(101),
        discount: { kind: 'percent', value: 101 },
        imageUrl: 'http://img.example.test/a.png',
        validFrom: '2030-01-02T00:00:00Z',
        validTo: '2030-01-01T00:00:00Z',
        limitPerUser: 0,
        totalLimit: -1,
      },
      mine.token,
    );
    expect(errorOf(answer)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    const paths = (errorOf(answer)!.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual([
      'storeIds',
      'title',
      'description',
      'benefit',
      'discount.value',
      'imageUrl',
      'validTo',
      'limitPerUser',
      'totalLimit',
    ]);
    expect(await sql(service, 'select count(*)::int as n from "coupon"')).toEqual(before);
  });
});

describe('the operator', () => {
  it('acts for any business, but a coupon targets stores of one business', async () => {
    const made = await createCoupon(service, TEST_OPERATOR_TOKEN, {
      storeIds: [theirStore],
      title: 'op',
      publish: true,
    });
    expect(made).toMatchObject({ businessAccountId: theirs.businessAccountId, status: 'published' });
    expect(await outbox(made.id)).toMatchObject([
      { type: 'coupon.published', business_account_id: theirs.businessAccountId },
    ]);
    const mixed = await create({ storeIds: [theirStore, myStore], title: 'x' }, TEST_OPERATOR_TOKEN);
    expect(errorOf(mixed)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'stores_of_several_businesses' });
  });
});
