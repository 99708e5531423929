/**
 * Consumers' flyers through GraphQL with real user tokens: myFlyers answers the published flyers valid
 * now of the user's favorite public stores, newest published first, in pages; myFlyer answers one of
 * them and NOT_FOUND for a draft, scheduled, archived, expired, future, unknown or not-favorite flyer.
 * A page costs a constant number of queries. Scopes are enforced: a business token is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, consumer, countQueries, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { uuidv7 } from '../../kernel/db/uuid.js';

const BUSINESS_SCOPES = ['store.flyers.read', 'store.flyers.write', 'store.products.read', 'store.products.write'];
const USER_SCOPES = ['user.favorites.read', 'user.favorites.write'];
const DAY = 24 * 3600 * 1000;
const FIELDS =
  'id storeId title description validFrom validTo publishedAt store { id name } pages { position imageUrl caption } ' +
  'items { position productName regularPriceAmount salePriceAmount currency note }';

let service: TestService;
let mine: Business;
let theirs: Business;
let hanako: { userId: string; token: string };
let stranger: { userId: string; token: string };
let productId: string;
/** Flyer ids by what they are. */
const flyer: Record<string, string> = {};

const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const NOW_WINDOW = { validFrom: at(-1), validTo: at(7) };

/** A flyer of `storeId` made by `owner`, published unless `publish` is false. */
async function made(owner: Business, storeId: string, extra: Record<string, unknown> = {}, publish = true) {
  const { id } = await ok<{ id: string }>(
    service,
    'mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { id } }',
    { input: { storeId, title: 'チラシ', ...NOW_WINDOW, ...extra } },
    owner.token,
  );
  if (publish) await ok(service, 'mutation($id: ID!) { publishFlyer(id: $id) { id } }', { id }, owner.token);
  return id;
}

const favorite = (userId: string, storeId: string) =>
  sql(
    service,
    `insert into "favorite_store" ("id", "created_at", "updated_at", "user_id", "store_id") values (?, now(), now(), ?, ?)`,
    [uuidv7(), userId, storeId],
  );

const myFlyers = (token: string, args = '') =>
  gql(`query { myFlyers${args} { nodes { ${FIELDS} } pageInfo { hasNextPage endCursor } } }`, {}, token);
const myFlyer = (id: string, token = hanako.token) =>
  gql('query($id: ID!) { myFlyer(id: $id) { id title } }', { id }, token);

beforeAll(async () => {
  service = await startOAuthService();
  const businessApp = await registerApp(service, BUSINESS_SCOPES);
  const userApp = await registerApp(service, USER_SCOPES);
  [mine, theirs] = [
    await business(service, businessApp, BUSINESS_SCOPES),
    await business(service, businessApp, BUSINESS_SCOPES),
  ];
  [hanako, stranger] = [await consumer(service, userApp, USER_SCOPES), await consumer(service, userApp, USER_SCOPES)];
  const [favoriteStore, otherStore, theirStore] = [
    await createStore(service, mine.businessAccountId),
    await createStore(service, mine.businessAccountId),
    await createStore(service, theirs.businessAccountId),
  ];
  const hiddenStore = await createStore(service, mine.businessAccountId, false);
  for (const store of [favoriteStore, theirStore, hiddenStore]) await favorite(hanako.userId, store);
  productId = (await createProduct(service, mine.token, { name: '牛乳 1L', priceAmount: 248 })).id;

  flyer.current = await made(mine, favoriteStore, {
    title: '週末セール',
    pages: [{ imageUrl: 'https://img.example/1.png', caption: '表' }],
    items: [{ productId, salePriceAmount: 198, note: '限定' }],
  });
  flyer.theirCurrent = await made(theirs, theirStore, { title: '他社のチラシ' });
  flyer.draft = await made(mine, favoriteStore, {}, false);
  flyer.scheduled = await made(mine, favoriteStore, {}, false);
  await ok(
    service,
    'mutation($id: ID!, $at: DateTimeISO!) { scheduleFlyer(id: $id, publishAt: $at) { id } }',
    { id: flyer.scheduled, at: at(1) },
    mine.token,
  );
  flyer.archived = await made(mine, favoriteStore);
  await ok(service, 'mutation($id: ID!) { archiveFlyer(id: $id) { id } }', { id: flyer.archived }, mine.token);
  flyer.expired = await made(mine, favoriteStore, { validFrom: at(-10), validTo: at(-1) });
  flyer.future = await made(mine, favoriteStore, { validFrom: at(1), validTo: at(8) });
  flyer.notFavorite = await made(mine, otherStore);
  flyer.hiddenStore = await made(mine, hiddenStore);
});

