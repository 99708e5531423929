/**
 * The survey rows through the facade, every answer checked against the OpenAPI document (the fetch
 * contract): previews with every status, submissions with every status value and HTTP status, the
 * anonymous rules (anonymous + IsAnonymous records with the deviceId; anonymous + not anonymous is
 * auth_required and records nothing), and the signed-in user's list with its limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_SUBMIT_STATUSES } from '../../subgraphs/engagement/survey-response/survey-statuses.js';
import { registerApp, startOAuthService, type App } from '../../test/fixtures/oauth.fixtures.js';
import { business, consumer, sql, type Business } from '../../test/fixtures/stores.fixtures.js';
import { CAMPAIGN_SCOPES, createSurveyCampaign, GOOD_ANSWERS } from '../../test/fixtures/surveys.fixtures.js';
import type { TestService } from '../../test/harness.js';
import { PREVIEW_STATUSES } from './surveys.schemas.js';

let service: TestService;
let app: App;
let owner: Business;

/** Anonymous submissions a client address may make per campaign in this file's service. */
const ANONYMOUS_LIMIT = 5;

beforeAll(async () => {
  service = await startOAuthService({ RATE_LIMIT_ANONYMOUS_SURVEY: String(ANONYMOUS_LIMIT) });
  app = await registerApp(service, ['user.profile.read']);
  owner = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
});

const DEVICE = 'device-0123456789';
const seen = { preview: new Set<string>(), submit: new Set<string>() };
const preview = async (token: string) => {
  const answer = await service.rest('GET', `/api/v1/surveys/campaign/${encodeURIComponent(token)}`);
  seen.preview.add(String(answer.body.status));
  return answer;
};
const submit = async (body: unknown, bearer?: string) => {
  const answer = await service.rest('POST', '/api/v1/surveys/responses', bearer, body);
  if (answer.status === 200) seen.submit.add(String(answer.body.status));
  return answer;
};
const mine = (bearer?: string, query = '') => service.rest('GET', `/api/v1/surveys/me${query}`, bearer);
const user = () => consumer(service, app, ['user.profile.read']);
const rows = (campaignId: string) =>
  sql<{ user_id: string | null; device_id: string | null }>(
    service,
    'select "user_id", "device_id" from "survey_response" where "campaign_id" = ?',
    [campaignId],
  );
const HOUR = 3600 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('GET /api/v1/surveys/campaign/{token}', () => {
  afterAll(() => {
    expect([...seen.preview].sort()).toEqual([...PREVIEW_STATUSES].sort());
  });

  it('answers the campaign with its questions inlined, status open', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { description: 'Tell us', isAnonymous: true });
    const answer = await preview(campaign.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'open',
      token: campaign.token,
      name: 'Survey',
      description: 'Tell us',
      storeId: null,
      isAnonymous: true,
      questions: campaign.questions,
    });
  });

  it('answers inactive, not_started and ended campaigns with their status, and unknown_token on a miss', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['inactive', { isActive: false }],
      ['not_started', { startsAt: at(HOUR) }],
      ['ended', { startsAt: at(-2 * HOUR), endsAt: at(-HOUR) }],
    ];
    for (const [status, input] of cases) {
      const campaign = await createSurveyCampaign(service, owner.token, input);
      expect((await preview(campaign.token)).body, status).toMatchObject({ status, token: campaign.token });
    }
    const miss = await preview('no-such-survey');
    expect(miss.status).toBe(200);
    expect(miss.body).toEqual({ status: 'unknown_token' });
  });
});

