/**
 * The audience through GraphQL: followers and members per Asia/Tokyo day (a follow at 23:30 JST and
 * one at 00:30 JST fall on different days), by rank and by store, small groups suppressed without
 * crm.profiles.read, deleted accounts not counted, ranges bounded, another business's store NOT_FOUND
 * and a token without sns.audience.read FORBIDDEN.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { businessOwner, failure, sql } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { SegmentData } from '../segment/segment.fixtures.js';

/** An instant given as Asia/Tokyo wall time. */
const jst = (wall: string) => new Date(Date.parse(`${wall}+09:00`));

let service: TestService;
let token: string;
let reader: string;
let noScope: string;
let store: string;
let quiet: string;
let theirStore: string;

/*
 * Followers of `store`: 6 on 2030-03-01 (at 23:30 JST), 2 on 2030-03-02 (00:30 JST), 1 before the range
 * (2030-02-20), one deleted account on 03-01. `quiet` has 1 follower (one of the six). Members: 5 gold
 * joined 03-01, 1 silver joined 03-03.
 */
beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, ['sns.audience.read', 'crm.profiles.read', 'crm.segments.read']);
  const [mine, theirs] = [await businessOwner(service, app), await businessOwner(service, app)];
  token = await mine.token(['sns.audience.read', 'crm.profiles.read']);
  reader = await mine.token(['sns.audience.read']);
  noScope = await mine.token(['crm.segments.read']);
  const em = rootEntityManager(service.orm).fork();
  const data = new SegmentData(em, mine.businessAccountId);
  [store, quiet] = [await data.store(), await data.store()];
  theirStore = await new SegmentData(em, theirs.businessAccountId).store();
  const shop = await data.shopApp([store]);
  const follow = async (at: Date) => {
    const person = await data.user();
    await data.favorite(store, person, at);
    return person;
  };
  const six = [];
  for (let i = 0; i < 6; i++) six.push(await follow(jst('2030-03-01T23:30:00')));
  for (let i = 0; i < 2; i++) await follow(jst('2030-03-02T00:30:00'));
  await follow(jst('2030-02-20T12:00:00'));
  const gone = await follow(jst('2030-03-01T10:00:00'));
  await sql(service, 'update "user_account" set "deleted_at" = now() where "id" = ?', [gone]);
  await data.favorite(quiet, six[0]!, jst('2030-03-01T23:30:00'));
  for (const person of six.slice(0, 5)) await data.membership(shop, person, 'gold', jst('2030-03-01T09:00:00'));
  await data.membership(shop, six[5]!, 'silver', jst('2030-03-03T09:00:00'));
});

const AUDIENCE = `query($input: AudienceInput!) { audience(input: $input) {
  from to storeId days { date followers newFollowers members newMembers }
  byRank { rankCode members } byStore { storeId followers newFollowers } } }`;
interface AudienceAnswer {
  days: Record<string, unknown>[];
  byRank: Record<string, unknown>[];
  byStore: { storeId: string; followers: number | null; newFollowers: number | null }[];
}
const audience = (input: Record<string, unknown>, bearer = token) =>
  service.graphql<{ audience: AudienceAnswer }>(AUDIENCE, { input }, bearer);

describe('audience', () => {
  it('counts people per Asia/Tokyo day, by rank and by store', async () => {
    const answer = await audience({ from: '2030-03-01', to: '2030-03-03' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.audience.days).toEqual([
      { date: '2030-03-01', followers: 7, newFollowers: 6, members: 5, newMembers: 5 },
      { date: '2030-03-02', followers: 9, newFollowers: 2, members: 5, newMembers: 0 },
      { date: '2030-03-03', followers: 9, newFollowers: 0, members: 6, newMembers: 1 },
    ]);
    expect(answer.data!.audience.byRank).toEqual([
      { rankCode: 'gold', members: 5 },
      { rankCode: 'silver', members: 1 },
    ]);
    const byStore = Object.fromEntries(answer.data!.audience.byStore.map((s) => [s.storeId, s]));
    expect(byStore[store]).toMatchObject({ followers: 9, newFollowers: 8 });
    expect(byStore[quiet]).toMatchObject({ followers: 1, newFollowers: 1 });
  });

  it('suppresses groups of 1 to 4 people without crm.profiles.read', async () => {
    const answer = await audience({ from: '2030-03-01', to: '2030-03-03' }, reader);
    expect(answer.data!.audience.days).toEqual([
      { date: '2030-03-01', followers: 7, newFollowers: 6, members: 5, newMembers: 5 },
      { date: '2030-03-02', followers: 9, newFollowers: null, members: 5, newMembers: 0 },
      { date: '2030-03-03', followers: 9, newFollowers: 0, members: 6, newMembers: null },
    ]);
    expect(answer.data!.audience.byRank).toEqual([
      { rankCode: 'gold', members: 5 },
      { rankCode: 'silver', members: null },
    ]);
    const quietRow = answer.data!.audience.byStore.find((s) => s.storeId === quiet);
    expect(quietRow).toEqual({ storeId: quiet, followers: null, newFollowers: null });
  });

  it('narrows to one store of the business', async () => {
    const answer = await audience({ from: '2030-03-02', to: '2030-03-02', storeId: quiet });
    expect(answer.data!.audience.days).toEqual([
      { date: '2030-03-02', followers: 1, newFollowers: 0, members: 0, newMembers: 0 },
    ]);
    expect(answer.data!.audience.byStore).toEqual([{ storeId: quiet, followers: 1, newFollowers: 0 }]);
  });

  it('bounds the range and refuses other businesses’ stores and tokens without the scope', async () => {
    expect(failure(await audience({ from: '2030-03-03', to: '2030-03-01' }))?.code).toBe('BAD_USER_INPUT');
    expect(failure(await audience({ from: '2030-01-01', to: '2031-01-02' }))?.code).toBe('BAD_USER_INPUT');
    expect(failure(await audience({ from: '2030-02-30', to: '2030-03-01' }))?.code).toBe('BAD_USER_INPUT');
    expect(failure(await audience({ from: '2030-01-01', to: '2030-12-31' }))?.code).toBeUndefined();
    expect(failure(await audience({ from: '2030-03-01', to: '2030-03-01', storeId: theirStore }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'store_not_found',
    });
    expect(failure(await audience({ from: '2030-03-01', to: '2030-03-01' }, noScope))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
  });
});
