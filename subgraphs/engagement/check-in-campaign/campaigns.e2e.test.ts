import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayFieldNames, resolveEntities } from '../../../test/entities.js';
import { startTestService, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { engagementSubgraph } from '../index.js';
import { SurveyCampaign } from '../survey-campaign/survey-campaign.entity.js';
import { WebhookEndpoint } from '../webhook-endpoint/webhook-endpoint.entity.js';
import { CheckInCampaign } from './check-in-campaign.entity.js';

const STORE = '01900000-0000-7000-8002-000000000015'; // カフェ・ミドリ 表参道 (demo store 21)
const BUSINESS = '01900000-0000-7000-8001-000000000003'; // カフェ・ミドリ

let service: TestService;
let endpointId: string;

beforeAll(async () => {
  service = await startTestService();
  const em = rootEntityManager(service.orm).fork();
  em.create(CheckInCampaign, {
    token: 'checkin-omotesando',
    businessAccountId: BUSINESS,
    storeId: STORE,
    name: '表参道 スタンプラリー',
    description: '来店でスタンプ 1 個',
    startsAt: new Date('2026-04-01T00:00:00Z'),
  });
  em.create(SurveyCampaign, {
    token: 'survey-omotesando',
    businessAccountId: BUSINESS,
    storeId: STORE,
    name: 'ご来店アンケート',
    isAnonymous: true,
    questions: [
      { id: 'q1', prompt: '満足度は?', kind: 'rating' },
      { id: 'q2', prompt: 'よく頼むものは?', kind: 'single_choice', choices: ['コーヒー', '紅茶'], required: true },
    ],
  });
  const endpoint = em.create(WebhookEndpoint, {
    businessAccountId: BUSINESS,
    url: 'https://hooks.example/midori',
    events: ['purchase.completed', 'checkin.recorded'],
    secretCiphertext: 'v1:ciphertext',
  });
  await em.flush();
  endpointId = endpoint.id;
});

describe('checkInCampaign', () => {
  it('returns the campaign by token with its store resolved by the stores subgraph', async () => {
    const result = await service.graphql<{ checkInCampaign: Record<string, unknown> }>(
      'query($t: String!) { checkInCampaign(token: $t) { token name description startsAt endsAt isActive store { id name } } }',
      { t: 'checkin-omotesando' },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.checkInCampaign).toEqual({
      token: 'checkin-omotesando',
      name: '表参道 スタンプラリー',
      description: '来店でスタンプ 1 個',
      startsAt: '2026-04-01T00:00:00.000Z',
      endsAt: null,
      isActive: true,
      store: { id: STORE, name: 'カフェ・ミドリ 表参道' },
    });
  });

  it.each([
    ['an unknown token', 'nope'],
    ['an over-long token', 'x'.repeat(5000)],
  ])('answers %s with null', async (_label, token) => {
    const result = await service.graphql('query($t: String!) { checkInCampaign(token: $t) { id } }', { t: token });
    expect(result).toEqual({ data: { checkInCampaign: null } });
  });
});

describe('surveyCampaign', () => {
  it('returns the campaign with its questions inlined and defaults filled', async () => {
    const result = await service.graphql<{ surveyCampaign: Record<string, unknown> }>(
      'query($t: String!) { surveyCampaign(token: $t) { name isAnonymous questions { id prompt kind choices required } store { name } } }',
      { t: 'survey-omotesando' },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.surveyCampaign).toEqual({
      name: 'ご来店アンケート',
      isAnonymous: true,
      questions: [
        { id: 'q1', prompt: '満足度は?', kind: 'rating', choices: null, required: false },
        { id: 'q2', prompt: 'よく頼むものは?', kind: 'single_choice', choices: ['コーヒー', '紅茶'], required: true },
      ],
      store: { name: 'カフェ・ミドリ 表参道' },
    });
  });
});

describe('WebhookEndpoint entity', () => {
  it('resolves by reference, status active by default', async () => {
    const result = await resolveEntities(
      service,
      engagementSubgraph,
      'WebhookEndpoint',
      [endpointId],
      'id url events status createdAt business { id }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!._entities).toEqual([
      {
        id: endpointId,
        url: 'https://hooks.example/midori',
        events: ['purchase.completed', 'checkin.recorded'],
        status: 'active',
        createdAt: expect.stringMatching(/Z$/),
        business: { id: BUSINESS },
      },
    ]);
  });

  it('never exposes the secret', async () => {
    const fields = await gatewayFieldNames(service, 'WebhookEndpoint');
    expect(fields).toEqual(expect.arrayContaining(['id', 'url', 'events', 'status', 'createdAt', 'business']));
    expect(fields.filter((f) => /secret/i.test(f))).toEqual([]);
  });

  it('belongs to an existing business account (database foreign key)', async () => {
    const em = rootEntityManager(service.orm).fork();
    em.create(WebhookEndpoint, {
      businessAccountId: '01900000-0000-7000-8001-00000000ffff',
      url: 'https://x.example',
      secretCiphertext: 'c',
    });
    await expect(em.flush()).rejects.toThrow(/foreign key/i);
  });
});
