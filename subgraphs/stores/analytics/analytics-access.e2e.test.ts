/**
 * Who reads analytics and what they see: analytics.read of the store's own business (another
 * business's store is NOT_FOUND, a token without the scope FORBIDDEN); people-counting figures over
 * fewer than MIN_GROUP_SIZE people are null unless the caller holds crm.profiles.read (or is the
 * operator); bad ranges and pages are BAD_USER_INPUT naming the field; a page costs the same number of
 * queries however many days it holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsWorld, type AnalyticsWorld } from '../../../test/fixtures/analytics.fixtures.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { countQueries } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { MIN_GROUP_SIZE } from '../../kernel/privacy/min-group.js';
import { storeDaySnapshots } from './snapshot-figures.js';
import { addDays } from './tokyo-day.js';

const DAY = '2026-05-20';
const AT = `${DAY}T12:00:00+09:00`;
const PEOPLE = 'receiptsClaimed receiptClaimers claimRate checkIns checkInUsers surveyResponses surveyRespondents';

let service: TestService;
let w: AnalyticsWorld;

const compute = (day: string) =>
  rootEntityManager(service.orm)
    .fork()
    .transactional((em) => storeDaySnapshots(em, day, new Date(), w.storeId));
const page = (
  vars: Record<string, unknown>,
  token: string | undefined,
  fields = `suppressed receiptsIssued ${PEOPLE}`,
) =>
  service.graphql<{ analyticsSnapshots: { nodes: Record<string, unknown>[]; pageInfo: Record<string, unknown> } }>(
    `query($s: ID!, $f: String!, $t: String!, $first: Int, $after: String) {
      analyticsSnapshots(storeId: $s, from: $f, to: $t, first: $first, after: $after) {
        nodes { day ${fields} } pageInfo { hasNextPage endCursor } } }`,
    { s: w.storeId, f: DAY, t: DAY, ...vars },
    token,
  );
const today = (storeId: string, token: string | undefined) =>
  service.graphql(`query($s: ID!) { analyticsToday(storeId: $s) { day } }`, { s: storeId }, token);
const error = (answer: { errors?: { extensions?: Record<string, unknown> }[] }) => answer.errors?.[0]?.extensions;

beforeAll(async () => {
  service = await startOAuthService();
  w = await analyticsWorld(service, MIN_GROUP_SIZE);
  const people = w.users;
  // Check-ins by exactly MIN_GROUP_SIZE people (shown); claims and responses by one fewer (suppressed).
  for (const person of people) await w.checkIn(person, AT);
  for (const person of people.slice(1)) await w.claim(await w.sale(AT), person, AT);
  for (const person of people.slice(1)) await w.survey(person, AT);
  await w.view('coupon', AT);
  await compute(DAY);
});

describe('suppression of small groups', () => {
  it('hides each group of fewer than MIN_GROUP_SIZE people from analytics.read alone', async () => {
    const answer = await page({}, w.analyticsToken);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.analyticsSnapshots.nodes).toEqual([
      {
        day: DAY,
        suppressed: true,
        receiptsIssued: MIN_GROUP_SIZE - 1,
        receiptsClaimed: null,
        receiptClaimers: null,
        claimRate: null,
        checkIns: MIN_GROUP_SIZE,
        checkInUsers: MIN_GROUP_SIZE,
        surveyResponses: null,
        surveyRespondents: null,
      },
    ]);
  });

  it('shows every figure to crm.profiles.read and to the operator', async () => {
    for (const token of [w.profilesToken, TEST_OPERATOR_TOKEN]) {
      const [node] = (await page({}, token)).data!.analyticsSnapshots.nodes;
      expect(node).toMatchObject({
        suppressed: false,
        receiptsClaimed: MIN_GROUP_SIZE - 1,
        receiptClaimers: MIN_GROUP_SIZE - 1,
        claimRate: 1,
        surveyResponses: MIN_GROUP_SIZE - 1,
        surveyRespondents: MIN_GROUP_SIZE - 1,
      });
    }
  });
});

describe('access', () => {
  it('answers another business’s store as NOT_FOUND, and an unknown or malformed id alike', async () => {
    for (const storeId of [w.otherStoreId, '01900000-0000-7000-8000-00000000dead', 'nope']) {
      expect(error(await page({ s: storeId }, w.analyticsToken))).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'store_not_found',
      });
      expect(error(await today(storeId, w.analyticsToken))).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'store_not_found',
      });
    }
    expect(error(await page({}, w.otherToken))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await page({ s: w.otherStoreId }, w.otherToken)).data!.analyticsSnapshots.nodes).toEqual([]);
    expect((await today(w.otherStoreId, w.otherToken)).errors).toBeUndefined();
  });

  it('refuses a token without analytics.read and a caller without a token', async () => {
    expect(error(await page({}, w.salesToken))).toMatchObject({ code: 'FORBIDDEN' });
    expect(error(await today(w.storeId, w.salesToken))).toMatchObject({ code: 'FORBIDDEN' });
    expect(error(await page({}, undefined))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(error(await today(w.storeId, undefined))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('ranges and pages', () => {
  it('refuses malformed dates, from after to, more than 366 days and a bad page, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ f: '2026-02-30' }, 'from'],
      [{ t: 'tomorrow' }, 'to'],
      [{ f: '2026-05-21' }, 'from'],
      [{ f: '2025-05-19' }, 'to'],
      [{ first: 0 }, 'first'],
      [{ after: 'not-a-cursor' }, 'after'],
    ];
    for (const [vars, field] of cases) {
      const answer = await page(vars, w.analyticsToken);
      expect(error(answer)).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(JSON.stringify(error(answer))).toContain(`"${field}"`);
    }
    expect((await page({ f: '2025-05-20' }, w.analyticsToken)).errors).toBeUndefined();
  });

  it('pages by day with keyset cursors, at a constant number of queries', async () => {
    const days = Array.from({ length: 9 }, (_, i) => addDays(DAY, i + 1));
    for (const day of days) await compute(day);
    const range = { f: days[0], t: days.at(-1) };
    const first = await page({ ...range, first: 4 }, w.profilesToken, 'receiptsIssued');
    expect(first.data!.analyticsSnapshots.nodes.map((n) => n.day)).toEqual(days.slice(0, 4));
    const next = await page(
      { ...range, first: 4, after: first.data!.analyticsSnapshots.pageInfo.endCursor },
      w.profilesToken,
      'receiptsIssued',
    );
    expect(next.data!.analyticsSnapshots.nodes.map((n) => n.day)).toEqual(days.slice(4, 8));
    const small = await countQueries(service, () => page({ ...range, first: 1 }, w.profilesToken));
    const large = await countQueries(service, () => page({ ...range, first: 9 }, w.profilesToken));
    expect(large).toBe(small);
  });
});
