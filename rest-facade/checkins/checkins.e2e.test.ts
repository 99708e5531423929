/**
 * The check-in rows through the facade with real user tokens (every response is checked against the
 * OpenAPI document by the contract setup): POST /checkins answers recorded or rejected with each
 * reason, 400 for a missing or blank token, 401 and 403; the campaign preview answers every status and
 * records nothing; /checkins/me lists newest first with names, clamps its limit at 200 and refuses one
 * below 1.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_SCOPES, createCheckInCampaign } from '../../test/fixtures/check-ins.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';
import { business, consumer, sql, type Business, type Consumer } from '../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';
import { CAMPAIGN_PREVIEW_STATUSES, CHECK_IN_REJECTIONS } from './checkins.schemas.js';

let service: TestService;
let app: App;
let shop: Business;
let store: string;
let hiddenStore: string;
let hanako: Consumer;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, ['user.profile.read']);
  shop = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
  store = await createStore(service, shop.businessAccountId);
  hiddenStore = await createStore(service, shop.businessAccountId, false);
  hanako = await consumer(service, app, ['user.profile.read']);
});

const campaign = (input: Record<string, unknown> = {}) =>
  createCheckInCampaign(service, shop.token, { storeId: store, name: '来店スタンプ', ...input });
const post = (body: unknown, token: string | null = hanako.token) =>
  service.rest('POST', '/api/v1/checkins', token ?? undefined, body);
const preview = (campaignToken: string, token: string | null = hanako.token) =>
  service.rest('GET', `/api/v1/checkins/campaign/${encodeURIComponent(campaignToken)}`, token ?? undefined);
const me = (token: string | undefined, query = '') => service.rest('GET', `/api/v1/checkins/me${query}`, token);
const newConsumer = () => consumer(service, app, ['user.profile.read']);

/** A token of a campaign that answers `status` (open, or a reason before the once-a-day check). */
async function tokenFor(status: string): Promise<string> {
  if (status === 'unknown_token') return 'no-such-campaign';
  if (status === 'inactive') return (await campaign({ isActive: false })).token;
  if (status === 'not_started') return (await campaign({ startsAt: '2099-01-01T00:00:00.000Z' })).token;
  if (status === 'ended') return (await campaign({ endsAt: '2020-01-01T00:00:00.000Z' })).token;
  if (status === 'store_not_public') return (await campaign({ storeId: hiddenStore })).token;
  return (await campaign()).token;
}

describe('POST /api/v1/checkins', () => {
  it('answers 200 recorded with the check-in, then 200 rejected already_checked_in the same day', async () => {
    const { id, token } = await campaign();
    const user = await newConsumer();
    const first = await post({ token }, user.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'recorded',
      reason: null,
      checkIn: {
        checkInId: expect.any(String),
        checkedInAt: expect.stringMatching(/Z$/),
        localDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        campaign: { campaignId: id, name: '来店スタンプ' },
        store: { storeId: store, name: 'レシート商店' },
      },
    });
    const again = await post({ token }, user.token);
    expect(again).toMatchObject({
      status: 200,
      body: { status: 'rejected', reason: 'already_checked_in', checkIn: null },
    });
  });

  it.each(CHECK_IN_REJECTIONS.filter((r) => r !== 'already_checked_in'))(
    'answers 200 rejected %s and records nothing',
    async (reason) => {
      const user = await newConsumer();
      const answer = await post({ token: await tokenFor(reason) }, user.token);
      expect(answer).toMatchObject({ status: 200, body: { status: 'rejected', reason, checkIn: null } });
      expect(await sql(service, 'select 1 from "check_in" where "user_id" = ?', [user.userId])).toEqual([]);
    },
  );

  it.each([
    ['a missing token', {}],
    ['a blank token', { token: '   ' }],
    ['a token that is not a string', { token: 7 }],
  ])('answers 400 naming /token for %s', async (_label, body) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/token' }] });
  });

  it('answers 401 without a token or with an invalid one, and 403 for a business token', async () => {
    expect((await post({ token: 'x' }, null)).status).toBe(401);
    expect((await post({ token: 'x' }, 'not-a-token')).status).toBe(401);
    for (const refused of [await post({ token: 'x' }, shop.token), await post({ token: 'x' }, TEST_OPERATOR_TOKEN)])
      expect(refused).toMatchObject({ status: 403, body: { status: 403, code: 'user_token_required' } });
  });
});

describe('GET /api/v1/checkins/campaign/{token}', () => {
  it('answers the campaign with status open and records nothing', async () => {
    const { token } = await campaign({ description: '1 日 1 回', startsAt: '2026-01-01T00:00:00.000Z' });
    const user = await newConsumer();
    const answer = await preview(token, user.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'open',
      name: '来店スタンプ',
      description: '1 日 1 回',
      store: { storeId: store, name: 'レシート商店' },
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
    });
    expect(await sql(service, 'select 1 from "check_in" where "user_id" = ?', [user.userId])).toEqual([]);
  });

  it.each(CAMPAIGN_PREVIEW_STATUSES.filter((s) => s !== 'open'))('answers 200 with status %s', async (status) => {
    const answer = await preview(await tokenFor(status));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status });
    if (status === 'unknown_token') expect(answer.body).toMatchObject({ name: null, store: null });
    if (status === 'store_not_public') expect(answer.body).toMatchObject({ name: '来店スタンプ', store: null });
  });

  it('answers 401 without a token and 403 for a business token', async () => {
    expect((await preview('x', null)).status).toBe(401);
    expect(await preview('x', shop.token)).toMatchObject({ status: 403, body: { code: 'user_token_required' } });
  });
});

describe('GET /api/v1/checkins/me', () => {
  it('lists the user’s own check-ins newest first with names, 50 by default and at most 200', async () => {
    const user = await newConsumer();
    const c = await campaign({ allowRepeatCheckIns: true, name: '何度でも' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await post({ token: c.token }, user.token);
      ids.push((answer.body.checkIn as { checkInId: string }).checkInId);
    }
    await post({ token: c.token }, hanako.token);
    const all = await me(user.token);
    expect(all.status).toBe(200);
    const items = all.body.items as { checkInId: string; campaign: unknown; store: unknown }[];
    expect(items.map((i) => i.checkInId)).toEqual([...ids].reverse());
    expect(items[0]).toMatchObject({ campaign: { name: '何度でも' }, store: { storeId: store, name: 'レシート商店' } });
    expect(((await me(user.token, '?limit=2')).body.items as unknown[]).length).toBe(2);
  });

  it('clamps a limit above 200 to 200', async () => {
    const user = await newConsumer();
    const c = await campaign({ allowRepeatCheckIns: true });
    await sql(
      service,
      `insert into "check_in" ("id", "created_at", "updated_at", "campaign_id", "user_id", "store_id", "checked_in_at",
        "local_date", "counts_once")
      select gen_random_uuid(), now(), now(), ?, ?, ?, now() - n * interval '1 minute', current_date, false
      from generate_series(1, 205) n`,
      [c.id, user.userId, store],
    );
    const answer = await me(user.token, '?limit=100000');
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(200);
    expect(((await me(user.token)).body.items as unknown[]).length).toBe(50);
  });

  it.each(['0', '-1', 'ten', '99999999999'])('answers 400 for limit=%s', async (limit) => {
    const answer = await me(hanako.token, `?limit=${limit}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [{ path: 'limit' }] });
  });

  it('answers 401 without a token and 403 for the operator', async () => {
    expect((await me(undefined)).status).toBe(401);
    expect(await me(TEST_OPERATOR_TOKEN)).toMatchObject({ status: 403, body: { code: 'user_token_required' } });
  });
});
