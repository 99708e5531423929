/**
 * Concurrent duplicate survey submissions through the facade on PostgreSQL, released together
 * (test/race.ts): 50 submissions of one user, and 50 of one device on an anonymous campaign, record
 * exactly one response and one survey.submitted event; every other answer is already_submitted.
 * Skipped, with the reason printed, on the embedded database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { business, consumer, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { CAMPAIGN_SCOPES, createSurveyCampaign, GOOD_ANSWERS } from '../../../test/fixtures/surveys.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';

const CONTENDERS = 50;
/** Contenders that can hold a database connection at once (the service's pool of 10, less headroom). */
const WAITERS = 8;

let service: TestService;
let owner: Business;

const postgres = hasPostgres('survey submission races');

beforeAll(async () => {
  if (!postgres) return;
  service = await startOAuthService();
  owner = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
});

async function submit(body: unknown, bearer?: string): Promise<string> {
  const answer = await service.rest('POST', '/api/v1/surveys/responses', bearer, body);
  return `${answer.status} ${String(answer.body.status)}`;
}

async function race(campaign: { id: string; token: string }, bearer?: string, deviceId?: string) {
  const body = { token: campaign.token, answers: GOOD_ANSWERS, ...(deviceId ? { deviceId } : {}) };
  const released = await releasedTogether(
    service.env.databaseUrl!,
    'survey_response',
    Array.from({ length: CONTENDERS }, () => () => submit(body, bearer)),
    { waiters: WAITERS },
  );
  expect(released.waiting).toBeGreaterThanOrEqual(WAITERS);
  const count = async (query: string) => (await sql<{ n: number }>(service, query, [campaign.id]))[0]?.n;
  return {
    answers: valuesOf(released),
    responses: await count('select count(*)::int as n from "survey_response" where "campaign_id" = ?'),
    events: await count(
      `select count(*)::int as n from "outbox_event" where "type" = 'survey.submitted' and "payload"->>'campaignId' = ?`,
    ),
  };
}

function expectOnce(result: Awaited<ReturnType<typeof race>>): void {
  expect(result.answers.filter((a) => a === '200 recorded')).toHaveLength(1);
  expect(result.answers.filter((a) => a === '200 already_submitted')).toHaveLength(CONTENDERS - 1);
  expect({ responses: result.responses, events: result.events }).toEqual({ responses: 1, events: 1 });
}

describe.skipIf(!postgres)('concurrent duplicate survey submissions', () => {
  it('of one user record exactly once, with one survey.submitted event', async () => {
    const campaign = await createSurveyCampaign(service, owner.token);
    const app = await registerApp(service, ['user.profile.read']);
    const hanako = await consumer(service, app, ['user.profile.read']);
    expectOnce(await race(campaign, hanako.token));
  });

  it('of one device on an anonymous campaign record exactly once, with one survey.submitted event', async () => {
    const campaign = await createSurveyCampaign(service, owner.token, { isAnonymous: true });
    expectOnce(await race(campaign, undefined, 'race-device-0001'));
  });
});
