/**
 * Survey responses through GraphQL: a user's answers are validated against the questions and recorded
 * once with survey.submitted in the outbox; anonymous callers need an anonymous campaign and a device
 * id; refusals record nothing; mySurveyResponses lists newest first with campaign names in a constant
 * number of queries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import {
  business,
  consumer,
  countQueries,
  failure,
  sql,
  type Business,
} from '../../../test/fixtures/stores.fixtures.js';
import {
  ALL_KINDS,
  CAMPAIGN_SCOPES,
  createSurveyCampaign,
  GOOD_ANSWERS,
  submitSurvey,
} from '../../../test/fixtures/surveys.fixtures.js';
import type { TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let owner: Business;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, ['user.profile.read']);
  owner = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
});

const responses = (campaignId: string) =>
  sql<{ user_id: string | null; device_id: string | null; answers: unknown }>(
    service,
    'select "user_id", "device_id", "answers" from "survey_response" where "campaign_id" = ?',
    [campaignId],
  );
const events = (campaignId: string) =>
  sql<{ type: string; business_account_id: string; payload: Record<string, unknown> }>(
    service,
    `select "type", "business_account_id", "payload" from "outbox_event" where "payload"->>'campaignId' = ?`,
    [campaignId],
  );
const user = () => consumer(service, app, ['user.profile.read']);

describe('submitting a survey', () => {
  it('records a user’s answers in question order with its userId, and survey.submitted in the outbox', async () => {
    const campaign = await createSurveyCampaign(service, owner.token);
    const hanako = await user();
    const result = await submitSurvey(service, campaign.token, [...GOOD_ANSWERS].reverse(), { bearer: hanako.token });
    expect(result.data!.submitSurveyResponse).toMatchObject({ status: 'recorded', problems: [] });
    const answers = [
      { questionId: 'visit', choices: ['weekly'] },
      { questionId: 'likes', choices: ['coffee', 'tea'] },
      { questionId: 'score', rating: 4 },
      { questionId: 'note', text: 'lovely' },
    ];
    expect(await responses(campaign.id)).toEqual([{ user_id: hanako.userId, device_id: null, answers }]);
    expect(await events(campaign.id)).toEqual([
      {
        type: 'survey.submitted',
        business_account_id: owner.businessAccountId,
        payload: expect.objectContaining({
          responseId: result.data!.submitSurveyResponse.responseId,
          userId: hanako.userId,
          anonymous: false,
          answers,
        }) as unknown,
      },
    ]);
    const again = await submitSurvey(service, campaign.token, GOOD_ANSWERS, { bearer: hanako.token });
    expect(again.data!.submitSurveyResponse).toEqual({ status: 'already_submitted', responseId: null, problems: [] });
    expect(await events(campaign.id)).toHaveLength(1);
  });

  it('names each refused answer and why, and records nothing', async () => {
    const campaign = await createSurveyCampaign(service, owner.token);
    const result = await submitSurvey(
      service,
      campaign.token,
      [
        { questionId: 'visit', choices: ['weekly', 'daily'] },
        { questionId: 'likes', choices: ['coffee', 'tea', 'cake'] },
        { questionId: 'note', text: 'x'.repeat(21) },
        { questionId: 'nope', text: 'x' },
        { questionId: 'note', rating: 1 },
      ],
      { bearer: (await user()).token },
    );
    expect(result.data!.submitSurveyResponse).toEqual({
      status: 'invalid_answers',
      responseId: null,
      problems: [
        { questionId: 'visit', reason: 'too_many_selections' },
        { questionId: 'likes', reason: 'too_many_selections' },
        { questionId: 'note', reason: 'too_long' },
        { questionId: 'nope', reason: 'unknown_question' },
        { questionId: 'note', reason: 'duplicate_answer' },
        { questionId: 'score', reason: 'required' },
      ],
    });
    const kinds = await submitSurvey(
      service,
      campaign.token,
      [
        { questionId: 'visit', choices: ['never'] },
        { questionId: 'likes', choices: [] },
        { questionId: 'score', rating: 6 },
        { questionId: 'note', choices: ['x'] },
      ],
      { bearer: (await user()).token },
    );
    expect(kinds.data!.submitSurveyResponse.problems).toEqual([
      { questionId: 'visit', reason: 'unknown_choice' },
      { questionId: 'likes', reason: 'too_few_selections' },
      { questionId: 'score', reason: 'out_of_scale' },
      { questionId: 'note', reason: 'wrong_kind' },
    ]);
    expect(await responses(campaign.id)).toEqual([]);
    expect(await events(campaign.id)).toEqual([]);
  });

  it('lets a user answer again when the campaign allows several responses', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { onePerRespondent: false });
    const taro = await user();
    for (let i = 0; i < 2; i++) {
      const result = await submitSurvey(service, campaign.token, GOOD_ANSWERS, { bearer: taro.token });
      expect(result.data!.submitSurveyResponse.status).toBe('recorded');
    }
    expect(await responses(campaign.id)).toHaveLength(2);
  });

  it('refuses a business token and an empty list of answers', async () => {
    const campaign = await createSurveyCampaign(service, owner.token);
    expect(failure(await submitSurvey(service, campaign.token, GOOD_ANSWERS, { bearer: owner.token }))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'user_token_required',
    });
    expect(failure(await submitSurvey(service, campaign.token, []))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'answers' }],
    });
  });
});

describe('mySurveyResponses', () => {
  const mine = (token: string, limit?: number) =>
    service.graphql<{ mySurveyResponses: { id: string; submittedAt: string; campaign: { name: string } }[] }>(
      'query($l: Int) { mySurveyResponses(limit: $l) { id submittedAt answers { questionId } campaign { name } } }',
      { l: limit ?? null },
      token,
    );

  it('lists newest first with campaign names, in the same number of queries for one or five', async () => {
    const [one, five] = [await user(), await user()];
    const names = ['A', 'B', 'C', 'D', 'E'];
    for (const name of names) {
      const campaign = await createSurveyCampaign(service, owner.token, { name, questions: [ALL_KINDS[2]] });
      await submitSurvey(service, campaign.token, [{ questionId: 'score', rating: 3 }], { bearer: five.token });
      if (name === 'A')
        await submitSurvey(service, campaign.token, [{ questionId: 'score', rating: 3 }], { bearer: one.token });
    }
    let answer = await mine(five.token);
    const forOne = await countQueries(service, () => mine(one.token));
    const forFive = await countQueries(service, async () => (answer = await mine(five.token)));
    expect(answer.data!.mySurveyResponses.map((r) => r.campaign.name)).toEqual([...names].reverse());
    expect(forFive).toBe(forOne);
    expect((await mine(five.token, 2)).data!.mySurveyResponses).toHaveLength(2);
    expect(failure(await mine(five.token, 0))).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'limit' }] });
  });
});
