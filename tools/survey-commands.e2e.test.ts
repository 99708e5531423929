/**
 * survey-campaign:create end to end: the built `ops.js` against a one-process service. The token it
 * prints previews through the facade with the questions given, and an anonymous campaign takes a
 * device's answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let businessAccountId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  businessAccountId = await createBusiness(service, 'owner@cli-surveys.example');
});

describe('npm run ops -- survey-campaign:create', () => {
  it('creates a campaign of the questions given and prints {token, questions: [{id, kind}]}', async () => {
    const run = await runOps([
      'survey-campaign:create',
      '--business',
      businessAccountId,
      '--name',
      'ご来店アンケート',
      '--anonymous',
      '--question',
      'single:よく頼むものは？:コーヒー|紅茶|ケーキ',
      '--question',
      'multiple:Time: when do you come?:morning|noon|night',
      '--question',
      'rating:満足度は？',
      '--question',
      'text:ご意見をどうぞ',
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { token: string; questions: { id: string; kind: string }[] };
    expect(Object.keys(printed)).toEqual(['token', 'questions']);
    expect(printed.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(printed.questions).toEqual([
      { id: 'q1', kind: 'single_choice' },
      { id: 'q2', kind: 'multiple_choice' },
      { id: 'q3', kind: 'rating' },
      { id: 'q4', kind: 'free_text' },
    ]);

    const preview = await service.rest('GET', `/api/v1/surveys/campaign/${printed.token}`);
    expect(preview.body).toMatchObject({
      status: 'open',
      name: 'ご来店アンケート',
      isAnonymous: true,
      questions: [
        { prompt: 'よく頼むものは？', choices: ['コーヒー', '紅茶', 'ケーキ'] },
        { prompt: 'Time: when do you come?', choices: ['morning', 'noon', 'night'] },
        { prompt: '満足度は？', scaleMin: 1, scaleMax: 5 },
        { prompt: 'ご意見をどうぞ', maxLength: 1000 },
      ],
    });
    const submitted = await service.rest('POST', '/api/v1/surveys/responses', undefined, {
      token: printed.token,
      deviceId: 'cli-device-0001',
      answers: [{ questionId: 'q3', rating: 5 }],
    });
    expect(submitted.body).toMatchObject({ status: 'recorded' });
    const [row] = await sql<{ business_account_id: string }>(
      service,
      'select "business_account_id" from "survey_campaign" where "token" = ?',
      [printed.token],
    );
    expect(row?.business_account_id).toBe(businessAccountId);
  });

  it('refuses an unknown kind or a choice question without choices (400, exit 2) and a missing question', async () => {
    for (const question of ['essay:Why?', 'single:Pick one']) {
      const run = await runOps([
        'survey-campaign:create',
        '--business',
        businessAccountId,
        '--name',
        'S',
        '--question',
        question,
        ...connection,
      ]);
      expect(run.code, question).toBe(2);
      expect(JSON.parse(run.stderr)).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const none = await runOps([
      'survey-campaign:create',
      '--business',
      businessAccountId,
      '--name',
      'S',
      ...connection,
    ]);
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stderr)).toMatchObject({ status: 400 });
  });
});
