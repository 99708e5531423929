/**
 * Survey campaign management through GraphQL with real business tokens: a business creates, updates and
 * lists campaigns of its own (another business's stores and campaigns are not found), questions are
 * validated per kind with every problem named and nothing stored, and the operator may act on any
 * business and choose a token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, consumer, failure, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import {
  ALL_KINDS,
  CAMPAIGN_SCOPES,
  createSurveyCampaign,
  createSurveyCampaignCall,
  SURVEY_CAMPAIGN_FIELDS,
} from '../../../test/fixtures/surveys.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let myStore: string;
let theirStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, [...CAMPAIGN_SCOPES, 'store.products.read']);
  [mine, theirs] = [await business(service, app, CAMPAIGN_SCOPES), await business(service, app, CAMPAIGN_SCOPES)];
  myStore = await createStore(service, mine.businessAccountId);
  theirStore = await createStore(service, theirs.businessAccountId);
});

const update = (input: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, Record<string, unknown>>>(
    `mutation($input: UpdateSurveyCampaignInput!) { updateSurveyCampaign(input: $input) { ${SURVEY_CAMPAIGN_FIELDS} } }`,
    { input },
    token,
  );
const list = async (token: string, businessAccountId?: string) =>
  (
    await service.graphql<{ businessSurveyCampaigns: { id: string }[] }>(
      'query($b: ID) { businessSurveyCampaigns(businessAccountId: $b) { id } }',
      { b: businessAccountId ?? null },
      token,
    )
  ).data?.businessSurveyCampaigns.map((c) => c.id);
const count = async () => Number((await sql<{ n: string }>(service, 'select count(*) n from "survey_campaign"'))[0]!.n);

describe('a business managing its survey campaigns', () => {
  it('creates a campaign of every question kind with an unguessable token and the defaults filled', async () => {
    const campaign = await createSurveyCampaign(service, mine.token, { storeId: myStore, isAnonymous: true });
    expect(campaign.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(campaign).toMatchObject({
      isActive: true,
      isAnonymous: true,
      onePerRespondent: true,
      store: { id: myStore },
    });
    expect(campaign.questions).toEqual([
      { ...ALL_KINDS[0], minSelections: null, maxSelections: null, scaleMin: null, scaleMax: null, maxLength: null },
      { ...ALL_KINDS[1], required: false, minSelections: 1, scaleMin: null, scaleMax: null, maxLength: null },
      {
        ...ALL_KINDS[2],
        choices: null,
        minSelections: null,
        maxSelections: null,
        scaleMin: 1,
        scaleMax: 5,
        maxLength: null,
      },
      {
        ...ALL_KINDS[3],
        required: false,
        choices: null,
        minSelections: null,
        maxSelections: null,
        scaleMin: null,
        scaleMax: null,
      },
    ]);
    const other = await createSurveyCampaign(service, mine.token);
    expect(other.token).not.toBe(campaign.token);
    expect(other.store).toBeNull();
  });

  it('gives a free-text question 1000 characters by default and refuses more than 4000', async () => {
    const campaign = await createSurveyCampaign(service, mine.token, {
      questions: [{ kind: 'free_text', prompt: 'Say' }],
    });
    expect(campaign.questions).toMatchObject([{ id: 'q1', maxLength: 1000 }]);
    const before = await count();
    const result = await createSurveyCampaignCall(
      service,
      { name: 'S', questions: [{ kind: 'free_text', prompt: 'Say', maxLength: 4001 }] },
      mine.token,
    );
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'questions[0].maxLength' }] });
    expect(await count()).toBe(before);
  });

  it('names every invalid question field and stores nothing', async () => {
    const before = await count();
    const result = await createSurveyCampaignCall(
      service,
      {
        name: ' ',
        questions: [
          { id: 'a', kind: 'single_choice', prompt: 'One?', choices: ['only'] },
          {
            id: 'a',
            kind: 'multiple_choice',
            prompt: 'Many?',
            choices: ['x', 'y'],
            minSelections: 2,
            maxSelections: 3,
          },
          { kind: 'rating', prompt: 'Rate', scaleMax: 11 },
          { kind: 'free_text', prompt: '', choices: ['x'] },
          { kind: 'essay', prompt: 'Write' },
        ],
      },
      mine.token,
    );
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    const paths = (failure(result)!.errors as { path: string }[]).map((e) => e.path);
    expect(paths.sort()).toEqual(
      [
        'name',
        'questions[0].choices',
        'questions[1].id',
        'questions[1].maxSelections',
        'questions[2].scaleMax',
        'questions[3].prompt',
        'questions[3].choices',
        'questions[4].kind',
      ].sort(),
    );
    expect(await count()).toBe(before);
  });

  it('refuses more than 50 questions', async () => {
    const questions = Array.from({ length: 51 }, () => ({ kind: 'rating', prompt: 'Rate' }));
    const result = await createSurveyCampaignCall(service, { name: 'S', questions }, mine.token);
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'questions' }] });
  });

  it("answers another business's store as not found, and refuses a business naming another business or a token", async () => {
    const store = await createSurveyCampaignCall(
      service,
      { name: 'S', storeId: theirStore, questions: ALL_KINDS },
      mine.token,
    );
    expect(failure(store)).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    const named = await createSurveyCampaignCall(
      service,
      { name: 'S', businessAccountId: theirs.businessAccountId, questions: ALL_KINDS },
      mine.token,
    );
    expect(failure(named)).toMatchObject({ code: 'FORBIDDEN', reason: 'other_business' });
    const token = await createSurveyCampaignCall(
      service,
      { name: 'S', token: 'chosen-token-1', questions: ALL_KINDS },
      mine.token,
    );
    expect(failure(token)).toMatchObject({ code: 'FORBIDDEN', reason: 'token_not_allowed' });
  });

  it('updates the fields and questions, and lists only its own campaigns newest first', async () => {
    const campaign = await createSurveyCampaign(service, mine.token);
    const changed = await update(
      {
        id: campaign.id,
        name: 'Renamed',
        description: 'Tell us',
        isActive: false,
        onePerRespondent: false,
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: '2027-01-01T00:00:00.000Z',
        questions: [{ id: 'only', kind: 'rating', prompt: 'Rate', scaleMin: 0, scaleMax: 10 }],
      },
      mine.token,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateSurveyCampaign).toMatchObject({
      name: 'Renamed',
      description: 'Tell us',
      isActive: false,
      onePerRespondent: false,
      endsAt: '2027-01-01T00:00:00.000Z',
      questions: [{ id: 'only', scaleMin: 0, scaleMax: 10 }],
    });
    const bad = await update({ id: campaign.id, endsAt: '2025-01-01T00:00:00.000Z' }, mine.token);
    expect(failure(bad)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'endsAt' }] });
    const mineList = await list(mine.token);
    expect(mineList![0]).toBe(campaign.id);
    const theirsList = await list(theirs.token);
    expect(theirsList).not.toContain(campaign.id);
    expect(failure(await update({ id: campaign.id, name: 'Theirs' }, theirs.token))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'survey_campaign_not_found',
    });
  });

  it('refuses new questions once the survey has responses, and still changes the other fields', async () => {
    const campaign = await createSurveyCampaign(service, mine.token);
    await sql(
      service,
      `insert into "survey_response" ("id", "created_at", "updated_at", "campaign_id", "answers", "submitted_at")
       values (gen_random_uuid(), now(), now(), ?, '[]', now())`,
      [campaign.id],
    );
    const result = await update({ id: campaign.id, questions: [{ kind: 'rating', prompt: 'Rate' }] }, mine.token);
    expect(failure(result)).toMatchObject({ code: 'CONFLICT', reason: 'survey_has_responses' });
    const renamed = await update({ id: campaign.id, name: 'Still mine' }, mine.token);
    expect(renamed.data!.updateSurveyCampaign).toMatchObject({ name: 'Still mine', questions: campaign.questions });
  });
});

describe('who may manage survey campaigns', () => {
  it('refuses a business token without the scope each operation names, and a consumer token', async () => {
    const reader = await business(service, app, ['store.campaigns.read']);
    const writer = await business(service, app, ['store.campaigns.write']);
    expect(
      failure(await createSurveyCampaignCall(service, { name: 'S', questions: ALL_KINDS }, reader.token)),
    ).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'store.campaigns.write',
    });
    const listed = await service.graphql('query { businessSurveyCampaigns { id } }', {}, writer.token);
    expect(failure(listed)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.campaigns.read' });
    expect(await list(reader.token)).toEqual([]);
    const consumerApp = await registerApp(service, ['user.profile.read']);
    const hanako = await consumer(service, consumerApp, ['user.profile.read']);
    expect(
      failure(await createSurveyCampaignCall(service, { name: 'S', questions: ALL_KINDS }, hanako.token)),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('the operator managing survey campaigns', () => {
  it('creates for the business named (or of the store) with a chosen token, and lists any business', async () => {
    const chosen = `operator-${Date.now()}`;
    const campaign = await createSurveyCampaign(service, TEST_OPERATOR_TOKEN, { storeId: theirStore, token: chosen });
    expect(campaign.token).toBe(chosen);
    expect(await list(TEST_OPERATOR_TOKEN, theirs.businessAccountId)).toContain(campaign.id);
    const taken = await createSurveyCampaignCall(
      service,
      { name: 'S', businessAccountId: mine.businessAccountId, token: chosen, questions: ALL_KINDS },
      TEST_OPERATOR_TOKEN,
    );
    expect(failure(taken)).toMatchObject({ code: 'CONFLICT', reason: 'token_taken' });
    const nobody = await createSurveyCampaignCall(service, { name: 'S', questions: ALL_KINDS }, TEST_OPERATOR_TOKEN);
    expect(failure(nobody)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'businessAccountId' }] });
  });
});