describe('POST /api/v1/surveys/responses', () => {
  it('records a user’s answers with its userId, then already_submitted', async () => {
    const campaign = await createSurveyCampaign(service, owner.token);
    const hanako = await user();
    const first = await submit({ token: campaign.token, answers: GOOD_ANSWERS }, hanako.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'recorded', responseId: expect.any(String), problems: [] });
    const again = await submit({ token: campaign.token, answers: GOOD_ANSWERS }, hanako.token);
    expect(again.body).toEqual({ status: 'already_submitted', responseId: null, problems: [] });
    expect(await rows(campaign.id)).toEqual([{ user_id: hanako.userId, device_id: null }]);
  });

  it('records an anonymous answer with the deviceId on an IsAnonymous campaign, once per device', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { isAnonymous: true });
    const first = await submit({ token: campaign.token, deviceId: DEVICE, answers: GOOD_ANSWERS });
    expect(first.body).toMatchObject({ status: 'recorded' });
    expect((await submit({ token: campaign.token, deviceId: DEVICE, answers: GOOD_ANSWERS })).body).toMatchObject({
      status: 'already_submitted',
    });
    expect(await rows(campaign.id)).toEqual([{ user_id: null, device_id: DEVICE }]);
    const noDevice = await submit({ token: campaign.token, answers: GOOD_ANSWERS });
    expect(noDevice.body).toMatchObject({ status: 'auth_required' });
    const badDevice = await submit({ token: campaign.token, deviceId: 'short', answers: GOOD_ANSWERS });
    expect(badDevice.body).toMatchObject({ status: 'invalid_device_id' });
    expect(await rows(campaign.id)).toHaveLength(1);
  });

  it('limits anonymous submissions per client address and campaign whatever the deviceId: 429, and a user still answers', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { isAnonymous: true });
    for (let i = 0; i < ANONYMOUS_LIMIT; i++) {
      const answer = await submit({ token: campaign.token, deviceId: `${DEVICE}-${i}`, answers: GOOD_ANSWERS });
      expect(answer.body).toMatchObject({ status: 'recorded' });
      expect(answer.response.headers.get('ratelimit-policy')).toBe(`"anonymous-survey";q=${ANONYMOUS_LIMIT};w=3600`);
      expect(answer.response.headers.get('ratelimit')).toMatch(
        new RegExp(`^"anonymous-survey";r=${ANONYMOUS_LIMIT - 1 - i};t=\\d+$`),
      );
    }
    const refused = await submit({ token: campaign.token, deviceId: `${DEVICE}-x`, answers: GOOD_ANSWERS });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.response.headers.get('ratelimit')).toMatch(/^"anonymous-survey";r=0;t=\d+$/);
    expect(await rows(campaign.id)).toHaveLength(ANONYMOUS_LIMIT);
    // A signed-in user is not limited by the rule, and another campaign has a counter of its own.
    const signedIn = await submit({ token: campaign.token, answers: GOOD_ANSWERS }, (await user()).token);
    expect(signedIn.body).toMatchObject({ status: 'recorded' });
    expect(signedIn.response.headers.get('ratelimit-policy')).toBeNull();
    const other = await createSurveyCampaign(service, owner.token, { isAnonymous: true });
    expect((await submit({ token: other.token, deviceId: DEVICE, answers: GOOD_ANSWERS })).body).toMatchObject({
      status: 'recorded',
    });
  });

  it('answers auth_required to an anonymous caller on a campaign that is not IsAnonymous, and records nothing', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { isAnonymous: false });
    const answer = await submit({ token: campaign.token, deviceId: DEVICE, answers: GOOD_ANSWERS });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'auth_required', responseId: null, problems: [] });
    expect(await rows(campaign.id)).toEqual([]);
  });

  it('answers unknown_token, inactive, not_started, ended and invalid_answers, recording nothing', async () => {
    const token = (await user()).token;
    expect((await submit({ token: 'no-such-survey', answers: GOOD_ANSWERS }, token)).body.status).toBe('unknown_token');
    const windows: [string, Record<string, unknown>][] = [
      ['inactive', { isActive: false }],
      ['not_started', { startsAt: at(HOUR) }],
      ['ended', { endsAt: at(-HOUR), startsAt: at(-2 * HOUR) }],
    ];
    for (const [status, input] of windows) {
      const campaign = await createSurveyCampaign(service, owner.token, input);
      expect((await submit({ token: campaign.token, answers: GOOD_ANSWERS }, token)).body.status, status).toBe(status);
      expect(await rows(campaign.id)).toEqual([]);
    }
    const campaign = await createSurveyCampaign(service, owner.token);
    const invalid = await submit({ token: campaign.token, answers: [{ questionId: 'score', rating: 9 }] }, token);
    expect(invalid.body).toEqual({
      status: 'invalid_answers',
      responseId: null,
      problems: [
        { questionId: 'score', reason: 'out_of_scale' },
        { questionId: 'visit', reason: 'required' },
      ],
    });
    expect(await rows(campaign.id)).toEqual([]);
  });

  it('answers 400 for a missing token or no answers, 401 for an invalid bearer token, 403 for a business token', async () => {
    const campaign = await createSurveyCampaign(service, owner.token);
    for (const body of [{ answers: GOOD_ANSWERS }, { token: '', answers: GOOD_ANSWERS }, { token: campaign.token }]) {
      const answer = await submit(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    }
    const empty = await submit({ token: campaign.token, answers: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ path: '/answers' })]);
    expect((await submit({ token: campaign.token, answers: GOOD_ANSWERS }, 'not-a-token')).status).toBe(401);
    const byBusiness = await submit({ token: campaign.token, answers: GOOD_ANSWERS }, owner.token);
    expect(byBusiness.status).toBe(403);
    expect(byBusiness.body.code).toBe('user_token_required');
    expect(await rows(campaign.id)).toEqual([]);
  });

  it('checks the body against its schema first: unknown members ignored, wrong types by JSON pointer, no GraphQL wording', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { isAnonymous: true });
    const answers = GOOD_ANSWERS.map((answer) => ({ ...answer, choice: ['x'], hint: 1 }));
    const ignored = await submit({ token: campaign.token, deviceId: DEVICE, answers, x: 1 });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ status: 'recorded' });
    expect(JSON.stringify(ignored.body)).not.toMatch(/\$|Input"|GraphQL|Did you mean|Variable/);
    const wrong = [
      { questionId: 'visit', choices: 'yes' },
      { questionId: 'score', rating: 2 ** 40 },
    ];
    const mistyped = await submit({ token: campaign.token, deviceId: DEVICE, answers: wrong });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/answers/0/choices', message: 'must be an array or null' }],
    });
    // An int beyond GraphQL's Int passes the shape check; GraphQL's refusal is told in the body's terms.
    const huge = await submit({ token: campaign.token, deviceId: DEVICE, answers: [wrong[1]] });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '/answers/0/rating' }] });
    for (const answer of [mistyped, huge])
      expect(JSON.stringify(answer.body)).not.toMatch(/\$|SurveyAnswerInput|GraphQL|Did you mean|Variable|Int\b/);
    expect(await rows(campaign.id)).toHaveLength(1);
  });

  // Tests run shuffled: once all have run, every status value of the enum must have been answered.
  afterAll(() => {
    expect([...seen.submit].sort()).toEqual([...SURVEY_SUBMIT_STATUSES].sort());
  });
});

