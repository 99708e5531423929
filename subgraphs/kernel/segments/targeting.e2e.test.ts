/**
 * Segment targeting in the consumer views: a coupon or flyer that segments target shows (in myCoupons,
 * myCoupon, GET /api/v1/user/coupons[/…], myFlyers and myFlyer) only to members of at least one of
 * them, evaluated when read; untargeted content shows to everyone who favorited its store.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  business,
  consumer,
  COUPON_SCOPES,
  CONSUMER_SCOPES,
  createCoupon,
  type Business,
  type Consumer,
} from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

const BUSINESS_SCOPES = [...COUPON_SCOPES, 'store.flyers.read', 'store.flyers.write'];
const DAY = 24 * 3600 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let service: TestService;
let mine: Business;
/** Favorites both stores (so is a member of "fans of the second store"). */
let fan: Consumer;
/** Favorites the first store only. */
let other: Consumer;
let firstStore: string;
let secondStore: string;
const coupon = { open: '', targeted: '' };
const flyer = { open: '', targeted: '' };
let fansSegment: string;
let goldSegment: string;

async function ok<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token: string) {
  const result = await service.graphql<T>(query, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

const favorite = async (who: Consumer, storeId: string) =>
  expect((await service.rest('POST', `/api/v1/user/favorites/${storeId}`, who.token)).status).toBe(200);

async function publishedCoupon(title: string): Promise<string> {
  const { id } = await createCoupon(service, mine.token, { storeIds: [firstStore], title });
  await ok('mutation($id: ID!) { publishCoupon(id: $id) { id } }', { id }, mine.token);
  return id;
}

async function publishedFlyer(title: string): Promise<string> {
  const { createFlyer } = await ok<{ createFlyer: { id: string } }>(
    'mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { id } }',
    { input: { storeId: firstStore, title, validFrom: at(-1), validTo: at(7) } },
    mine.token,
  );
  await ok('mutation($id: ID!) { publishFlyer(id: $id) { id } }', { id: createFlyer.id }, mine.token);
  return createFlyer.id;
}

async function segment(name: string, rule: Record<string, unknown>): Promise<string> {
  const { createSegment } = await ok<{ createSegment: { id: string } }>(
    'mutation($input: CreateSegmentInput!) { createSegment(input: $input) { id } }',
    { input: { businessAccountId: mine.businessAccountId, name, rule } },
    TEST_OPERATOR_TOKEN,
  );
  return createSegment.id;
}

const target = (mutation: 'addSegmentTarget' | 'removeSegmentTarget', segmentId: string, kind: string, id: string) =>
  ok(
    `mutation($input: SegmentTargetInput!) { ${mutation}(input: $input) { id } }`,
    { input: { segmentId, kind, contentId: id } },
    TEST_OPERATOR_TOKEN,
  );

/** The coupon ids of the consumer's list, through REST and GraphQL (which must agree). */
async function couponsOf(who: Consumer): Promise<string[]> {
  const rest = await service.rest('GET', '/api/v1/user/coupons', who.token);
  expect(rest.status).toBe(200);
  const viaRest = (rest.body as unknown as { couponId: string }[]).map((c) => c.couponId).sort();
  const { myCoupons } = await ok<{ myCoupons: { couponId: string }[] }>(
    'query { myCoupons { couponId } }',
    {},
    who.token,
  );
  expect(myCoupons.map((c) => c.couponId).sort()).toEqual(viaRest);
  return viaRest;
}

const oneCoupon = (who: Consumer, couponId: string) =>
  service.rest('GET', `/api/v1/user/coupons/${firstStore}/${couponId}`, who.token).then((r) => r.status);

async function flyersOf(who: Consumer): Promise<string[]> {
  const { myFlyers } = await ok<{ myFlyers: { nodes: { id: string }[] } }>(
    'query { myFlyers(first: 100) { nodes { id } } }',
    {},
    who.token,
  );
  return myFlyers.nodes.map((f) => f.id).sort();
}

async function oneFlyer(who: Consumer, id: string): Promise<string> {
  const result = await service.graphql<{ myFlyer: { id: string } }>(
    'query($id: ID!) { myFlyer(id: $id) { id } }',
    { id },
    who.token,
  );
  const reason = result.errors?.[0]?.extensions?.['reason'];
  return result.data?.myFlyer?.id ?? (typeof reason === 'string' ? reason : JSON.stringify(result.errors));
}

const sorted = (...ids: string[]) => [...ids].sort();

beforeAll(async () => {
  service = await startOAuthService();
  const businessApp = await registerApp(service, BUSINESS_SCOPES);
  const userApp = await registerApp(service, CONSUMER_SCOPES);
  mine = await business(service, businessApp, BUSINESS_SCOPES);
  [fan, other] = [await consumer(service, userApp), await consumer(service, userApp)];
  [firstStore, secondStore] = [
    await createStore(service, mine.businessAccountId),
    await createStore(service, mine.businessAccountId),
  ];
  await favorite(fan, firstStore);
  await favorite(fan, secondStore);
  await favorite(other, firstStore);
  [coupon.open, coupon.targeted] = [await publishedCoupon('どなたでも'), await publishedCoupon('常連さま限定')];
  [flyer.open, flyer.targeted] = [await publishedFlyer('通常チラシ'), await publishedFlyer('常連さま限定チラシ')];
  fansSegment = await segment('二号店のファン', { favorited: { storeId: secondStore } });
  goldSegment = await segment('ゴールド会員', { rank: { rankCode: 'gold' } });
  await target('addSegmentTarget', fansSegment, 'coupon', coupon.targeted);
  await target('addSegmentTarget', fansSegment, 'flyer', flyer.targeted);
});

describe('segment-targeted content in the consumer views', () => {
  it("shows targeted coupons and flyers to the segment's members only, and untargeted ones to all", async () => {
    expect(await couponsOf(fan)).toEqual(sorted(coupon.open, coupon.targeted));
    expect(await couponsOf(other)).toEqual([coupon.open]);
    expect(await oneCoupon(fan, coupon.targeted)).toBe(200);
    expect(await oneCoupon(other, coupon.targeted)).toBe(404);
    expect(await oneCoupon(other, coupon.open)).toBe(200);

    expect(await flyersOf(fan)).toEqual(sorted(flyer.open, flyer.targeted));
    expect(await flyersOf(other)).toEqual([flyer.open]);
    expect(await oneFlyer(fan, flyer.targeted)).toBe(flyer.targeted);
    expect(await oneFlyer(other, flyer.targeted)).toBe('flyer_not_found');
  });

  it('shows content targeted by several segments to a member of any of them', async () => {
    await target('addSegmentTarget', goldSegment, 'coupon', coupon.targeted);
    try {
      // Nobody holds gold: the fan still sees it through the other segment, the other user still not.
      expect(await couponsOf(fan)).toEqual(sorted(coupon.open, coupon.targeted));
      expect(await couponsOf(other)).toEqual([coupon.open]);
    } finally {
      await target('removeSegmentTarget', goldSegment, 'coupon', coupon.targeted);
    }
  });

  it('evaluates membership when read: joining or leaving the segment shows or hides the content at once', async () => {
    await favorite(other, secondStore);
    expect(await couponsOf(other)).toEqual(sorted(coupon.open, coupon.targeted));
    expect(await flyersOf(other)).toEqual(sorted(flyer.open, flyer.targeted));
    expect((await service.rest('DELETE', `/api/v1/user/favorites/${secondStore}`, other.token)).status).toBeLessThan(
      300,
    );
    expect(await couponsOf(other)).toEqual([coupon.open]);
    expect(await oneFlyer(other, flyer.targeted)).toBe('flyer_not_found');
  });

  it('shows content to everyone again once no segment targets it', async () => {
    await target('removeSegmentTarget', fansSegment, 'flyer', flyer.targeted);
    try {
      expect(await flyersOf(other)).toEqual(sorted(flyer.open, flyer.targeted));
      expect(await oneFlyer(other, flyer.targeted)).toBe(flyer.targeted);
      // The coupon is still targeted.
      expect(await oneCoupon(other, coupon.targeted)).toBe(404);
    } finally {
      await target('addSegmentTarget', fansSegment, 'flyer', flyer.targeted);
    }
  });
});