describe('myFlyers', () => {
  it('answers the current published flyers of favorite public stores only, newest published first', async () => {
    const answer = await myFlyers(hanako.token);
    expect(answer.errors).toBeUndefined();
    const nodes = (answer.data!.myFlyers as { nodes: Record<string, unknown>[] }).nodes;
    expect(nodes.map((n) => n.id)).toEqual([flyer.theirCurrent, flyer.current]);
    expect(nodes[1]).toMatchObject({
      title: '週末セール',
      store: { name: 'レシート商店' },
      pages: [{ position: 0, imageUrl: 'https://img.example/1.png', caption: '表' }],
      items: [
        {
          position: 0,
          productName: '牛乳 1L',
          regularPriceAmount: 248,
          salePriceAmount: 198,
          currency: 'JPY',
          note: '限定',
        },
      ],
    });
    expect(typeof nodes[1]!.publishedAt).toBe('string');
  });

  it('pages with keyset cursors', async () => {
    const first = await ok<{ nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } }>(
      service,
      'query { myFlyers(first: 1) { nodes { id } pageInfo { hasNextPage endCursor } } }',
      {},
      hanako.token,
    );
    expect(first.nodes.map((n) => n.id)).toEqual([flyer.theirCurrent]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = await ok<{ nodes: { id: string }[]; pageInfo: { hasNextPage: boolean } }>(
      service,
      'query($after: String) { myFlyers(first: 1, after: $after) { nodes { id } pageInfo { hasNextPage } } }',
      { after: first.pageInfo.endCursor },
      hanako.token,
    );
    expect(next).toEqual({ nodes: [{ id: flyer.current }], pageInfo: { hasNextPage: false } });
    expect(errorOf(await myFlyers(hanako.token, '(after: "nope")'))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('is empty for a user without favorites', async () => {
    expect(await ok(service, 'query { myFlyers { nodes { id } } }', {}, stranger.token)).toEqual({ nodes: [] });
  });

  it('costs the same number of queries for 2 flyers as for 6', async () => {
    const owner = await business(service, await registerApp(service, BUSINESS_SCOPES), BUSINESS_SCOPES);
    const reader = await consumer(service, await registerApp(service, USER_SCOPES), USER_SCOPES);
    const product = (await createProduct(service, owner.token)).id;
    for (let i = 0; i < 6; i++) {
      const store = await createStore(service, owner.businessAccountId);
      await favorite(reader.userId, store);
      await made(owner, store, {
        pages: [{ imageUrl: `https://img.example/${i}.png` }],
        items: [{ productId: product, salePriceAmount: i }],
      });
    }
    const page = (first: number) =>
      countQueries(service, () =>
        ok(service, `query { myFlyers(first: ${first}) { nodes { ${FIELDS} } } }`, {}, reader.token),
      );
    expect(await page(6)).toBe(await page(2));
  });
});

const flyerViews = async (id: string) =>
  (
    await sql<{ views: number }>(
      service,
      `select coalesce(sum("views"), 0)::int as "views" from "content_view_day" where "content_kind" = 'flyer' and "content_id" = ?`,
      [id],
    )
  )[0]!.views;

describe('myFlyer', () => {
  it('answers a flyer the list shows, and counts one view of it per reader and day', async () => {
    const before = await flyerViews(flyer.current!);
    expect((await myFlyer(flyer.current!)).data!.myFlyer).toEqual({ id: flyer.current, title: '週末セール' });
    await myFlyer(flyer.current!);
    expect(await flyerViews(flyer.current!)).toBe(before + 1);
    // The list is no view.
    await myFlyers(hanako.token);
    expect(await flyerViews(flyer.current!)).toBe(before + 1);
  });

  it('is NOT_FOUND for drafts, scheduled, archived, expired, future, not-favorite, hidden-store and unknown flyers', async () => {
    const ids = ['draft', 'scheduled', 'archived', 'expired', 'future', 'notFavorite', 'hiddenStore'].map(
      (k) => flyer[k]!,
    );
    for (const id of [...ids, uuidv7(), 'not-a-uuid'])
      expect(errorOf(await myFlyer(id)), id).toMatchObject({ code: 'NOT_FOUND', reason: 'flyer_not_found' });
    expect(errorOf(await myFlyer(flyer.current!, stranger.token))).toMatchObject({ reason: 'flyer_not_found' });
    // A NOT_FOUND answer is no view.
    for (const id of ids) expect(await flyerViews(id)).toBe(0);
  });
});

describe('scopes', () => {
  it('needs a user token with user.favorites.read', async () => {
    expect(errorOf(await myFlyers(mine.token))?.code).toBe('FORBIDDEN');
    expect(errorOf(await myFlyer(flyer.current!, mine.token))?.code).toBe('FORBIDDEN');
    const writeOnly = await consumer(service, await registerApp(service, USER_SCOPES), ['user.favorites.write']);
    expect(errorOf(await myFlyers(writeOnly.token))?.code).toBe('FORBIDDEN');
    expect(errorOf(await service.graphql('query { myFlyers { nodes { id } } }', {}))?.code).toBe('UNAUTHENTICATED');
  });
});
