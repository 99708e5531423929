/**
 * Who may see and define segments, with real tokens: another business's segment is NOT_FOUND, a token
 * without crm.segments.read is FORBIDDEN, a partner (not first-party) app reads but cannot define,
 * members need crm.profiles.read and small counts are suppressed without it, targets take only the
 * business's own coupons and flyers, bad rules name their fields, and pages of segments and of
 * members cost a constant number of queries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REDIRECT_URI,
  registerApp,
  startOAuthService,
  tokensFor,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';
import { businessOwner, countQueries, failure, type BusinessOwner } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { SegmentData } from './segment.fixtures.js';

const READ = ['crm.segments.read'];
const ALL = ['crm.segments.read', 'crm.profiles.read'];

let service: TestService;
let app: App;
let mine: BusinessOwner;
let theirs: BusinessOwner;
let token: string;
let reader: string;
let theirToken: string;
let data: SegmentData;
let store: string;
let theirStore: string;
let people: string[];

const gql = (query: string, variables: Record<string, unknown>, bearer = token) =>
  service.graphql<Record<string, any>>(query, variables, bearer); // eslint-disable-line @typescript-eslint/no-explicit-any
const create = (input: Record<string, unknown>, bearer = token) =>
  gql('mutation($input: CreateSegmentInput!) { createSegment(input: $input) { id name } }', { input }, bearer);
const favoriters = (): Record<string, unknown> => ({ name: 'fans', rule: { favorited: { storeId: store } } });

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, ALL);
  [mine, theirs] = [await businessOwner(service, app), await businessOwner(service, app)];
  [token, reader, theirToken] = [await mine.token(ALL), await mine.token(READ), await theirs.token(ALL)];
  const em = rootEntityManager(service.orm).fork();
  data = new SegmentData(em, mine.businessAccountId);
  store = await data.store();
  theirStore = await new SegmentData(em, theirs.businessAccountId).store();
  people = [];
  for (let i = 0; i < 7; i++) {
    const person = await data.user();
    people.push(person);
    await data.favorite(store, person);
    await data.customerRecord(person);
  }
  const shop = await data.shopApp([store]);
  // Everyone is a member (so every page loads memberships alike); three are gold.
  for (const [i, person] of people.entries()) await data.membership(shop, person, i < 3 ? 'gold' : 'silver');
});

async function segmentId(input = favoriters()): Promise<string> {
  const answer = await create(input);
  expect(answer.errors).toBeUndefined();
  return answer.data!.createSegment.id as string;
}

describe('access', () => {
  it('answers another business’s segment as NOT_FOUND, for reads and every change', async () => {
    const id = await segmentId();
    expect(failure(await gql('query($id: ID!) { segment(id: $id) { id } }', { id }, theirToken))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'segment_not_found',
    });
    const update = 'mutation($input: UpdateSegmentInput!) { updateSegment(input: $input) { id } }';
    expect(failure(await gql(update, { input: { id, name: 'x' } }, theirToken))?.code).toBe('NOT_FOUND');
    expect(failure(await gql('mutation($id: ID!) { deleteSegment(id: $id) }', { id }, theirToken))?.code).toBe(
      'NOT_FOUND',
    );
    const list = await gql('{ segments { nodes { id } } }', {}, theirToken);
    const nodes = list.data!.segments.nodes as { id: string }[];
    expect(nodes.map((n) => n.id)).not.toContain(id);
  });

  it('refuses a token without crm.segments.read, and a rule naming another business’s store', async () => {
    const profilesOnly = await mine.token(['crm.profiles.read']);
    expect(failure(await gql('{ segments { nodes { id } } }', {}, profilesOnly))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
    expect(failure(await create(favoriters(), profilesOnly))?.code).toBe('FORBIDDEN');
    const foreign = await create({ name: 'x', rule: { visited: { storeId: theirStore } } });
    expect(failure(foreign)).toMatchObject({ code: 'NOT_FOUND', reason: 'store_not_found' });
  });

  it('lets a partner app read segments but defines them only through a first-party app', async () => {
    const registered = await service.graphql<{ registerOAuthApp: { app: { clientId: string }; clientSecret: string } }>(
      `mutation($input: RegisterOAuthAppInput!) { registerOAuthApp(input: $input) { app { clientId } clientSecret } }`,
      { input: { name: 'Partner', redirectUris: [REDIRECT_URI], scopes: READ, firstParty: false } },
      TEST_OPERATOR_TOKEN,
    );
    const partnerApp = {
      clientId: registered.data!.registerOAuthApp.app.clientId,
      clientSecret: registered.data!.registerOAuthApp.clientSecret,
    };
    const ownerId = (await gql('{ viewer { userId } }', {}, token)).data?.viewer?.userId as string | undefined;
    expect(ownerId).toBeTruthy();
    const partner = (
      await tokensFor(service, partnerApp, ownerId!, { scopes: READ, businessAccountId: mine.businessAccountId })
    ).accessToken;
    const id = await segmentId();
    expect((await gql('query($id: ID!) { segment(id: $id) { id } }', { id }, partner)).errors).toBeUndefined();
    expect(failure(await create(favoriters(), partner))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'first_party_app_required',
    });
    expect(failure(await gql('mutation($id: ID!) { deleteSegment(id: $id) }', { id }, partner))?.code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('privacy', () => {
  it('lists members only to crm.profiles.read and suppresses counts below 5 without it', async () => {
    const big = await segmentId();
    const small = await segmentId({ name: 'gold', rule: { rank: { rankCode: 'gold' } } });
    const read = (id: string, bearer: string) =>
      gql('query($id: ID!) { segment(id: $id) { memberCount memberCountSuppressed } }', { id }, bearer);
    expect((await read(big, reader)).data!.segment).toEqual({ memberCount: 7, memberCountSuppressed: false });
    expect((await read(small, reader)).data!.segment).toEqual({ memberCount: null, memberCountSuppressed: true });
    expect((await read(small, token)).data!.segment).toEqual({ memberCount: 3, memberCountSuppressed: false });
    const members = await gql(
      'query($id: ID!) { segment(id: $id) { members { nodes { userId } } } }',
      { id: big },
      reader,
    );
    expect(failure(members)).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_scope' });
  });

  it('pages members by user id with the business’s own records', async () => {
    const id = await segmentId();
    const page = (after: string | null) =>
      gql(
        `query($id: ID!, $after: String) { segment(id: $id) { members(first: 4, after: $after) {
          nodes { userId customerRecord { source } memberships { memberNumber rank { code } } } pageInfo { hasNextPage endCursor } } } }`,
        { id, after },
      );
    const answer = await page(null);
    expect(answer.errors).toBeUndefined();
    interface Page {
      nodes: { userId: string; customerRecord: unknown; memberships: unknown[] }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    }
    const first = answer.data!.segment.members as Page;
    const second = (await page(first.pageInfo.endCursor)).data!.segment.members as Page;
    const ids = [...first.nodes, ...second.nodes].map((n) => n.userId);
    expect(ids).toEqual([...people].sort());
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect(first.nodes[0]!.customerRecord).toEqual({ source: 'membership' });
    expect([...first.nodes, ...second.nodes].every((n) => n.memberships.length === 1)).toBe(true);
  });
});

describe('targets', () => {
  it('take the business’s own coupons and flyers, and nobody else’s', async () => {
    const em = rootEntityManager(service.orm).fork();
    const now = new Date();
    const content = async (table: string, business: string, extra: Record<string, unknown>) => {
      const [row] = await em.execute<{ id: string }[]>(
        `insert into "${table}" ("id", "created_at", "updated_at", "business_account_id", "title", "description", "status", ${Object.keys(
          extra,
        )
          .map((k) => `"${k}"`)
          .join(', ')})
         values (gen_random_uuid(), ?, ?, ?, 't', 'd', 'draft', ${Object.keys(extra)
           .map(() => '?')
           .join(', ')}) returning "id"`,
        [now, now, business, ...Object.values(extra)],
      );
      return row!.id;
    };
    const coupon = await content('coupon', mine.businessAccountId, { terms: '' });
    const flyer = await content('flyer', mine.businessAccountId, {
      store_id: store,
      valid_from: now,
      valid_to: new Date(now.getTime() + 1e9),
    });
    const theirCoupon = await content('coupon', theirs.businessAccountId, { terms: '' });
    const id = await segmentId();
    const add = (kind: string, contentId: string) =>
      gql('mutation($input: SegmentTargetInput!) { addSegmentTarget(input: $input) { targets { kind contentId } } }', {
        input: { segmentId: id, kind, contentId },
      });
    await add('coupon', coupon);
    expect((await add('flyer', flyer)).data!.addSegmentTarget.targets).toEqual([
      { kind: 'coupon', contentId: coupon },
      { kind: 'flyer', contentId: flyer },
    ]);
    expect((await add('flyer', flyer)).data!.addSegmentTarget.targets).toHaveLength(2);
    expect(failure(await add('coupon', theirCoupon))).toMatchObject({ code: 'NOT_FOUND', reason: 'content_not_found' });
    expect(failure(await add('flyer', coupon))).toMatchObject({ code: 'NOT_FOUND', reason: 'content_not_found' });
  });
});

describe('validation', () => {
  it('names every bad node of a rule', async () => {
    const deep = { all: [{ any: [{ all: [{ any: [{ favorited: {} }] }] }] }] };
    const answer = await create({
      name: ' ',
      rule: {
        all: [{ spent: { atLeast: -1, days: 0 } }, { rank: { rankCode: 'a' }, favorited: {} }, deep, { any: [] }],
      },
    });
    expect(failure(answer)?.code).toBe('BAD_USER_INPUT');
    const paths = (failure(answer)?.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual([
      'name',
      'rule.all.0.spent.atLeast',
      'rule.all.0.spent.days',
      'rule.all.1',
      'rule.all.2.all.0.any.0.all',
      'rule.all.3.any',
    ]);
  });
});

describe('query counts', () => {
  it('stay the same for a bigger page of members and of segments', async () => {
    const id = await segmentId();
    const members = (first: number) =>
      countQueries(service, async () => {
        const answer = await gql(
          'query($id: ID!, $first: Int) { segment(id: $id) { members(first: $first) { nodes { userId customerRecord { id } memberships { id rank { code } } } } } }',
          { id, first },
        );
        expect(answer.errors).toBeUndefined();
        expect(answer.data!.segment.members.nodes).toHaveLength(first);
      });
    expect(await members(2)).toBe(await members(7));
    for (let i = 0; i < 5; i++) await segmentId();
    const segments = (first: number) =>
      countQueries(service, async () => {
        const answer = await gql(
          'query($first: Int) { segments(first: $first) { nodes { id memberCount targets { kind } } } }',
          {
            first,
          },
        );
        expect(answer.errors).toBeUndefined();
        expect(answer.data!.segments.nodes).toHaveLength(first);
      });
    expect(await segments(1)).toBe(await segments(5));
  });
});
