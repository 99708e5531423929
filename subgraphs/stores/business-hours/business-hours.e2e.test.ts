/**
 * Business hours over GraphQL: the management operations (who may, validation, what is stored) and
 * the public storeBusinessInfo with open-now, against the real service and database.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { createUser, registerApp, startOAuthService, tokensFor } from '../../../test/fixtures/oauth.fixtures.js';
import { businessOwner, type GraphQLResult as Result } from '../../../test/fixtures/stores.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { addDays, localDateTime, zonedInstant } from './business-hours.js';

let service: TestService;
let businessAccountId: string;
let tokens: { owner: string; reader: string; other: string; user: string };

beforeAll(async () => {
  service = await startOAuthService();
  const scopes = ['store.business-hours.read', 'store.business-hours.write'];
  const app = await registerApp(service, scopes);
  const [owner, other] = [await businessOwner(service, app), await businessOwner(service, app)];
  businessAccountId = owner.businessAccountId;
  tokens = {
    owner: await owner.token(scopes),
    reader: await owner.token(['store.business-hours.read']),
    other: await other.token(scopes),
    user: (await tokensFor(service, await registerApp(service), await createUser(service))).accessToken,
  };
});

const VIEW =
  'storeId timeZone regularHours { weekday intervals { opens closes } } specialDays { date closed intervals { opens closes } note }';
const READ = `query($storeId: ID!) { storeBusinessHours(storeId: $storeId) { ${VIEW} } }`;
const SET_WEEKLY = `mutation($storeId: ID!, $weekday: Int!, $intervals: [BusinessHoursIntervalInput!]!) {
  setStoreWeeklyHours(storeId: $storeId, weekday: $weekday, intervals: $intervals) { ${VIEW} } }`;
const SET_SPECIAL = `mutation($storeId: ID!, $date: String!, $closed: Boolean!, $intervals: [BusinessHoursIntervalInput!], $note: String) {
  setStoreSpecialDay(storeId: $storeId, date: $date, closed: $closed, intervals: $intervals, note: $note) { ${VIEW} } }`;
const REMOVE_SPECIAL = `mutation($storeId: ID!, $date: String!) { removeStoreSpecialDay(storeId: $storeId, date: $date) { ${VIEW} } }`;
const SET_ZONE = `mutation($storeId: ID!, $timeZone: String!) { setStoreTimeZone(storeId: $storeId, timeZone: $timeZone) { ${VIEW} } }`;
const INFO = `query($storeId: ID!, $ahead: Int) { storeBusinessInfo(storeId: $storeId, specialDaysAhead: $ahead) {
  storeId timeZone regularHours { weekday intervals { opens closes } } specialDays { date closed intervals { opens closes } note }
  openNow nextChange asOf } }`;

interface View {
  storeId: string;
  timeZone: string;
  regularHours: { weekday: number; intervals: { opens: string; closes: string }[] }[];
  specialDays: { date: string; closed: boolean; intervals: { opens: string; closes: string }[]; note: string | null }[];
}

async function gql(query: string, variables: Record<string, unknown>, token?: string): Promise<Result> {
  return service.graphql(query, variables, token);
}
async function ok(query: string, variables: Record<string, unknown>, token = tokens.owner): Promise<View> {
  const result = await gql(query, variables, token);
  expect(result.errors).toBeUndefined();
  return Object.values(result.data!)[0] as View;
}
const failure = (result: Result) => result.errors?.[0]?.extensions;
const today = () => localDateTime(new Date(), 'Asia/Tokyo').date;
const iv = (opens: string, closes: string) => ({ opens, closes });

describe('weekly hours', () => {
  it('replaces one weekday at a time, sorts its intervals and answers all seven weekdays', async () => {
    const storeId = await createStore(service, businessAccountId);
    const empty = await ok(READ, { storeId });
    expect(empty).toMatchObject({ storeId, timeZone: 'Asia/Tokyo', specialDays: [] });
    expect(empty.regularHours).toEqual([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, intervals: [] })));

    await ok(SET_WEEKLY, { storeId, weekday: 1, intervals: [iv('18:00', '02:00')] });
    const view = await ok(SET_WEEKLY, { storeId, weekday: 3, intervals: [iv('17:00', '22:00'), iv('11:00', '14:00')] });
    expect(view.regularHours[0]).toEqual({ weekday: 1, intervals: [iv('18:00', '02:00')] });
    expect(view.regularHours[2]).toEqual({ weekday: 3, intervals: [iv('11:00', '14:00'), iv('17:00', '22:00')] });

    const replaced = await ok(SET_WEEKLY, { storeId, weekday: 3, intervals: [iv('00:00', '24:00')] });
    expect(replaced.regularHours[2]!.intervals).toEqual([iv('00:00', '24:00')]);
    const closed = await ok(SET_WEEKLY, { storeId, weekday: 1, intervals: [] });
    expect(closed.regularHours[0]!.intervals).toEqual([]);
    expect((await ok(READ, { storeId }, tokens.reader)).regularHours).toEqual(closed.regularHours);
  });

  it.each([
    ['overlapping intervals', { intervals: [iv('11:00', '14:00'), iv('13:00', '15:00')] }, 'intervals'],
    ['an after-midnight tail overlapping', { intervals: [iv('18:00', '02:00'), iv('20:00', '21:00')] }, 'intervals'],
    ['five intervals', { intervals: ['01', '03', '05', '07', '09'].map((h) => iv(`${h}:00`, `${h}:30`)) }, 'intervals'],
    ['a time past 24:00', { intervals: [iv('10:00', '24:30')] }, 'intervals.0.closes'],
    ['a time without two digits', { intervals: [iv('9:00', '17:00')] }, 'intervals.0.opens'],
    ['weekday 0', { weekday: 0 }, 'weekday'],
    ['weekday 8', { weekday: 8 }, 'weekday'],
  ])('refuses %s with BAD_USER_INPUT naming the field, changing nothing', async (_, change, path) => {
    const storeId = await createStore(service, businessAccountId);
    await ok(SET_WEEKLY, { storeId, weekday: 1, intervals: [iv('09:00', '17:00')] });
    const result = await gql(
      SET_WEEKLY,
      { storeId, weekday: 1, intervals: [iv('10:00', '11:00')], ...change },
      tokens.owner,
    );
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((failure(result)!.errors as { path: string }[]).map((e) => e.path)).toContain(path);
    expect((await ok(READ, { storeId })).regularHours[0]!.intervals).toEqual([iv('09:00', '17:00')]);
  });
});

describe('special days', () => {
  it('sets, replaces and removes the special day of a date; lists upcoming ones by date', async () => {
    const storeId = await createStore(service, businessAccountId);
    const [d1, d2, past] = [addDays(today(), 3), addDays(today(), 1), addDays(today(), -2)];
    await ok(SET_SPECIAL, { storeId, date: d1, closed: true, note: ' 年末年始 ' });
    await ok(SET_SPECIAL, { storeId, date: past, closed: true });
    const view = await ok(SET_SPECIAL, {
      storeId,
      date: d2,
      closed: false,
      intervals: [iv('15:00', '20:00'), iv('10:00', '12:00')],
    });
    expect(view.specialDays).toEqual([
      { date: d2, closed: false, intervals: [iv('10:00', '12:00'), iv('15:00', '20:00')], note: null },
      { date: d1, closed: true, intervals: [], note: '年末年始' },
    ]);

    const replaced = await ok(SET_SPECIAL, {
      storeId,
      date: d1,
      closed: false,
      intervals: [iv('10:00', '15:00')],
      note: '短縮営業',
    });
    expect(replaced.specialDays[1]).toEqual({
      date: d1,
      closed: false,
      intervals: [iv('10:00', '15:00')],
      note: '短縮営業',
    });

    const removed = await ok(REMOVE_SPECIAL, { storeId, date: d2 });
    expect(removed.specialDays.map((d) => d.date)).toEqual([d1]);
    expect((await ok(REMOVE_SPECIAL, { storeId, date: d2 })).specialDays.map((d) => d.date)).toEqual([d1]);
  });

  it.each([
    ['a date that is not on the calendar', { date: '2026-02-30', closed: true }, 'date'],
    ['a date in another format', { date: '2026/12/31', closed: true }, 'date'],
    [
      'a closed day with intervals',
      { date: '2026-12-31', closed: true, intervals: [iv('10:00', '12:00')] },
      'intervals',
    ],
    ['an open day without intervals', { date: '2026-12-31', closed: false }, 'intervals'],
    [
      'overlapping intervals',
      { date: '2026-12-31', closed: false, intervals: [iv('10:00', '12:00'), iv('11:00', '13:00')] },
      'intervals',
    ],
    ['a note of 101 characters', { date: '2026-12-31', closed: true, note: 'あ'.repeat(101) }, 'note'],
  ])('refuses %s with BAD_USER_INPUT, changing nothing', async (_, variables, path) => {
    const storeId = await createStore(service, businessAccountId);
    const result = await gql(SET_SPECIAL, { storeId, ...variables }, tokens.owner);
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((failure(result)!.errors as { path: string }[]).map((e) => e.path)).toContain(path);
    const all = await gql(INFO, { storeId, ahead: 366 });
    expect((all.data!.storeBusinessInfo as View).specialDays).toEqual([]);
  });

  it('refuses removing with a malformed date', async () => {
    const storeId = await createStore(service, businessAccountId);
    expect(failure(await gql(REMOVE_SPECIAL, { storeId, date: 'tomorrow' }, tokens.owner))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
  });
});

describe('time zone', () => {
  it('sets an IANA zone that the store shows, and refuses anything else', async () => {
    const storeId = await createStore(service, businessAccountId);
    expect((await ok(SET_ZONE, { storeId, timeZone: 'America/New_York' })).timeZone).toBe('America/New_York');
    const store = await gql('query($id: ID!) { publicStore(storeId: $id) { timeZone } }', { id: storeId });
    expect(store.data).toEqual({ publicStore: { timeZone: 'America/New_York' } });
    for (const timeZone of ['Mars/Olympus', '+09:00', '']) {
      const result = await gql(SET_ZONE, { storeId, timeZone }, tokens.owner);
      expect(failure(result), timeZone).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'timeZone' }] });
    }
    expect((await ok(READ, { storeId })).timeZone).toBe('America/New_York');
  });
});

describe('who may manage hours', () => {
  const attempts = (storeId: string) =>
    [
      [READ, { storeId }],
      [SET_WEEKLY, { storeId, weekday: 2, intervals: [iv('09:00', '10:00')] }],
      [SET_SPECIAL, { storeId, date: '2026-12-31', closed: true }],
      [REMOVE_SPECIAL, { storeId, date: '2026-12-31' }],
      [SET_ZONE, { storeId, timeZone: 'UTC' }],
    ] as const;

  it("answers another business's store as not found and changes nothing", async () => {
    const storeId = await createStore(service, businessAccountId, false);
    for (const [query, variables] of attempts(storeId)) {
      expect(failure(await gql(query, variables, tokens.other)), query).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'store_not_found',
      });
    }
    const view = await ok(READ, { storeId });
    expect(view.timeZone).toBe('Asia/Tokyo');
    expect(view.regularHours[1]!.intervals).toEqual([]);
    expect(view.specialDays).toEqual([]);
  });

  it('answers unknown and malformed store ids as not found', async () => {
    for (const storeId of [randomUUID(), 'not-a-uuid']) {
      for (const [query, variables] of attempts(storeId)) {
        expect(failure(await gql(query, variables, tokens.owner)), query).toMatchObject({ reason: 'store_not_found' });
      }
    }
  });

  it('lets the operator manage any store', async () => {
    const storeId = await createStore(service, businessAccountId, false);
    const view = await ok(SET_WEEKLY, { storeId, weekday: 7, intervals: [iv('10:00', '16:00')] }, TEST_OPERATOR_TOKEN);
    expect(view.regularHours[6]!.intervals).toEqual([iv('10:00', '16:00')]);
  });

  it('refuses writes to a token with only the read scope, and every call to a user token', async () => {
    const storeId = await createStore(service, businessAccountId);
    expect(failure(await gql(SET_WEEKLY, { storeId, weekday: 2, intervals: [] }, tokens.reader))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'store.business-hours.write',
    });
    expect(failure(await gql(READ, { storeId }, tokens.user))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('storeBusinessInfo (public)', () => {
  async function info(storeId: string, ahead?: number) {
    const result = await gql(INFO, { storeId, ...(ahead === undefined ? {} : { ahead }) });
    expect(result.errors).toBeUndefined();
    return result.data!.storeBusinessInfo as View & { openNow: boolean; nextChange: string | null; asOf: string };
  }

  it('answers regular hours, the special days of the window and open-now, for anyone', async () => {
    const storeId = await createStore(service, businessAccountId);
    for (const weekday of [1, 2, 3, 4, 5, 6, 7])
      await ok(SET_WEEKLY, { storeId, weekday, intervals: [iv('00:00', '24:00')] });
    const before = Date.now();
    const open = await info(storeId);
    expect(open).toMatchObject({ storeId, timeZone: 'Asia/Tokyo', openNow: true, nextChange: null, specialDays: [] });
    expect(open.regularHours).toHaveLength(7);
    expect(Date.parse(open.asOf)).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(Date.parse(open.asOf) % 60_000).toBe(0);

    const days = [0, 2, 29, 30].map((n) => addDays(today(), n));
    for (const date of days.slice(1)) await ok(SET_SPECIAL, { storeId, date, closed: true });
    // Today closed: the whole-day intervals of yesterday end at midnight, so the store opens tomorrow at 00:00.
    await ok(SET_SPECIAL, { storeId, date: days[0], closed: true, note: '棚卸し' });
    const closed = await info(storeId);
    expect(closed.openNow).toBe(false);
    expect(closed.nextChange).toBe(new Date(zonedInstant(addDays(days[0]!, 1), 0, 'Asia/Tokyo')).toISOString());
    expect(closed.specialDays.map((d) => d.date)).toEqual(days.slice(0, 3));
    expect(closed.specialDays[0]).toEqual({ date: days[0], closed: true, intervals: [], note: '棚卸し' });
    expect((await info(storeId, 3)).specialDays.map((d) => d.date)).toEqual(days.slice(0, 2));
    expect((await info(storeId, 1)).specialDays.map((d) => d.date)).toEqual(days.slice(0, 1));
    expect((await info(storeId, 0)).specialDays).toEqual([]);
    expect((await info(storeId, 366)).specialDays.map((d) => d.date)).toEqual(days);
  });

  it('is closed with no change in sight for a store without hours', async () => {
    const storeId = await createStore(service, businessAccountId);
    expect(await info(storeId)).toMatchObject({ openNow: false, nextChange: null });
  });

  it.each([-1, 367])('refuses specialDaysAhead %i with BAD_USER_INPUT', async (ahead) => {
    const storeId = await createStore(service, businessAccountId);
    expect(failure(await gql(INFO, { storeId, ahead }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'specialDaysAhead' }],
    });
  });

  it('answers a store that is not public, an unknown and a malformed id as store_not_found', async () => {
    const unlisted = await createStore(service, businessAccountId, false);
    for (const storeId of [unlisted, randomUUID(), 'x']) {
      expect(failure(await gql(INFO, { storeId })), storeId).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'store_not_found',
      });
    }
    // Not even its own business sees it through the public query.
    expect(failure(await gql(INFO, { storeId: unlisted }, tokens.owner))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
