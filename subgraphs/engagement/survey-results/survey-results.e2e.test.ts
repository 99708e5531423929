/**
 * Survey results through GraphQL with real business tokens: exact counts per question for a campaign
 * of every kind (zero-count choices and points included, an optional question left unanswered), the
 * mean, a time range, and who may read them (another business's campaign is not found). Respondents
 * stay anonymous.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { business, consumer, failure, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { CAMPAIGN_SCOPES, createSurveyCampaign, respondAt } from '../../../test/fixtures/surveys.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let campaignId: string;

/** Four responses to ALL_KINDS over four days of March 2026 (the third skips the optional questions). */
const RESPONSES = [
  {
    at: '2026-03-01T10:00:00.000Z',
    answers: [
      { questionId: 'visit', choices: ['weekly'] },
      { questionId: 'likes', choices: ['coffee', 'tea'] },
      { questionId: 'score', rating: 4 },
      { questionId: 'note', text: 'lovely' },
    ],
  },
  {
    at: '2026-03-02T10:00:00.000Z',
    answers: [
      { questionId: 'visit', choices: ['daily'] },
      { questionId: 'likes', choices: ['coffee'] },
      { questionId: 'score', rating: 5 },
      { questionId: 'note', text: 'great' },
    ],
  },
  {
    at: '2026-03-03T10:00:00.000Z',
    answers: [
      { questionId: 'visit', choices: ['weekly'] },
      { questionId: 'score', rating: 2 },
    ],
  },
  {
    at: '2026-03-04T10:00:00.000Z',
    answers: [
      { questionId: 'visit', choices: ['weekly'] },
      { questionId: 'likes', choices: ['tea'] },
      { questionId: 'score', rating: 4 },
      { questionId: 'note', text: 'ok' },
    ],
  },
];

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, [...CAMPAIGN_SCOPES, 'store.products.read']);
  [mine, theirs] = [await business(service, app, CAMPAIGN_SCOPES), await business(service, app, CAMPAIGN_SCOPES)];
  const campaign = await createSurveyCampaign(service, mine.token, { isAnonymous: true, onePerRespondent: false });
  campaignId = campaign.id;
  for (const response of RESPONSES) await respondAt(service, campaign.token, response.answers, response.at);
});

const RESULTS_QUERY = `query($c: ID!, $from: DateTimeISO, $to: DateTimeISO) {
  surveyResults(campaignId: $c, from: $from, to: $to) {
    campaignId responseCount firstSubmittedAt lastSubmittedAt
    questions { questionId kind prompt answerCount choices { choice count share } ratings { rating count } ratingMean }
  } }`;

const results = (token: string, c: string, range: { from?: string; to?: string } = {}) =>
  service.graphql<{ surveyResults: Record<string, unknown> }>(RESULTS_QUERY, { c, ...range }, token);

const choice = (name: string, count: number, share: number) => ({ choice: name, count, share });
const scale = (...counts: number[]) => counts.map((count, i) => ({ rating: i + 1, count }));
const otherKinds = { choices: null, ratings: null, ratingMean: null };

