/**
 * Check-in results through GraphQL with real business tokens: counts per store and store-local day
 * (the store's time zone decides the day), distinct users against repeat check-ins, filters by
 * campaign and store of the caller's business only, the default and refused ranges, who may ask,
 * and the CSV export's exact content.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_SCOPES, createCheckInCampaign } from '../../../test/fixtures/check-ins.fixtures.js';
import { createUser, registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import {
  business,
  businessOwner,
  consumer,
  failure,
  sql,
  type Business,
} from '../../../test/fixtures/stores.fixtures.js';
import { queriesDuring } from '../../../test/fixtures/query-log.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { uuidv7 } from '../../kernel/db/uuid.js';

let service: TestService;
let mine: Business;
let theirs: Business;
let writeOnly: string;
let userToken: string;
let storeA: string;
let storeB: string;
let theirStore: string;
let onceA: string;
let repeatB: string;
let theirCampaign: string;
let users: string[];

/** A check-in at `at`, its local day computed by the database from the store's time zone as recording does. */
const insertCheckIn = (campaignId: string, userId: string, storeId: string, at: string, countsOnce = true) =>
  sql(
    service,
    `insert into "check_in" ("id", "created_at", "updated_at", "campaign_id", "user_id", "store_id", "checked_in_at", "local_date", "counts_once")
     select ?, now(), now(), ?, ?, "s"."id", cast(? as timestamptz), cast((cast(? as timestamptz) at time zone "s"."time_zone") as date), ?
     from "store" "s" where "s"."id" = ?`,
    [uuidv7(), campaignId, userId, at, at, countsOnce, storeId],
  );

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, CAMPAIGN_SCOPES);
  const owner = await businessOwner(service, app);
  mine = { businessAccountId: owner.businessAccountId, token: await owner.token(['store.campaigns.read']) };
  writeOnly = await owner.token(['store.campaigns.write']);
  theirs = await business(service, app, CAMPAIGN_SCOPES);
  userToken = (await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read'])).token;
  storeA = await createStore(service, mine.businessAccountId);
  storeB = await createStore(service, mine.businessAccountId);
  theirStore = await createStore(service, theirs.businessAccountId);
  const full = await owner.token(CAMPAIGN_SCOPES);
  onceA = (await createCheckInCampaign(service, full, { storeId: storeA })).id;
  repeatB = (await createCheckInCampaign(service, full, { storeId: storeB, allowRepeatCheckIns: true })).id;
  theirCampaign = (await createCheckInCampaign(service, theirs.token, { storeId: theirStore })).id;
  users = [await createUser(service), await createUser(service), await createUser(service)];
  const [u1, u2, u3] = users as [string, string, string];
  // 23:30 in Tokyo on 1 March, and 00:30 in Tokyo on 2 March, which is still 1 March in UTC.
  await insertCheckIn(onceA, u1, storeA, '2026-03-01T14:30:00Z');
  await insertCheckIn(onceA, u1, storeA, '2026-03-01T15:30:00Z');
  await insertCheckIn(onceA, u2, storeA, '2026-03-01T15:45:00Z');
  // Repeats at store B on 2 March (Tokyo): three check-ins by two users.
  await insertCheckIn(repeatB, u2, storeB, '2026-03-02T01:00:00Z', false);
  await insertCheckIn(repeatB, u2, storeB, '2026-03-02T02:00:00Z', false);
  await insertCheckIn(repeatB, u3, storeB, '2026-03-02T03:00:00Z', false);
  await insertCheckIn(theirCampaign, u1, theirStore, '2026-03-02T03:00:00Z');
});

const RESULTS = `query($c: ID, $s: ID, $from: String, $to: String, $b: ID) {
  checkInResults(campaignId: $c, storeId: $s, from: $from, to: $to, businessAccountId: $b) {
    from to checkIns uniqueUsers days { store { id } storeId localDate checkIns uniqueUsers } } }`;
const CSV = `query($c: ID, $s: ID, $from: String, $to: String, $b: ID) {
  checkInResultsCsv(campaignId: $c, storeId: $s, from: $from, to: $to, businessAccountId: $b) {
    filename contentType rowCount truncated content } }`;
type Vars = { c?: string; s?: string; from?: string; to?: string; b?: string };
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const ask = (vars: Vars, token = mine.token) =>
  service.graphql<{ checkInResults: Record<string, unknown> }>(RESULTS, vars, token);
