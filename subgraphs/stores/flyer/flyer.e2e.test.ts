/**
 * Flyers through GraphQL with real business tokens: a business creates, updates, schedules, publishes
 * and archives flyers of its own stores with its own products (another business's are not found),
 * flyer.published is written exactly once (publish twice; the job run twice on a due scheduled flyer),
 * validation names the fields, scopes are enforced, and a page of flyers costs a constant number of queries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, countQueries, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { publishDueFlyers } from './scheduled-flyers.job.js';

const SCOPES = ['store.flyers.read', 'store.flyers.write', 'store.products.read', 'store.products.write'];
const FIELDS =
  'id businessAccountId storeId title description validFrom validTo status publishAt publishedAt ' +
  'pages { position imageUrl caption } items { position productId salePriceAmount currency note product { name } }';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let myStore: string;
let theirStore: string;
let myProduct: string;
let theirProduct: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, SCOPES);
  [mine, theirs] = [await business(service, app, SCOPES), await business(service, app, SCOPES)];
  myStore = await createStore(service, mine.businessAccountId);
  theirStore = await createStore(service, theirs.businessAccountId, false);
  myProduct = (await createProduct(service, mine.token, { name: '牛乳' })).id;
  theirProduct = (await createProduct(service, theirs.token)).id;
});

const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const create = (input: Record<string, unknown>, token = mine.token) =>
  gql(`mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { ${FIELDS} } }`, { input }, token);
const update = (input: Record<string, unknown>, token = mine.token) =>
  gql(`mutation($input: UpdateFlyerInput!) { updateFlyer(input: $input) { ${FIELDS} } }`, { input }, token);
const byId =
  (name: string) =>
  (id: string, token = mine.token) =>
    gql(`mutation($id: ID!) { ${name}(id: $id) { ${FIELDS} } }`, { id }, token);
const publish = byId('publishFlyer');
const archive = byId('archiveFlyer');
const schedule = (id: string, publishAt: string, token = mine.token) =>
  gql(
    `mutation($id: ID!, $at: DateTimeISO!) { scheduleFlyer(id: $id, publishAt: $at) { ${FIELDS} } }`,
    { id, at: publishAt },
    token,
  );
const get = (id: string, token = mine.token) => gql(`query($id: ID!) { flyer(id: $id) { ${FIELDS} } }`, { id }, token);
const events = (flyerId: string) =>
  sql<{ payload: Record<string, unknown> }>(
    service,
    `select "payload" from "outbox_event" where "type" = 'flyer.published' and "payload"->>'flyerId' = ?`,
    [flyerId],
  );
const runJob = () =>
  rootEntityManager(service.orm)
    .fork()
    .transactional((tx) => publishDueFlyers({ em: tx, now: new Date(), signal: new AbortController().signal }));

const base = () => ({
  storeId: myStore,
  title: '週末セール',
  validFrom: '2030-01-01T00:00:00.000Z',
  validTo: '2030-01-08T00:00:00.000Z',
});
const madeFlyer = async (extra: Record<string, unknown> = {}) =>
  ok<{ id: string }>(
    service,
    `mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { id } }`,
    { input: { ...base(), ...extra } },
    mine.token,
  );

describe('a business managing its flyers', () => {
  it('creates a draft with pages and featured products of its own', async () => {
    const answer = await create({
      ...base(),
      description: '  お買い得  ',
      pages: [{ imageUrl: 'https://img.example/1.png', caption: '表' }, { imageUrl: 'https://img.example/2.png' }],
      items: [{ productId: myProduct, salePriceAmount: 98, note: '限定' }],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.createFlyer).toMatchObject({
      businessAccountId: mine.businessAccountId,
      storeId: myStore,
      description: 'お買い得',
      status: 'draft',
      publishedAt: null,
      pages: [
        { position: 0, imageUrl: 'https://img.example/1.png', caption: '表' },
        { position: 1, imageUrl: 'https://img.example/2.png', caption: null },
      ],
      items: [
        {
          position: 0,
          productId: myProduct,
          salePriceAmount: 98,
          currency: 'JPY',
          note: '限定',
          product: { name: '牛乳' },
        },
      ],
    });
  });

  it('names every bad field and stores nothing', async () => {
    const before = await sql(service, 'select 1 from "flyer"');
    const answer = await create({
      ...base(),
      title: ' ',
      description: 'x'.repeat(2001),
      validTo: base().validFrom,
      pages: [...Array(21)].map(() => ({ imageUrl: 'http://img.example/1.png' })),
      items: [{ productId: myProduct, salePriceAmount: -1 }],
    });
    expect(errorOf(answer)?.code).toBe('BAD_USER_INPUT');
    const paths = (errorOf(answer)?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'title',
        'description',
        'validTo',
        'pages',
        'pages.0.imageUrl',
        'items.0.salePriceAmount',
      ]),
    );
    expect(await sql(service, 'select 1 from "flyer"')).toHaveLength(before.length);
  });

  it('refuses another business’s store and product as not found', async () => {
    expect(errorOf(await create({ ...base(), storeId: theirStore }))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'store_not_found',
    });
    const answer = await create({ ...base(), items: [{ productId: theirProduct, salePriceAmount: 1 }] });
    expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'product_not_found' });
  });

  it('answers another business’s flyer as not found, for reads and every write', async () => {
    const { id } = await madeFlyer();
    for (const answer of [
      await get(id, theirs.token),
      await update({ id, title: 'x' }, theirs.token),
      await publish(id, theirs.token),
      await archive(id, theirs.token),
      await schedule(id, '2031-01-01T00:00:00Z', theirs.token),
    ])
      expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'flyer_not_found' });
    expect((await get(id)).data!.flyer).toMatchObject({ status: 'draft', title: '週末セール' });
  });

  it('updates a draft, replacing pages and items, and refuses to change a published one', async () => {
    const { id } = await madeFlyer({ pages: [{ imageUrl: 'https://img.example/a.png' }] });
    const answer = await update({
      id,
      title: '新しい題',
      pages: [],
      items: [{ productId: myProduct, salePriceAmount: 50 }],
    });
    expect(answer.data!.updateFlyer).toMatchObject({ title: '新しい題', pages: [], items: [{ salePriceAmount: 50 }] });
    expect(errorOf(await update({ id, validTo: '2029-01-01T00:00:00Z' }))?.errors).toEqual([
      { path: 'validTo', message: 'must be after validFrom' },
    ]);
    await publish(id);
    expect(errorOf(await update({ id, title: 'x' }))).toMatchObject({ code: 'CONFLICT', reason: 'flyer_not_editable' });
  });

  it('publishes once: a second publish changes nothing and writes no second event', async () => {
    const { id } = await madeFlyer();
    const first = (await publish(id)).data!.publishFlyer as { status: string; publishedAt: string };
    expect(first.status).toBe('published');
    const second = (await publish(id)).data!.publishFlyer as { publishedAt: string };
    expect(second.publishedAt).toBe(first.publishedAt);
    expect((await events(id)).map((e) => e.payload)).toEqual([
      { flyerId: id, storeId: myStore, title: '週末セール', validFrom: base().validFrom, validTo: base().validTo },
    ]);
    await archive(id);
    expect(errorOf(await publish(id))).toMatchObject({ code: 'CONFLICT', reason: 'flyer_archived' });
  });

  it('schedules for a future instant, and the job publishes a due flyer exactly once', async () => {
    const { id } = await madeFlyer();
    expect(errorOf(await schedule(id, '2001-01-01T00:00:00Z'))?.errors).toEqual([
      { path: 'publishAt', message: 'must be in the future' },
    ]);
    const scheduled = await schedule(id, '2031-01-01T00:00:00.000Z');
    expect(scheduled.data!.scheduleFlyer).toMatchObject({ status: 'scheduled', publishAt: '2031-01-01T00:00:00.000Z' });
    await runJob();
    expect(await events(id)).toHaveLength(0);
    await sql(service, `update "flyer" set "publish_at" = now() - interval '1 minute' where "id" = ?`, [id]);
    await runJob();
    await runJob();
    expect(await events(id)).toHaveLength(1);
    expect((await get(id)).data!.flyer).toMatchObject({ status: 'published' });
  });

  it('refuses a token without the scope, and a read-only token on a write, as FORBIDDEN', async () => {
    const { id } = await madeFlyer();
    const noScope = (await business(service, app, ['store.products.read'])).token;
    expect(errorOf(await get(id, noScope))?.code).toBe('FORBIDDEN');
    const readOnly = (await business(service, app, ['store.flyers.read'])).token;
    expect(errorOf(await publish(id, readOnly))?.code).toBe('FORBIDDEN');
    expect(errorOf(await create(base(), readOnly))?.code).toBe('FORBIDDEN');
  });

  it('lists its own flyers newest first by pages, filtered by store and status', async () => {
    const other = await business(service, app, SCOPES);
    const store = await createStore(service, other.businessAccountId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await ok<{ id: string }>(
            service,
            `mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { id } }`,
            { input: { ...base(), storeId: store } },
            other.token,
          )
        ).id,
      );
    await publish(ids[0]!, other.token);
    const list = (args: string) =>
      ok<{ nodes: { id: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } }>(
        service,
        `query { flyers(${args}) { nodes { id } pageInfo { endCursor hasNextPage } } }`,
        {},
        other.token,
      );
    const page1 = await list('first: 2');
    expect(page1.nodes.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    const page2 = await list(`first: 2, after: "${page1.pageInfo.endCursor}"`);
    expect(page2).toMatchObject({ nodes: [{ id: ids[0] }], pageInfo: { hasNextPage: false } });
    expect((await list('status: published')).nodes).toEqual([{ id: ids[0] }]);
    expect(errorOf(await gql(`query { flyers(storeId: "${myStore}") { nodes { id } } }`, {}, other.token))?.code).toBe(
      'NOT_FOUND',
    );
  });

  it('reads a page of 20 flyers with pages and products in as many queries as a page of 2', async () => {
    const owner = await business(service, app, SCOPES);
    const store = await createStore(service, owner.businessAccountId);
    const product = (await createProduct(service, owner.token)).id;
    const input = {
      ...base(),
      storeId: store,
      pages: [{ imageUrl: 'https://img.example/p.png' }],
      items: [{ productId: product, salePriceAmount: 10 }],
    };
    for (let i = 0; i < 20; i++)
      await ok(
        service,
        `mutation($input: CreateFlyerInput!) { createFlyer(input: $input) { id } }`,
        { input },
        owner.token,
      );
    const page = (first: number) =>
      countQueries(service, () =>
        ok(
          service,
          `query { flyers(first: ${first}) { nodes { pages { imageUrl } items { product { name } } } } }`,
          {},
          owner.token,
        ),
      );
    expect(await page(20)).toBe(await page(2));
  });
});
