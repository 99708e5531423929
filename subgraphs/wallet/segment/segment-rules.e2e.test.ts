/**
 * Segment rules against generated data with known answers, through GraphQL with real business tokens:
 * each rule kind alone, and/or combinations, the edge of N days in Asia/Tokyo, another business's
 * data never counting, values that look like SQL staying values, and a deleted account leaving every
 * segment it was in (also through `isInSegment` / `segmentMemberIds`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, tokensFor, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { isInSegment, segmentMemberIds } from './segment-membership.js';
import { jstDayStart, SegmentData } from './segment.fixtures.js';

const SCOPES = ['crm.segments.read', 'crm.profiles.read'];
const MINUTE = 60_000;

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
/** u[1]..u[8] as in the table below; u[0] unused. */
const u: string[] = [];
let storeA: string;
let storeS2: string;
let campaign: string;
let survey: string;

/*
 * Who did what (business "mine" unless said):
 * u1 receipt 6000 at A, 30 min after the 30-day window opened     -> spent, visited A
 * u2 receipt 6000 at A, 30 min before the window; 1000 inside     -> visited A (not spent)
 * u3 order 5000 paid inside; order 10000 cancelled                 -> spent
 * u4 receipt 100000 at the other business's store; check-in at A  -> visited A, checked in
 * u5 favorite S2, membership gold                                   -> favorited, rank gold
 * u6 membership silver, survey Q1 = red                             -> answered red
 * u7 survey Q1 = blue, Q2 rating 5                                  -> answered rating 5
 * u8 receipt 9000 at A today, favorite A, gold                     -> spent, visited, favorited, gold
 */
beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, SCOPES);
  [mine, theirs] = [await business(service, app, SCOPES), await business(service, app, SCOPES)];
  const em = rootEntityManager(service.orm).fork();
  const data = new SegmentData(em, mine.businessAccountId);
  const other = new SegmentData(em, theirs.businessAccountId);
  for (let i = 1; i <= 8; i++) u[i] = await data.user();
  [storeA, storeS2] = [await data.store(), await data.store()];
  const theirStore = await other.store();
  const windowOpens = jstDayStart(new Date(), 29);
  await data.claimedReceipt(storeA, u[1]!, 6000, new Date(windowOpens.getTime() + 30 * MINUTE));
  await data.claimedReceipt(storeA, u[2]!, 6000, new Date(windowOpens.getTime() - 30 * MINUTE));
  await data.claimedReceipt(storeA, u[2]!, 1000);
  const record3 = await data.customerRecord(u[3]!);
  await data.order(storeA, record3, 5000, 'paid');
  await data.order(storeA, record3, 10000, 'cancelled');
  await other.claimedReceipt(theirStore, u[4]!, 100000);
  campaign = await data.checkInCampaign(storeA);
  await data.checkIn(campaign, storeA, u[4]!);
  const shop = await data.shopApp([storeA]);
  await data.favorite(storeS2, u[5]!);
  await data.membership(shop, u[5]!, 'gold');
  await data.membership(shop, u[6]!, 'silver');
  survey = await data.surveyCampaign();
  await data.surveyResponse(survey, u[6]!, [{ questionId: 'q1', choices: ['red'] }]);
  await data.surveyResponse(survey, u[7]!, [
    { questionId: 'q1', choices: ['blue'] },
    { questionId: 'q2', rating: 5 },
  ]);
  await data.claimedReceipt(storeA, u[8]!, 9000);
  await data.favorite(storeA, u[8]!);
  await data.membership(shop, u[8]!, 'gold');
});

const spent = { spent: { atLeast: 5000, days: 30 } };
const visitedA = () => ({ visited: { storeId: storeA } });
const gold = { rank: { rankCode: 'gold' } };

/** The member ids of a new segment of `rule`, sorted, as a business with crm.profiles.read sees them. */
async function memberIdsOf(rule: Record<string, unknown>, token = mine.token): Promise<string[]> {
  const created = await service.graphql<{ createSegment: { id: string } }>(
    'mutation($input: CreateSegmentInput!) { createSegment(input: $input) { id } }',
    { input: { name: 'test', rule } },
    token,
  );
  expect(created.errors).toBeUndefined();
  const read = await service.graphql<{
    segment: { memberCount: number; members: { nodes: { userId: string }[] } };
  }>(
    'query($id: ID!) { segment(id: $id) { memberCount members(first: 100) { nodes { userId } } } }',
    { id: created.data!.createSegment.id },
    token,
  );
  expect(read.errors).toBeUndefined();
  const ids = read.data!.segment.members.nodes.map((n) => n.userId);
  expect(read.data!.segment.memberCount).toBe(ids.length);
  return ids.sort();
}

/** The members of a new segment of `rule` by their index in `u`. */
const membersOf = async (rule: Record<string, unknown>, token = mine.token): Promise<number[]> =>
  (await memberIdsOf(rule, token)).map((id) => u.indexOf(id)).sort();