const results = async (vars: Vars, token = mine.token) => {
  const answer = await ask(vars, token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.checkInResults;
};
const day = (storeId: string, localDate: string, checkIns: number, uniqueUsers: number) => ({
  store: { id: storeId },
  storeId,
  localDate,
  checkIns,
  uniqueUsers,
});

describe('checkInResults', () => {
  it('counts per store and store-local day, and distinct users over the range, never another business’s', async () => {
    const march2 = [day(storeA, '2026-03-02', 2, 2), day(storeB, '2026-03-02', 3, 2)];
    expect(await results(MARCH)).toEqual({
      ...MARCH,
      checkIns: 6,
      uniqueUsers: 3,
      days: [day(storeA, '2026-03-01', 1, 1), ...march2.sort((x, y) => x.storeId.localeCompare(y.storeId))],
    });
  });

  it('counts with one statement over check_in, whatever the number of days and stores', async () => {
    const { queries } = await queriesDuring(service.orm, () => results(MARCH));
    expect(queries.filter((q) => q.includes('from "check_in" "c"'))).toHaveLength(1);
    expect(queries.filter((q) => q.includes('"check_in"'))).toHaveLength(1);
  });

  it('filters by campaign, by store, and by day range', async () => {
    expect(await results({ ...MARCH, c: repeatB })).toMatchObject({ checkIns: 3, uniqueUsers: 2 });
    expect(await results({ ...MARCH, s: storeA })).toMatchObject({
      checkIns: 3,
      uniqueUsers: 2,
      days: [day(storeA, '2026-03-01', 1, 1), day(storeA, '2026-03-02', 2, 2)],
    });
    expect(await results({ ...MARCH, c: repeatB, s: storeA })).toEqual({
      ...MARCH,
      checkIns: 0,
      uniqueUsers: 0,
      days: [],
    });
    expect(await results({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      checkIns: 1,
      uniqueUsers: 1,
      days: [day(storeA, '2026-03-01', 1, 1)],
    });
  });

  it('defaults to the 30 days ending today in Tokyo, where a check-in made now is counted', async () => {
    const store = await createStore(service, theirs.businessAccountId);
    const { token } = await createCheckInCampaign(service, theirs.token, { storeId: store });
    const me = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
    const recorded = await service.graphql<{ recordCheckIn: { checkIn: { localDate: string } } }>(
      'mutation($t: String!) { recordCheckIn(token: $t) { checkIn { localDate } } }',
      { t: token },
      me.token,
    );
    const today = recorded.data!.recordCheckIn.checkIn.localDate;
    const answer = await results({ s: store }, theirs.token);
    expect(answer).toEqual({
      from: new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10),
      to: today,
      checkIns: 1,
      uniqueUsers: 1,
      days: [day(store, today, 1, 1)],
    });
  });

  it('refuses malformed dates, from after to and more than 366 days with BAD_USER_INPUT', async () => {
    for (const vars of [
      { from: '2026-02-30' },
      { to: '03/01/2026' },
      { from: '2026-03-02', to: '2026-03-01' },
      { from: '2025-01-01', to: '2026-01-02' },
    ])
      expect(failure(await ask(vars)), JSON.stringify(vars)).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await results({ from: '2025-03-02', to: '2026-03-02' })).toMatchObject({ checkIns: 6 });
  });

  it('answers another business’s campaign or store, or an unknown id, as not found', async () => {
    expect(failure(await ask({ c: theirCampaign }))).toMatchObject({ code: 'NOT_FOUND', reason: 'campaign_not_found' });
    expect(failure(await ask({ c: 'nope' }))).toMatchObject({ code: 'NOT_FOUND', reason: 'campaign_not_found' });
    expect(failure(await ask({ s: theirStore }))).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    expect(failure(await ask({ b: theirs.businessAccountId }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'other_business',
    });
  });

  it('refuses a business token without store.campaigns.read and a user token', async () => {
    expect(failure(await ask(MARCH, writeOnly))).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_scope' });
    expect(failure(await ask(MARCH, userToken))).toMatchObject({ code: 'FORBIDDEN' });
    const csv = await service.graphql(CSV, MARCH, userToken);
    expect(failure(csv)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets the operator name a business or a campaign, and nothing else', async () => {
    expect(await results({ ...MARCH, b: mine.businessAccountId }, TEST_OPERATOR_TOKEN)).toMatchObject({
      checkIns: 6,
      uniqueUsers: 3,
    });
    expect(await results({ ...MARCH, c: theirCampaign }, TEST_OPERATOR_TOKEN)).toMatchObject({ checkIns: 1 });
    expect(failure(await ask({ ...MARCH, s: storeA }, TEST_OPERATOR_TOKEN))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(failure(await ask({ c: theirCampaign, b: mine.businessAccountId }, TEST_OPERATOR_TOKEN))).toMatchObject({
      reason: 'campaign_not_found',
    });
  });
});

describe('checkInResultsCsv', () => {
  it('exports the same counts with store names and no user ids', async () => {
    const answer = await service.graphql<{ checkInResultsCsv: Record<string, unknown> }>(CSV, MARCH, mine.token);
    expect(answer.errors).toBeUndefined();
    const [first, second] = [storeA, storeB].sort() as [string, string];
    const march2 = (id: string) =>
      id === storeA ? `2026-03-02,${storeA},レシート商店,2,2` : `2026-03-02,${storeB},レシート商店,3,2`;
    expect(answer.data!.checkInResultsCsv).toEqual({
      filename: 'check-ins-2026-03-01-2026-03-31.csv',
      contentType: 'text/csv; charset=utf-8',
      rowCount: 3,
      truncated: false,
      content: [
        '\uFEFFlocal_date,store_id,store_name,check_ins,unique_users',
        `2026-03-01,${storeA},レシート商店,1,1`,
        march2(first),
        march2(second),
        '',
      ].join('\r\n'),
    });
    for (const userId of users) expect(answer.data!.checkInResultsCsv.content).not.toContain(userId);
  });

  it('refuses what checkInResults refuses', async () => {
    expect(failure(await service.graphql(CSV, { s: theirStore }, mine.token))).toMatchObject({
      reason: 'store_not_found',
    });
    expect(failure(await service.graphql(CSV, { from: '2026-03-02', to: '2026-03-01' }, mine.token))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
  });
});