describe('surveyResults', () => {
  it('counts every question of every kind exactly, zero counts included', async () => {
    const answer = await results(mine.token, campaignId);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.surveyResults).toEqual({
      campaignId,
      responseCount: 4,
      firstSubmittedAt: '2026-03-01T10:00:00.000Z',
      lastSubmittedAt: '2026-03-04T10:00:00.000Z',
      questions: [
        {
          ...otherKinds,
          questionId: 'visit',
          kind: 'single_choice',
          prompt: 'How often?',
          answerCount: 4,
          choices: [choice('daily', 1, 0.25), choice('weekly', 3, 0.75), choice('rarely', 0, 0)],
        },
        {
          ...otherKinds,
          questionId: 'likes',
          kind: 'multiple_choice',
          prompt: 'What do you buy?',
          answerCount: 3,
          choices: [choice('coffee', 2, 2 / 3), choice('tea', 2, 2 / 3), choice('cake', 0, 0)],
        },
        {
          questionId: 'score',
          kind: 'rating',
          prompt: 'How was it?',
          answerCount: 4,
          choices: null,
          ratings: scale(0, 1, 0, 2, 1),
          ratingMean: 3.75,
        },
        { ...otherKinds, questionId: 'note', kind: 'free_text', prompt: 'Anything else?', answerCount: 3 },
      ],
    });
  });

  it('counts only responses from `from` (inclusive) to `to` (exclusive)', async () => {
    const answer = await results(mine.token, campaignId, {
      from: '2026-03-02T10:00:00.000Z',
      to: '2026-03-04T10:00:00.000Z',
    });
    const tally = answer.data!.surveyResults as { questions: Record<string, unknown>[] } & Record<string, unknown>;
    expect(tally).toMatchObject({
      responseCount: 2,
      firstSubmittedAt: '2026-03-02T10:00:00.000Z',
      lastSubmittedAt: '2026-03-03T10:00:00.000Z',
    });
    expect(tally.questions.map((q) => q.answerCount)).toEqual([2, 1, 2, 1]);
    expect(tally.questions[0]!.choices).toEqual([
      choice('daily', 1, 0.5),
      choice('weekly', 1, 0.5),
      choice('rarely', 0, 0),
    ]);
    expect(tally.questions[2]).toMatchObject({ ratings: scale(0, 1, 0, 0, 1), ratingMean: 3.5 });
    const onlyFrom = await results(mine.token, campaignId, { from: '2026-03-04T10:00:00.000Z' });
    expect(onlyFrom.data!.surveyResults).toMatchObject({ responseCount: 1 });
    const onlyTo = await results(mine.token, campaignId, { to: '2026-03-01T10:00:00.001Z' });
    expect(onlyTo.data!.surveyResults).toMatchObject({ responseCount: 1 });
  });

  it('answers an empty range with zeros and null mean and times', async () => {
    const answer = await results(mine.token, campaignId, { from: '2027-01-01T00:00:00.000Z' });
    const tally = answer.data!.surveyResults as { questions: Record<string, unknown>[] } & Record<string, unknown>;
    expect(tally).toMatchObject({ responseCount: 0, firstSubmittedAt: null, lastSubmittedAt: null });
    expect(tally.questions[0]!.choices).toEqual([
      choice('daily', 0, 0),
      choice('weekly', 0, 0),
      choice('rarely', 0, 0),
    ]);
    expect(tally.questions[2]).toMatchObject({ answerCount: 0, ratings: scale(0, 0, 0, 0, 0), ratingMean: null });
  });

  it('refuses a range whose from is not before its to, and a year PostgreSQL cannot hold', async () => {
    for (const range of [
      { from: '2026-03-02T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z' },
      { from: '2026-03-03T00:00:00.000Z', to: '2026-03-02T00:00:00.000Z' },
      { to: '0000-01-01T00:00:00.000Z' },
    ]) {
      expect(failure(await results(mine.token, campaignId, range))).toMatchObject({
        code: 'BAD_USER_INPUT',
        errors: [{ path: 'to' }],
      });
    }
  });
});

describe('who may read survey results', () => {
  it("answers another business's campaign, an unknown and a malformed id as not found", async () => {
    for (const [token, id] of [
      [theirs.token, campaignId],
      [mine.token, '01900000-0000-7000-8000-000000000000'],
      [mine.token, 'not-a-uuid'],
    ] as const) {
      expect(failure(await results(token, id))).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'survey_campaign_not_found',
      });
    }
  });

  it('refuses a business token without store.campaigns.read, and a user token', async () => {
    const writer = await business(service, app, ['store.campaigns.write']);
    expect(failure(await results(writer.token, campaignId))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'store.campaigns.read',
    });
    const hanako = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
    expect(failure(await results(hanako.token, campaignId))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets the operator read any campaign, and never shows a respondent', async () => {
    const answer = await results(TEST_OPERATOR_TOKEN, campaignId);
    expect(answer.data!.surveyResults).toMatchObject({ campaignId, responseCount: 4 });
    const types = await service.graphql<{ __type: { fields: { name: string }[] } }>(
      '{ __type(name: "SurveyTextAnswer") { fields { name } } }',
    );
    expect(types.data!.__type.fields.map((f) => f.name).sort()).toEqual(['responseId', 'submittedAt', 'text']);
  });
});