describe('each rule kind', () => {
  it('spent: claimed receipts and paid orders at the business within N Asia/Tokyo days', async () => {
    expect(await membersOf(spent)).toEqual([1, 3, 8]);
    // u2's 6000 fell 30 minutes before the window opened: 31 days reach it.
    expect(await membersOf({ spent: { atLeast: 5000, days: 31 } })).toEqual([1, 2, 3, 8]);
    expect(await membersOf({ spent: { atLeast: 9000, days: 1 } })).toEqual([8]);
  });

  it('visited: a claimed receipt or a check-in at the store', async () => {
    expect(await membersOf(visitedA())).toEqual([1, 2, 4, 8]);
    expect(await membersOf({ visited: { storeId: storeS2 } })).toEqual([]);
  });

  it('checkedIn, favorited, rank and answered', async () => {
    expect(await membersOf({ checkedIn: { campaignId: campaign } })).toEqual([4]);
    expect(await membersOf({ favorited: {} })).toEqual([5, 8]);
    expect(await membersOf({ favorited: { storeId: storeS2 } })).toEqual([5]);
    expect(await membersOf(gold)).toEqual([5, 8]);
    expect(await membersOf({ rank: { rankCode: 'silver' } })).toEqual([6]);
    expect(await membersOf({ answered: { campaignId: survey, questionId: 'q1', choice: 'red' } })).toEqual([6]);
    expect(await membersOf({ answered: { campaignId: survey, questionId: 'q2', rating: 5 } })).toEqual([7]);
    expect(await membersOf({ answered: { campaignId: survey, questionId: 'q2', rating: 4 } })).toEqual([]);
  });

  it('never counts another business’s data: its segments of the same people are empty', async () => {
    expect(await membersOf({ spent: { atLeast: 1, days: 30 } }, theirs.token)).toEqual([4]);
    expect(await membersOf(gold, theirs.token)).toEqual([]);
  });
});

describe('and / or', () => {
  it('combines rules as a tree', async () => {
    expect(await membersOf({ all: [spent, { any: [visitedA(), gold] }] })).toEqual([1, 8]);
    const answeredRed = { answered: { campaignId: survey, questionId: 'q1', choice: 'red' } };
    expect(await membersOf({ any: [{ checkedIn: { campaignId: campaign } }, answeredRed] })).toEqual([4, 6]);
    expect(await membersOf({ all: [gold, { favorited: { storeId: storeS2 } }] })).toEqual([5]);
    expect(
      await membersOf({
        any: [{ all: [spent, gold] }, { all: [visitedA(), { checkedIn: { campaignId: campaign } }] }],
      }),
    ).toEqual([4, 8]);
  });
});

describe('values that look like SQL', () => {
  it('are compared as values and stored as given', async () => {
    const code = "gold' or '1'='1";
    expect(await membersOf({ rank: { rankCode: code } })).toEqual([]);
    const shop = await new SegmentData(rootEntityManager(service.orm).fork(), mine.businessAccountId).shopApp();
    await new SegmentData(rootEntityManager(service.orm).fork(), mine.businessAccountId).membership(shop, u[7]!, code);
    expect(await membersOf({ rank: { rankCode: code } })).toEqual([7]);
    const choice = `red"}]'); drop table "segment"; --`;
    expect(await membersOf({ answered: { campaignId: survey, questionId: 'q1', choice } })).toEqual([]);
    const stored = await sql<{ rule: unknown }>(
      service,
      `select "rule" from "segment" order by "created_at" desc limit 1`,
    );
    expect(stored[0]!.rule).toEqual({ answered: { campaignId: survey, questionId: 'q1', choice, rating: null } });
  });
});

describe('a deleted account', () => {
  it('leaves every segment it was in', async () => {
    // A business of its own, so the other tests (in any order) keep their answers.
    const owner = await business(service, app, SCOPES);
    const em = rootEntityManager(service.orm).fork();
    const data = new SegmentData(em, owner.businessAccountId);
    const [store, shop] = [await data.store(), await data.shopApp()];
    const [leaving, staying] = [await data.user(), await data.user()];
    for (const person of [leaving, staying]) {
      await data.claimedReceipt(store, person, 9000);
      await data.favorite(store, person);
      await data.membership(shop, person, 'gold');
      await data.checkIn(await data.checkInCampaign(store), store, person);
    }
    const rules = [
      spent,
      { visited: { storeId: store } },
      { favorited: {} },
      gold,
      { all: [spent, { any: [{ visited: { storeId: store } }, gold] }] },
    ];
    for (const rule of rules) expect(await memberIdsOf(rule, owner.token)).toEqual([leaving, staying].sort());
    const [segment] = await sql<{ id: string }>(
      service,
      `select "id" from "segment" where "business_account_id" = ? and "rule" = cast(? as jsonb)`,
      [owner.businessAccountId, JSON.stringify(gold)],
    );
    expect(await isInSegment(em, segment!.id, leaving)).toBe(true);

    const userApp = await registerApp(service);
    const token = (await tokensFor(service, userApp, leaving, { scopes: ['user.profile.read'] })).accessToken;
    const deleted = await service.graphql(
      'mutation { deleteAccount(input: { confirm: true }) { deleted } }',
      {},
      token,
    );
    expect(deleted.errors).toBeUndefined();

    for (const rule of rules) expect(await memberIdsOf(rule, owner.token)).toEqual([staying]);
    expect(await isInSegment(em, segment!.id, leaving)).toBe(false);
    expect(await segmentMemberIds(em, segment!.id)).toEqual([staying]);
    // The records that stay (claims, check-ins, memberships) no longer make the account a member.
    const kept = await sql(service, 'select 1 from "receipt_claim" where "user_id" = ?', [leaving]);
    expect(kept.length).toBe(1);
  });
});
