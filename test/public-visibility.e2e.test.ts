/**
 * Public GraphQL fields expose what the public REST paths expose (issue 6, item 9): an unlisted store
 * (REST: 404) is invisible to anonymous callers through every public root field (terminal,
 * checkInCampaign, surveyCampaign, publicStore, publicStores), while operators and the owning business
 * still see it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckInCampaign } from '../subgraphs/engagement/check-in-campaign/check-in-campaign.entity.js';
import { SurveyCampaign } from '../subgraphs/engagement/survey-campaign/survey-campaign.entity.js';
import { createUser, registerApp, tokensFor } from './fixtures/oauth.fixtures.js';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { freePort } from './fixtures/ports.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';

const PUBLIC_STORE = '01900000-0000-7000-8002-000000000001'; // さくらマート 渋谷店 (listed)
const OTHER_BUSINESS = '01900000-0000-7000-8001-000000000003'; // カフェ・ミドリ

let service: TestService;
let unlisted: { id: string; businessAccountId: string };
let tokens: { owner: string; other: string };
const terminals = { unlisted: 'UNLISTED-T1', listed: 'LISTED-T1' };

beforeAll(async () => {
  const port = await freePort();
  service = await startTestService({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  const em = rootEntityManager(service.orm).fork();
  const rows = await em.execute<{ id: string; business_account_id: string }[]>(
    'select "id", "business_account_id" from "store" where not "is_public_listing" and "place_id" is null order by "id" limit 1',
  );
  unlisted = { id: rows[0]!.id, businessAccountId: rows[0]!.business_account_id };
  for (const [storeId, publicTerminalId] of [
    [unlisted.id, terminals.unlisted],
    [PUBLIC_STORE, terminals.listed],
  ]) {
    const created = await service.graphql(
      'mutation($input: CreateTerminalInput!) { createTerminal(input: $input) { id } }',
      { input: { storeId, publicTerminalId } },
      TEST_OPERATOR_TOKEN,
    );
    expect(created.errors).toBeUndefined();
  }
  const businessAccountId = unlisted.businessAccountId;
  em.create(CheckInCampaign, {
    token: 'checkin-unlisted',
    businessAccountId,
    storeId: unlisted.id,
    name: 'Hidden rally',
  });
  em.create(SurveyCampaign, {
    token: 'survey-unlisted',
    businessAccountId,
    storeId: unlisted.id,
    name: 'Hidden survey',
    isAnonymous: true,
    questions: [{ id: 'q1', prompt: 'How was it?', kind: 'rating' }],
  });
  await em.flush();
  const app = await registerApp(service, ['store.info.read']);
  const userId = await createUser(service);
  const tokenOf = async (businessAccountId: string) =>
    (await tokensFor(service, app, userId, { scopes: ['store.info.read'], businessAccountId })).accessToken;
  tokens = { owner: await tokenOf(unlisted.businessAccountId), other: await tokenOf(OTHER_BUSINESS) };
});

const STORE_FIELDS = 'store { id name address phone business { id name } }';
const QUERIES = {
  terminal: [
    `query($k: String!) { terminal(publicTerminalId: $k) { publicTerminalId ${STORE_FIELDS} } }`,
    terminals.unlisted,
  ],
  checkInCampaign: [`query($k: String!) { checkInCampaign(token: $k) { name ${STORE_FIELDS} } }`, 'checkin-unlisted'],
  surveyCampaign: [`query($k: String!) { surveyCampaign(token: $k) { name ${STORE_FIELDS} } }`, 'survey-unlisted'],
} as const;

async function storeThrough(field: keyof typeof QUERIES, token?: string, fields?: string): Promise<unknown> {
  const [query, key] = QUERIES[field];
  const result = await service.graphql<Record<string, { store: unknown }>>(
    fields ? query.replace(STORE_FIELDS, fields) : query,
    { k: key },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data![field]!.store;
}

describe('an unlisted store through public GraphQL fields', () => {
  it('is a 404 on the public REST path, and NOT_FOUND / absent in publicStore(s)', async () => {
    expect((await service.rest('GET', `/api/v1/public/stores/${unlisted.id}`)).status).toBe(404);
    const one = await service.graphql('query($id: ID!) { publicStore(storeId: $id) { id } }', { id: unlisted.id });
    expect(one.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const all = await service.graphql<{ publicStores: { items: { id: string }[] } }>(
      '{ publicStores(pageSize: 100) { items { id } } }',
    );
    expect(all.data!.publicStores.items.map((s) => s.id)).not.toContain(unlisted.id);
  });

  it.each(Object.keys(QUERIES) as (keyof typeof QUERIES)[])(
    'is null through %s for anonymous callers and other businesses, even when only its id is asked',
    async (field) => {
      expect(await storeThrough(field)).toBeNull();
      expect(await storeThrough(field, undefined, 'store { id }')).toBeNull();
      expect(await storeThrough(field, tokens.other)).toBeNull();
    },
  );

  it.each(Object.keys(QUERIES) as (keyof typeof QUERIES)[])(
    'is visible through %s to operators and to its own business',
    async (field) => {
      for (const token of [TEST_OPERATOR_TOKEN, tokens.owner]) {
        expect(await storeThrough(field, token)).toMatchObject({
          id: unlisted.id,
          business: { id: unlisted.businessAccountId },
        });
      }
    },
  );

  it('leaves a listed store visible to anonymous callers', async () => {
    const result = await service.graphql<{ terminal: { store: { id: string; name: string } } }>(
      'query($k: String!) { terminal(publicTerminalId: $k) { store { id name business { name } } } }',
      { k: terminals.listed },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.terminal.store).toMatchObject({ id: PUBLIC_STORE, name: 'さくらマート 渋谷店' });
  });
});