describe('GET /api/v1/surveys/me', () => {
  it('lists the user’s responses newest first with campaign names; 401 without a token, 403 for a business', async () => {
    const taro = await user();
    for (const name of ['First', 'Second']) {
      const campaign = await createSurveyCampaign(service, owner.token, { name });
      await submit({ token: campaign.token, answers: GOOD_ANSWERS }, taro.token);
    }
    const answer = await mine(taro.token);
    expect(answer.status).toBe(200);
    const items = answer.body.items as Record<string, unknown>[];
    expect(items.map((i) => i.campaignName)).toEqual(['Second', 'First']);
    expect(items[0]).toMatchObject({
      answers: expect.arrayContaining([{ questionId: 'score', choices: null, rating: 4, text: null }]),
    });
    expect((await mine()).status).toBe(401);
    expect((await mine(owner.token)).status).toBe(403);
  });

  it('takes 50 by default, clamps above 200, and refuses a limit below 1', async () => {
    const jiro = await user();
    const campaign = await createSurveyCampaign(service, owner.token, { onePerRespondent: false });
    await sql(
      service,
      `insert into "survey_response" ("id", "created_at", "updated_at", "campaign_id", "user_id", "answers", "submitted_at")
       select gen_random_uuid(), now(), now(), ?, ?, '[]', now() - make_interval(secs => i) from generate_series(1, 201) i`,
      [campaign.id, jiro.userId],
    );
    const count = async (query: string) => ((await mine(jiro.token, query)).body.items as unknown[]).length;
    expect(await count('')).toBe(50);
    expect(await count('?limit=3')).toBe(3);
    expect(await count('?limit=1000')).toBe(200);
    const zero = await mine(jiro.token, '?limit=0');
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ path: 'limit' })]);
  });
});
