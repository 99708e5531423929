/**
 * Analytics snapshots against raw rows: each Tokyo day's figures equal the rows written on that day,
 * with rows at 23:30 and 00:30 JST falling on two days; recomputing a day writes the same figures;
 * the job computes each closed day once and catches up missed ones within its window; today is
 * counted live and never stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsWorld, expectedFigures, type AnalyticsWorld } from '../../../test/fixtures/analytics.fixtures.js';
import { startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { sql } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { ANALYTICS_CATCH_UP_DAYS, computeClosedDays } from './analytics-snapshots.job.js';
import { storeDaySnapshots } from './snapshot-figures.js';
import { tokyoDay } from './tokyo-day.js';

const [D, D1] = ['2026-03-10', '2026-03-11'];
const LATE = `${D}T23:30:00+09:00`;
const EARLY = `${D1}T00:30:00+09:00`;
const FIGURES =
  'storeId day partial computedAt suppressed receiptsIssued receiptsClaimed receiptClaimers claimRate checkIns ' +
  'checkInUsers surveyResponses surveyRespondents couponViews couponUses flyerViews postViews';

let service: TestService;
let w: AnalyticsWorld;

const tx = <T>(work: (em: ReturnType<ReturnType<typeof rootEntityManager>['fork']>) => Promise<T>) =>
  rootEntityManager(service.orm).fork().transactional(work);
const runJob = (now: string) =>
  tx((em) => computeClosedDays({ em, now: new Date(now), signal: new AbortController().signal }));
const snapshots = (from: string, to: string, token = w.profilesToken) =>
  service.graphql<{ analyticsSnapshots: { nodes: Record<string, unknown>[] } }>(
    `query($s: ID!, $f: String!, $t: String!) { analyticsSnapshots(storeId: $s, from: $f, to: $t) { nodes { ${FIGURES} } } }`,
    { s: w.storeId, f: from, t: to },
    token,
  );
const stored = (storeId: string) =>
  sql<Record<string, unknown>>(
    service,
    `select to_char("day", 'YYYY-MM-DD') as "day", "receipts_issued", "receipts_claimed", "receipt_claimers", "check_ins",
      "check_in_users", "survey_responses", "survey_respondents", "coupon_views", "coupon_uses", "flyer_views", "post_views"
     from "analytics_snapshot" where "store_id" = ? order by "day"`,
    [storeId],
  );

beforeAll(async () => {
  service = await startOAuthService();
  w = await analyticsWorld(service);
  const [u0, u1, u2, u3, u4, u5] = w.users as [string, string, string, string, string, string];
  const [s1, s2, s3] = [await w.sale(LATE, 2), await w.sale(LATE), await w.sale(`${D}T00:00:00+09:00`, 1)];
  const s4 = await w.sale(EARLY, 1);
  await w.sale(`${D1}T23:59:59.999+09:00`, 3);
  await w.claim(s1, u0, `${D}T23:40:00+09:00`);
  await w.claim(s1, u1, `${D}T23:50:00+09:00`); // a second claim of s1: one receipt, two claimers
  await w.claim(s2, u2, `${D1}T00:10:00+09:00`); // claimed after D closed: not a claim of D
  await w.claim(s3, null, `${D}T23:45:00+09:00`); // anonymous: a claimed receipt, no claimer
  await w.claim(s4, u0, `${D1}T00:40:00+09:00`);
  for (const person of [u0, u1, u2, u3, u4]) await w.checkIn(person, LATE);
  await w.checkIn(u0, `${D}T23:35:00+09:00`);
  await w.checkIn(u5, EARLY);
  await w.survey(u0, LATE);
  await w.survey(null, LATE);
  await w.survey(u1, EARLY);
  for (let i = 0; i < 3; i++) await w.view('coupon', LATE);
  await w.view('coupon', EARLY);
  await w.view('post', `${D}T23:59:59.999+09:00`);
  await w.view('post', LATE);
  await w.view('flyer', `${D1}T00:00:00+09:00`);
});

describe('a closed day’s snapshot', () => {
  it('equals the rows written on that Tokyo day, 23:30 and 00:30 JST on two days', async () => {
    await tx((em) => storeDaySnapshots(em, D, new Date()));
    await tx((em) => storeDaySnapshots(em, D1, new Date()));
    const answer = await snapshots(D, D1);
    expect(answer.errors).toBeUndefined();
    const [d, d1] = answer.data!.analyticsSnapshots.nodes;
    const [want, want1] = [expectedFigures(w.written, D), expectedFigures(w.written, D1)];
    expect(want).not.toEqual(want1);
    expect(want.receiptsIssued).toBeGreaterThan(0);
    for (const [node, day, figures] of [
      [d, D, want],
      [d1, D1, want1],
    ] as const)
      expect(node).toMatchObject({
        ...figures,
        storeId: w.storeId,
        day,
        partial: false,
        suppressed: false,
        claimRate: figures.receiptsClaimed / figures.receiptsIssued,
      });
  });

  it('is written again with the same figures when recomputed (one row per store and day)', async () => {
    const ofD = async () => (await stored(w.storeId)).filter((row) => row.day === D);
    await tx((em) => storeDaySnapshots(em, D, new Date()));
    const before = await ofD();
    await tx((em) => storeDaySnapshots(em, D, new Date()));
    await tx((em) => storeDaySnapshots(em, D, new Date(), w.storeId));
    expect(await ofD()).toEqual(before);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ receipts_issued: expectedFigures(w.written, D).receiptsIssued });
  });
});

describe('the analytics-snapshots job', () => {
  it('computes each closed day once, catches up missed days within its window, and never stores today', async () => {
    const now = `2026-03-12T00:05:00+09:00`;
    const first = await runJob(now);
    expect(first).toHaveLength(ANALYTICS_CATCH_UP_DAYS);
    expect(first.at(-1)).toBe(D1);
    expect(first[0]).toBe('2026-03-05');
    expect(await runJob(now)).toEqual([]);
    expect(await runJob(`2026-03-12T23:59:00+09:00`)).toEqual([]);

    await sql(service, `delete from "analytics_closed_day" where "day" in ('2026-03-06', ?::date)`, [D]);
    await sql(service, `delete from "analytics_snapshot" where "day" = ?::date`, [D]);
    expect(await runJob(now)).toEqual(['2026-03-06', D]);
    const days = (await stored(w.storeId)).map((row) => row.day);
    expect(days).toContain(D);
    expect(days).not.toContain('2026-03-12');
    const [node] = (await snapshots(D, D)).data!.analyticsSnapshots.nodes;
    expect(node).toMatchObject(expectedFigures(w.written, D));

    // Days before the window stay as they are: a run three weeks on computes only its own seven.
    const late = await runJob('2026-04-01T09:00:00+09:00');
    expect(late).toEqual(Array.from({ length: 7 }, (_, i) => `2026-03-${String(25 + i).padStart(2, '0')}`));
  });
});

describe('analyticsToday', () => {
  it('counts today live (partial) and stores nothing', async () => {
    const now = new Date().toISOString();
    await w.checkIn(w.users[0]!, now);
    await w.view('coupon', now);
    await w.view('coupon', now);
    const answer = await service.graphql<{ analyticsToday: Record<string, unknown> }>(
      `query($s: ID!) { analyticsToday(storeId: $s) { ${FIGURES} } }`,
      { s: w.storeId },
      w.profilesToken,
    );
    expect(answer.errors).toBeUndefined();
    const today = tokyoDay(new Date(now));
    expect(answer.data!.analyticsToday).toMatchObject({
      ...expectedFigures(w.written, today),
      day: today,
      partial: true,
      receiptsIssued: 0,
      claimRate: null,
    });
    expect(answer.data!.analyticsToday).toMatchObject({ checkIns: 1, couponViews: 2 });
    expect((await stored(w.storeId)).map((row) => row.day)).not.toContain(today);
  });
});
