/**
 * Check-ins through GraphQL with real user tokens: a check-in is recorded once per user, store and
 * store-local day (unless the campaign allows repeats) with checkin.recorded in the outbox, every
 * rejection names its reason and records nothing, and myCheckIns lists the caller's own newest first
 * with campaign and store names in a constant number of queries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_SCOPES, createCheckInCampaign } from '../../../test/fixtures/check-ins.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  business,
  consumer,
  countQueries,
  failure,
  sql,
  type Business,
  type Consumer,
} from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let shop: Business;
let store: string;
let hiddenStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, ['user.profile.read']);
  shop = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
  store = await createStore(service, shop.businessAccountId);
  hiddenStore = await createStore(service, shop.businessAccountId, false);
});

const CHECK_IN = 'id checkedInAt localDate campaign { id name } store { id name }';
interface Outcome {
  status: string;
  reason: string | null;
  checkIn: { id: string; checkedInAt: string; localDate: string } | null;
}
const checkIn = async (token: string, userToken: string): Promise<Outcome> => {
  const result = await service.graphql<{ recordCheckIn: Outcome }>(
    `mutation($t: String!) { recordCheckIn(token: $t) { status reason checkIn { ${CHECK_IN} } } }`,
    { t: token },
    userToken,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.recordCheckIn;
};
const campaign = (input: Record<string, unknown> = {}) =>
  createCheckInCampaign(service, shop.token, { storeId: store, ...input });
const newConsumer = (): Promise<Consumer> => consumer(service, app, ['user.profile.read']);
const events = (userId: string) =>
  sql<{ type: string; business_account_id: string; payload: Record<string, unknown> }>(
    service,
    `select "type", "business_account_id", "payload" from "outbox_event" where "payload"->>'userId' = ? and "type" = 'checkin.recorded'`,
    [userId],
  );
const tokyoDate = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });

describe('recordCheckIn', () => {
  it('records a check-in with its Tokyo-local day and checkin.recorded in the outbox, once a day', async () => {
    const { id, token } = await campaign({ name: '来店スタンプ' });
    const me = await newConsumer();
    const first = await checkIn(token, me.token);
    expect(first).toMatchObject({
      status: 'recorded',
      reason: null,
      checkIn: { campaign: { id, name: '来店スタンプ' }, store: { id: store, name: 'レシート商店' } },
    });
    expect(first.checkIn!.localDate).toBe(tokyoDate(first.checkIn!.checkedInAt));
    expect(await checkIn(token, me.token)).toEqual({ status: 'rejected', reason: 'already_checked_in', checkIn: null });
    const another = await campaign();
    expect(await checkIn(another.token, me.token)).toMatchObject({ reason: 'already_checked_in' });
    expect(await events(me.userId)).toEqual([
      {
        type: 'checkin.recorded',
        business_account_id: shop.businessAccountId,
        payload: {
          checkInId: first.checkIn!.id,
          campaignId: id,
          storeId: store,
          userId: me.userId,
          checkedInAt: first.checkIn!.checkedInAt,
          localDate: first.checkIn!.localDate,
        },
      },
    ]);
    const other = await newConsumer();
    expect(await checkIn(token, other.token)).toMatchObject({ status: 'recorded' });
  });

  it('records every check-in of a campaign that allows repeats', async () => {
    const { token } = await campaign({ allowRepeatCheckIns: true });
    const me = await newConsumer();
    expect((await checkIn(token, me.token)).status).toBe('recorded');
    expect((await checkIn(token, me.token)).status).toBe('recorded');
    expect(await events(me.userId)).toHaveLength(2);
  });

  it.each([
    ['unknown_token', async () => 'no-such-campaign'],
    ['unknown_token', async () => 'x'.repeat(5000)],
    ['inactive', async () => (await campaign({ isActive: false })).token],
    ['not_started', async () => (await campaign({ startsAt: '2099-01-01T00:00:00.000Z' })).token],
    ['ended', async () => (await campaign({ endsAt: '2020-01-01T00:00:00.000Z' })).token],
    ['store_not_public', async () => (await campaign({ storeId: hiddenStore })).token],
  ])('rejects with %s and records nothing', async (reason, tokenOf) => {
    const me = await newConsumer();
    expect(await checkIn(await tokenOf(), me.token)).toEqual({ status: 'rejected', reason, checkIn: null });
    expect(await events(me.userId)).toEqual([]);
    expect(await sql(service, 'select 1 from "check_in" where "user_id" = ?', [me.userId])).toEqual([]);
  });

  it('needs a user token: a business token or the operator is FORBIDDEN user_token_required, as for surveys', async () => {
    for (const token of [shop.token, TEST_OPERATOR_TOKEN]) {
      const result = await service.graphql('mutation { recordCheckIn(token: "t") { status } }', {}, token);
      expect(failure(result)).toMatchObject({ code: 'FORBIDDEN', reason: 'user_token_required' });
    }
  });
});

describe('myCheckIns', () => {
  const mine = async (userToken: string, limit?: number) => {
    const result = await service.graphql<{ myCheckIns: Record<string, unknown>[] }>(
      `query($l: Int) { myCheckIns(limit: $l) { ${CHECK_IN} } }`,
      limit === undefined ? {} : { l: limit },
      userToken,
    );
    return result;
  };

  it('lists the caller’s own check-ins newest first with campaign and store names, in constant queries', async () => {
    const me = await newConsumer();
    const stranger = await newConsumer();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await campaign({ name: `C${i}`, allowRepeatCheckIns: true });
      ids.push((await checkIn(c.token, me.token)).checkIn!.id);
    }
    await checkIn((await campaign()).token, stranger.token);
    const all = await mine(me.token);
    expect(all.errors).toBeUndefined();
    expect(all.data!.myCheckIns.map((c) => c.id)).toEqual([...ids].reverse());
    expect(all.data!.myCheckIns[0]).toMatchObject({
      campaign: { name: 'C2' },
      store: { id: store, name: 'レシート商店' },
    });
    expect((await mine(me.token, 2)).data!.myCheckIns.map((c) => c.id)).toEqual([ids[2], ids[1]]);

    const one = await countQueries(service, () => mine(me.token, 1));
    const three = await countQueries(service, () => mine(me.token, 3));
    expect(three).toBe(one);
  });

  it('refuses a limit below 1', async () => {
    const me = await newConsumer();
    expect(failure(await mine(me.token, 0))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
