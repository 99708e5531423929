/**
 * Check-in campaign management through GraphQL with real business tokens: a business creates, lists
 * and changes campaigns of its own stores only (another business's stores and campaigns are not
 * found), tokens are generated unguessable unless the operator names one, and a validation error
 * changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_FIELDS, CAMPAIGN_SCOPES, createCheckInCampaign } from '../../../test/fixtures/check-ins.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, businessOwner, failure, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let mine: Business;
let theirs: Business;
let readOnly: string;
let myStore: string;
let theirStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, CAMPAIGN_SCOPES);
  const owner = await businessOwner(service, app);
  mine = { businessAccountId: owner.businessAccountId, token: await owner.token(CAMPAIGN_SCOPES) };
  readOnly = await owner.token(['store.campaigns.read']);
  theirs = await business(service, app, CAMPAIGN_SCOPES);
  myStore = await createStore(service, mine.businessAccountId);
  theirStore = await createStore(service, theirs.businessAccountId);
});

const update = (input: Record<string, unknown>, token: string) =>
  service.graphql<{ updateCheckInCampaign: Record<string, unknown> }>(
    `mutation($input: UpdateCheckInCampaignInput!) { updateCheckInCampaign(input: $input) { ${CAMPAIGN_FIELDS} } }`,
    { input },
    token,
  );
const create = (input: Record<string, unknown>, token: string) =>
  service.graphql(
    `mutation($input: CreateCheckInCampaignInput!) { createCheckInCampaign(input: $input) { id } }`,
    { input: { name: 'N', ...input } },
    token,
  );
const list = async (token: string, storeId?: string) => {
  const result = await service.graphql<{ businessCheckInCampaigns: { id: string }[] }>(
    'query($s: ID) { businessCheckInCampaigns(storeId: $s) { id } }',
    { s: storeId ?? null },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.businessCheckInCampaigns.map((c) => c.id);
};

describe('a business managing its check-in campaigns', () => {
  it('creates a campaign with a generated 128-bit token and the once-a-day rule by default', async () => {
    const campaign = await createCheckInCampaign(service, mine.token, {
      storeId: myStore,
      name: '  来店スタンプ  ',
      description: '1 日 1 回',
      startsAt: '2026-01-01T00:00:00.000Z',
    });
    expect(campaign).toMatchObject({
      name: '来店スタンプ',
      description: '1 日 1 回',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      isActive: true,
      allowRepeatCheckIns: false,
      store: { id: myStore },
    });
    expect(campaign.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const other = await createCheckInCampaign(service, mine.token, { storeId: myStore });
    expect(other.token).not.toBe(campaign.token);
    const preview = await service.graphql('query($t: String!) { checkInCampaign(token: $t) { id } }', {
      t: campaign.token,
    });
    expect(preview.data).toEqual({ checkInCampaign: { id: campaign.id } });
  });

  it('lists its own campaigns newest first, of one store when asked, and never another business’s', async () => {
    const a = await createCheckInCampaign(service, mine.token, { storeId: myStore });
    const b = await createCheckInCampaign(service, mine.token, { storeId: myStore });
    const foreign = await createCheckInCampaign(service, theirs.token, { storeId: theirStore });
    const ids = await list(readOnly);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    expect(ids).not.toContain(foreign.id);
    expect(await list(mine.token, myStore)).toContain(a.id);
    const theirList = await service.graphql(
      'query($s: ID) { businessCheckInCampaigns(storeId: $s) { id } }',
      {
        s: theirStore,
      },
      mine.token,
    );
    expect(failure(theirList)).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
    expect(await list(TEST_OPERATOR_TOKEN)).toEqual(expect.arrayContaining([a.id, foreign.id]));
  });

  it('updates name, description, window, switch and the per-day rule; absent fields stay', async () => {
    const campaign = await createCheckInCampaign(service, mine.token, { storeId: myStore, description: 'd' });
    const changed = await update(
      {
        id: campaign.id,
        name: '新しい名前',
        endsAt: '2036-01-01T00:00:00.000Z',
        isActive: false,
        allowRepeatCheckIns: true,
      },
      mine.token,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.updateCheckInCampaign).toMatchObject({
      name: '新しい名前',
      description: 'd',
      endsAt: '2036-01-01T00:00:00.000Z',
      isActive: false,
      allowRepeatCheckIns: true,
      token: campaign.token,
    });
    const cleared = await update({ id: campaign.id, description: null }, mine.token);
    expect(cleared.data!.updateCheckInCampaign).toMatchObject({ description: null, name: '新しい名前' });
  });

  it('answers another business’s store or campaign as not found, changing nothing', async () => {
    expect(failure(await create({ storeId: theirStore }, mine.token))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'store_not_found',
    });
    const foreign = await createCheckInCampaign(service, theirs.token, { storeId: theirStore, name: '他社' });
    expect(failure(await update({ id: foreign.id, name: '乗っ取り' }, mine.token))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'campaign_not_found',
    });
    const after = await update({ id: foreign.id }, theirs.token);
    expect(after.data!.updateCheckInCampaign).toMatchObject({ name: '他社' });
  });

  it('refuses a token without store.campaigns.write', async () => {
    expect(failure(await create({ storeId: myStore }, readOnly))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('names every bad field and changes nothing', async () => {
    const before = await list(mine.token);
    const bad = await create(
      {
        storeId: myStore,
        name: '   ',
        description: 'x'.repeat(2001),
        startsAt: '2026-02-01T00:00:00.000Z',
        endsAt: '2026-01-01T00:00:00.000Z',
        token: 'chosen-token',
      },
      mine.token,
    );
    expect(failure(bad)).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((failure(bad)!.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'description',
      'endsAt',
      'name',
      'token',
    ]);
    expect(await list(mine.token)).toEqual(before);
    const campaign = await createCheckInCampaign(service, mine.token, { storeId: myStore, name: 'keep' });
    const badUpdate = await update({ id: campaign.id, name: null, isActive: false }, mine.token);
    expect(failure(badUpdate)).toMatchObject({ code: 'BAD_USER_INPUT' });
    const same = await update({ id: campaign.id }, mine.token);
    expect(same.data!.updateCheckInCampaign).toMatchObject({ name: 'keep', isActive: true });
  });

  it('lets the operator name the token (8 to 64 of A-Z a-z 0-9 _ -), once', async () => {
    const token = `op-${Date.now()}`;
    const campaign = await createCheckInCampaign(service, TEST_OPERATOR_TOKEN, { storeId: theirStore, token });
    expect(campaign.token).toBe(token);
    expect(failure(await create({ storeId: theirStore, token }, TEST_OPERATOR_TOKEN))).toMatchObject({
      code: 'CONFLICT',
      reason: 'token_taken',
    });
    expect(failure(await create({ storeId: theirStore, token: 'short' }, TEST_OPERATOR_TOKEN))).toMatchObject({
      code: 'BAD_USER_INPUT',
    });
  });
});
