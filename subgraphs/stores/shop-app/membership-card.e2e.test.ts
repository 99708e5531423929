/**
 * setMembershipCardConfig over GraphQL: the config is validated as a whole (nothing changes on a
 * refusal), and a business token reaches only its own business's apps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  businessOwner,
  createShopApp,
  failure,
  type GraphQLResult as Result,
} from '../../../test/fixtures/stores.fixtures.js';

let service: TestService;
let business: string;
let tokens: { owner: string; other: string };

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, ['store.info.write']);
  const [owner, other] = [await businessOwner(service, app), await businessOwner(service, app)];
  business = owner.businessAccountId;
  tokens = { owner: await owner.token(['store.info.write']), other: await other.token(['store.info.write']) };
});

let serial = 0;
const createApp = () => createShopApp(service, `card-${process.pid}-${++serial}`, business);

const SET = `mutation($shopId: String!, $input: MembershipCardConfigInput!) {
  setMembershipCardConfig(shopId: $shopId, input: $input) { enabled ranks { code minPoints } pointRules { expiryMonths } }
}`;
const READ = `query($shopId: String!) { appMembershipCardConfig(shopId: $shopId) { enabled } }`;
const rank = (code: string, minPoints: number) => ({ code, name: code, minPoints, color: '#000000', benefits: [] });
const VALID = {
  ranks: [rank('regular', 0), rank('silver', 100), rank('gold', 1000)],
  pointRules: { yenPerPoint: 100, pointsOnSignUp: 0, pointsPerVisit: 0, expiryMonths: null },
  design: { backgroundColor: '#FFFFFF', foregroundColor: '#000000', labelColor: '#777777', barcodeFormat: 'qr' },
};
const set = (shopId: string, input: Record<string, unknown>, token = tokens.owner) =>
  service.graphql(SET, { shopId, input: { ...VALID, ...input } }, token) as Promise<Result>;

describe('setMembershipCardConfig', () => {
  it("configures the card of the business's app", async () => {
    const shopId = await createApp();
    const result = await set(shopId, {});
    expect(result.errors).toBeUndefined();
    expect(result.data!.setMembershipCardConfig).toMatchObject({
      enabled: true,
      ranks: [{ code: 'regular' }, { code: 'silver' }, { code: 'gold', minPoints: 1000 }],
      pointRules: { expiryMonths: null },
    });
  });

  it("answers another business's app as not found", async () => {
    const shopId = await createApp();
    expect(failure(await set(shopId, {}, tokens.other))).toMatchObject({ code: 'NOT_FOUND', reason: 'app_not_found' });
    expect((await service.graphql(READ, { shopId })).data).toEqual({ appMembershipCardConfig: { enabled: false } });
  });

  const design = (change: Record<string, unknown>) => ({ design: { ...VALID.design, ...change } });
  const rules = (change: Record<string, unknown>) => ({ pointRules: { ...VALID.pointRules, ...change } });
  it.each([
    ['no ranks', { ranks: [] }, 'ranks'],
    ['11 ranks', { ranks: Array.from({ length: 11 }, (_, i) => rank(`r${i}`, i * 10)) }, 'ranks'],
    ['a first rank above 0 points', { ranks: [rank('a', 10)] }, 'ranks.0.minPoints'],
    ['ranks not rising', { ranks: [rank('a', 0), rank('b', 50), rank('c', 50)] }, 'ranks.2.minPoints'],
    ['a negative minPoints', { ranks: [rank('a', 0), rank('b', -1)] }, 'ranks.1.minPoints'],
    ['a repeated code', { ranks: [rank('a', 0), rank('a', 5)] }, 'ranks.1.code'],
    ['a code with capitals', { ranks: [rank('Gold', 0)] }, 'ranks.0.code'],
    ['an empty name', { ranks: [{ ...rank('a', 0), name: ' ' }] }, 'ranks.0.name'],
    ['a bad rank colour', { ranks: [{ ...rank('a', 0), color: 'red' }] }, 'ranks.0.color'],
    ['11 benefits', { ranks: [{ ...rank('a', 0), benefits: Array(11).fill('b') }] }, 'ranks.0.benefits'],
    ['an empty benefit', { ranks: [{ ...rank('a', 0), benefits: [''] }] }, 'ranks.0.benefits'],
    ['0 yen per point', rules({ yenPerPoint: 0 }), 'pointRules.yenPerPoint'],
    ['negative sign-up points', rules({ pointsOnSignUp: -1 }), 'pointRules.pointsOnSignUp'],
    ['an expiry of 0 months', rules({ expiryMonths: 0 }), 'pointRules.expiryMonths'],
    ['a bad background', design({ backgroundColor: '#GGGGGG' }), 'design.backgroundColor'],
    ['a logo text of 41 characters', design({ logoText: 'あ'.repeat(41) }), 'design.logoText'],
  ])('refuses %s with BAD_USER_INPUT naming the field, changing nothing', async (_label, input, path) => {
    const shopId = await createApp();
    expect(failure(await set(shopId, input))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: expect.arrayContaining([expect.objectContaining({ path })]),
    });
    expect((await service.graphql(READ, { shopId })).data).toEqual({ appMembershipCardConfig: { enabled: false } });
  });
});
