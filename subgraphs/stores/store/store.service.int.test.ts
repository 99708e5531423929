/**
 * StoreService against the real database, without HTTP: what a created store holds, the database
 * refusals it turns into coded errors, public visibility, and the search's filters and paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { BusinessAccount } from '../../identity/index.js';
import type { CreateStoreInput } from './store.input.js';
import { Store } from './store.entity.js';
import { StoreService } from './store.service.js';

let db: ServiceDatabase;
let businessAccountId: string;
const asOperator = () => new StoreService(db.context(OPERATOR));
const asAnyone = () => new StoreService(db.context());

async function refusal(call: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e as { extensions: Record<string, unknown> },
  );
  expect(error, 'the call was refused').toBeDefined();
  return error!.extensions;
}

const store = (change: Partial<CreateStoreInput> = {}): Promise<{ id: string }> =>
  asOperator().create({ businessAccountId, name: 'テスト店', prefecture: '13', storeType: 'supermarket', ...change });

beforeAll(async () => {
  db = await openServiceDatabase();
  const em = db.orm.em.fork();
  const business = em.create(BusinessAccount, { name: 'テスト株式会社', ownerEmail: 'owner@test.example' });
  await em.flush();
  businessAccountId = business.id;
});
afterAll(() => db?.close());

describe('StoreService.create', () => {
  it('stores trimmed text, the prefecture code of a name, the name as reading by default, and defaults', async () => {
    const created = await asOperator().create({
      businessAccountId,
      name: '  駅前店  ',
      nameKana: '   ',
      prefecture: ' 大阪府 ',
      storeType: 'cafe',
      address: '  大阪市北区1-1 ',
    });
    expect(created).toMatchObject({
      name: '駅前店',
      nameKana: '駅前店',
      prefectureCode: '27',
      address: '大阪市北区1-1',
      postalCode: null,
      phone: null,
      isPublicListing: false,
      placeId: null,
    });
    const reread = await db.orm.em.fork().findOneOrFail(Store, { id: created.id });
    expect(reread).toMatchObject({ name: '駅前店', prefectureCode: '27' });
  });

  it('accepts the longest values the checks allow', async () => {
    const created = await store({
      name: 'x'.repeat(200),
      nameKana: 'ア'.repeat(200),
      address: 'a'.repeat(300),
      phone: `+${'0'.repeat(31)}`,
      postalCode: '1000001',
      placeId: 'p'.repeat(128),
    });
    expect(created).toMatchObject({ postalCode: '1000001', placeId: 'p'.repeat(128) });
  });

  it('answers an unknown business account with a field error, not a database error', async () => {
    expect(await refusal(store({ businessAccountId: '01900000-0000-7000-8001-0000000000ff' }))).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'unknown_business_account',
      errors: [{ path: 'businessAccountId', message: 'unknown business account' }],
    });
  });

  it('answers a place-directory id already taken with CONFLICT', async () => {
    await store({ placeId: 'place-taken' });
    expect(await refusal(store({ placeId: 'place-taken' }))).toEqual({ code: 'CONFLICT', reason: 'place_id_taken' });
  });
});

describe('StoreService public directory', () => {
  let listed: string;
  let placeOnly: string;
  let hidden: string;
  beforeAll(async () => {
    listed = (await store({ name: '公開 みどり店', prefecture: '01', storeType: 'bakery', isPublicListing: true })).id;
    placeOnly = (await store({ name: '地図 みどり店', prefecture: '01', storeType: 'bakery', placeId: 'place-1' })).id;
    hidden = (await store({ name: '非公開 みどり店', prefecture: '01', storeType: 'bakery' })).id;
  });

  it('shows a listed store and one known by a place-directory id, never an unlisted one', async () => {
    expect((await asAnyone().getPublic(listed)).id).toBe(listed);
    expect((await asAnyone().getPublic(placeOnly)).id).toBe(placeOnly);
    expect(await refusal(asAnyone().getPublic(hidden))).toEqual({ code: 'NOT_FOUND', reason: 'store_not_found' });
  });

  it('searches only visible stores, by a prefecture name or code and a store type', async () => {
    for (const prefecture of ['北海道', '01', '1', 'hokkaido']) {
      const page = await asAnyone().searchPublic({ prefecture, storeType: 'bakery' });
      expect(page.items.map((s) => s.id).sort(), prefecture).toEqual([listed, placeOnly].sort());
      expect(page.total).toBe(2);
    }
  });

  it('matches q as literal text (100 characters allowed; LIKE wildcards match only themselves)', async () => {
    expect((await asAnyone().searchPublic({ q: '公開 みどり', prefecture: '01' })).items.map((s) => s.id)).toEqual([
      listed,
    ]);
    expect((await asAnyone().searchPublic({ q: '%', prefecture: '01' })).total).toBe(0);
    expect((await asAnyone().searchPublic({ q: 'ん'.repeat(100) })).total).toBe(0);
  });

  it('pages: defaults 1 and 30, a page size above 100 capped to 100, a page past the end empty', async () => {
    expect(await asAnyone().searchPublic({ prefecture: '01' })).toMatchObject({ page: 1, pageSize: 30, total: 2 });
    expect(await asAnyone().searchPublic({ prefecture: '01', pageSize: 1000 })).toMatchObject({ pageSize: 100 });
    const second = await asAnyone().searchPublic({ prefecture: '01', pageSize: 1, page: 2 });
    expect({ items: second.items.length, total: second.total }).toEqual({ items: 1, total: 2 });
    expect((await asAnyone().searchPublic({ prefecture: '01', page: 3, pageSize: 1 })).items).toEqual([]);
  });
});
