/**
 * Free-text answers of survey results, a page at a time through GraphQL: newest first across pages by
 * an exact keyset cursor (ties and microseconds included), refusing cursors and sizes it did not make,
 * and the counts of every question in one aggregate statement whatever the number of questions.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { business, countQueries, failure, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { CAMPAIGN_SCOPES, createSurveyCampaign } from '../../../test/fixtures/surveys.fixtures.js';
import { queriesDuring } from '../../../test/fixtures/query-log.js';
import type { TestService } from '../../../test/harness.js';

let service: TestService;
let owner: Business;
let campaignId: string;
/** Response ids, newest first (two share a time: the larger id comes first). */
let newestFirst: string[];

/** Stores a response of `answers` at `at` straight in the table (as submissions store it). */
async function insertResponse(campaign: string, answers: unknown[], at: string, id = randomUUID()): Promise<string> {
  await sql(
    service,
    `insert into "survey_response" ("id", "created_at", "updated_at", "campaign_id", "device_id", "answers", "submitted_at")
     values (?, now(), now(), ?, ?, ?::jsonb, ?::timestamptz)`,
    [id, campaign, `device-${id}`, JSON.stringify(answers), at],
  );
  return id;
}

beforeAll(async () => {
  service = await startOAuthService();
  owner = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
  const campaign = await createSurveyCampaign(service, owner.token, {
    questions: [
      { id: 'say', kind: 'free_text', prompt: 'Say' },
      { id: 'rate', kind: 'rating', prompt: 'Rate' },
    ],
  });
  campaignId = campaign.id;
  const text = (t: string) => [{ questionId: 'say', text: t }];
  const tie = '2026-04-02T00:00:00.000000Z';
  const ids = [
    await insertResponse(campaignId, text('one'), '2026-04-01T00:00:00.000001Z'),
    await insertResponse(campaignId, text('two'), '2026-04-01T00:00:00.000002Z'),
    await insertResponse(campaignId, text('three'), tie, '01900000-0000-7000-8000-00000000000a'),
    await insertResponse(campaignId, text('four'), tie, '01900000-0000-7000-8000-00000000000b'),
    await insertResponse(campaignId, text('five'), '2026-04-03T00:00:00.000000Z'),
  ];
  await insertResponse(campaignId, [{ questionId: 'rate', rating: 3 }], '2026-04-04T00:00:00.000000Z');
  newestFirst = ids.reverse();
});

const PAGE = `query($c: ID!, $first: Int, $after: String, $from: DateTimeISO) {
  surveyResults(campaignId: $c, from: $from) { questions { questionId textAnswers(first: $first, after: $after) {
    items { responseId text submittedAt } nextCursor } } } }`;
type Page = { items: { responseId: string; text: string; submittedAt: string }[]; nextCursor: string | null };

const page = (variables: Record<string, unknown>) =>
  service.graphql<{ surveyResults: { questions: { questionId: string; textAnswers: Page | null }[] } }>(
    PAGE,
    { c: campaignId, ...variables },
    owner.token,
  );

describe('textAnswers', () => {
  it('pages newest first across three pages with its cursors, and is null for other kinds', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await page({ first: 2, after });
      expect(answer.errors).toBeUndefined();
      const [say, rate] = answer.data!.surveyResults.questions;
      expect(rate!.textAnswers).toBeNull();
      seen.push(...say!.textAnswers!.items.map((item) => item.responseId));
      sizes.push(say!.textAnswers!.items.length);
      after = say!.textAnswers!.nextCursor;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(after).toBeNull();
    expect(seen).toEqual(newestFirst);
    const first = (await page({})).data!.surveyResults.questions[0]!.textAnswers!;
    expect(first.items[0]).toEqual({
      responseId: newestFirst[0],
      text: 'five',
      submittedAt: '2026-04-03T00:00:00.000Z',
    });
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).toBeNull();
  });

  it('keeps the range of its results', async () => {
    const answer = await page({ from: '2026-04-02T00:00:00.000Z' });
    expect(answer.data!.surveyResults.questions[0]!.textAnswers!.items.map((i) => i.text)).toEqual([
      'five',
      'four',
      'three',
    ]);
  });

  it('refuses a cursor it did not make, and a page size outside 1 to 200', async () => {
    const forged = Buffer.from(JSON.stringify(['2026-04-01', 'x'])).toString('base64url');
    for (const after of ['not a cursor', forged]) {
      expect(failure(await page({ first: 2, after }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        errors: [{ path: 'after' }],
      });
    }
    for (const first of [0, 201]) {
      expect(failure(await page({ first }))).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'first' }] });
    }
    expect((await page({ first: 200 })).errors).toBeUndefined();
  });
});

describe('the statements behind survey results', () => {
  /** A campaign of `n` questions of each kind, with a response answering all of them. */
  async function campaignOf(n: number): Promise<string> {
    const questions = Array.from({ length: n }, (_, i) => [
      { id: `c${i}`, kind: 'multiple_choice', prompt: 'Pick', choices: ['a', 'b'] },
      { id: `r${i}`, kind: 'rating', prompt: 'Rate' },
      { id: `t${i}`, kind: 'free_text', prompt: 'Say' },
    ]).flat();
    const campaign = await createSurveyCampaign(service, owner.token, { questions });
    const answers = Array.from({ length: n }, (_, i) => [
      { questionId: `c${i}`, choices: ['a'] },
      { questionId: `r${i}`, rating: 2 },
      { questionId: `t${i}`, text: 'hi' },
    ]).flat();
    await insertResponse(campaign.id, answers, '2026-04-01T00:00:00Z');
    return campaign.id;
  }
  const run = (c: string) =>
    service.graphql<{ surveyResults: { questions: { answerCount: number }[] } }>(
      `query($c: ID!) { surveyResults(campaignId: $c) { questions { answerCount choices { count } ratings { count }
        textAnswers(first: 5) { items { text } } } } }`,
      { c },
      owner.token,
    );

  it('counts all questions in one aggregate statement and all text pages in one more, whatever the count', async () => {
    const [small, large] = [await campaignOf(1), await campaignOf(16)];
    const { result, queries } = await queriesDuring(service.orm, () => run(large));
    expect(result.errors).toBeUndefined();
    expect(result.data!.surveyResults.questions.map((q) => q.answerCount)).toEqual(Array(48).fill(1));
    expect(queries.filter((q) => q.includes('as "tally"'))).toHaveLength(1);
    expect(queries.filter((q) => q.includes('jsonb_to_recordset'))).toHaveLength(1);
    expect(await countQueries(service, () => run(small))).toBe(queries.length);
  });
});
