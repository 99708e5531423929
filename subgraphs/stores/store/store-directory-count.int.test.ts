/**
 * The directory counts the database keeps (migration 0033): after every kind of write to `store`
 * (single and bulk inserts, updates of visibility, prefecture and type, deletes, a rolled-back
 * transaction, TRUNCATE) they equal counting the visible stores, and a listing's total comes from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { BusinessAccount } from '../../identity/index.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { StoreService } from './store.service.js';

let db: ServiceDatabase;
let businessId: string;
const em = (): EntityManager => db.context(OPERATOR).em;

type Counts = Record<string, number>;

const FILTERS: readonly { prefecture?: string; storeType?: string }[] = [
  {},
  { prefecture: '13' },
  { prefecture: '27', storeType: 'cafe' },
  { storeType: 'drugstore' },
];

async function kept(): Promise<Counts> {
  const rows = await em().execute<{ key: string; stores: number }[]>(
    `select "prefecture_code" || '/' || "store_type" as "key", "stores" from "store_directory_count" where "stores" <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.stores]));
}

async function counted(): Promise<Counts> {
  const rows = await em().execute<{ key: string; stores: number }[]>(
    `select "prefecture_code" || '/' || "store_type" as "key", count(*)::int as "stores" from "store"
     where "is_public_listing" or "place_id" is not null group by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.stores]));
}

async function expectExact(): Promise<void> {
  expect(await kept()).toEqual(await counted());
}

/** Inserts `n` stores in one statement, every third unlisted, over two prefectures and two types. */
function insertStores(n: number, tag: string): Promise<unknown> {
  return em().execute(
    `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
       "store_type", "address", "is_public_listing")
     select gen_random_uuid(), now(), now(), ?, ? || i, 'カウント', case when i % 2 = 0 then '13' else '27' end,
       case when i % 5 = 0 then 'cafe' else 'supermarket' end, '住所', i % 3 <> 0
     from generate_series(1, ?) as i`,
    [businessId, tag, n],
  );
}

beforeAll(async () => {
  db = await openServiceDatabase();
  const fork = db.orm.em.fork();
  const business = fork.create(BusinessAccount, { name: '数える株式会社', ownerEmail: 'count@test.example' });
  await fork.flush();
  businessId = business.id;
});
afterAll(() => db?.close());

describe('store_directory_count', () => {
  it('follows inserts, one row and many at once', async () => {
    await insertStores(1, 'one');
    await expectExact();
    await insertStores(500, 'ins');
    await expectExact();
    expect((await kept())['13/supermarket']).toBeGreaterThan(100);
  });

  it('follows updates of visibility, prefecture, type, and of nothing it counts', async () => {
    await insertStores(500, 'bulk');
    await em().execute(`update "store" set "is_public_listing" = not "is_public_listing" where "name" like 'bulk1%'`);
    await expectExact();
    await em().execute(
      `update "store" set "place_id" = 'place-' || "id" where "name" like 'bulk2%' and not "is_public_listing"`,
    );
    await expectExact();
    await em().execute(`update "store" set "prefecture_code" = '01' where "name" like 'bulk3%'`);
    await expectExact();
    await em().execute(`update "store" set "store_type" = 'drugstore' where "name" like 'bulk4%'`);
    await expectExact();
    await em().execute(`update "store" set "phone" = '03-0000-0000' where "name" like 'bulk%'`);
    await expectExact();
  });

  it('follows deletes, and a rolled-back transaction changes nothing', async () => {
    await insertStores(500, 'del');
    await em().execute(`delete from "store" where "name" like 'del5%'`);
    await expectExact();
    const before = await kept();
    await expect(
      em().transactional(async (tx) => {
        await tx.execute(`delete from "store" where "name" like 'del6%'`);
        await tx.execute(`update "store" set "prefecture_code" = '47' where "name" like 'del7%'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await kept()).toEqual(before);
    await expectExact();
  });

  it('gives a listing its total: the same as counting the stores', async () => {
    await insertStores(500, 'total');
    await em().execute(`update "store" set "store_type" = 'drugstore' where "name" like 'total4%'`);
    const service = new StoreService(db.context(OPERATOR));
    for (const filter of FILTERS) {
      const conditions = ['("is_public_listing" or "place_id" is not null)'];
      if (filter.prefecture) conditions.push(`"prefecture_code" = '${filter.prefecture}'`);
      if (filter.storeType) conditions.push(`"store_type" = '${filter.storeType}'`);
      const [row] = await em().execute<{ total: number }[]>(
        `select count(*)::int as "total" from "store" where ${conditions.join(' and ')}`,
      );
      const total = row?.total ?? 0;
      expect(total, JSON.stringify(filter)).toBeGreaterThan(0);
      // Page 2 of 1: the page is empty or partial only at the end, so the total comes from the counts.
      expect((await service.searchPublic({ ...filter, page: 2, pageSize: 1 })).total).toBe(total);
    }
  });

  it('is emptied by TRUNCATE', async () => {
    await insertStores(10, 'truncate');
    await em()
      .transactional(async (tx) => {
        await tx.execute(`truncate "store" cascade`);
        expect(await tx.execute(`select * from "store_directory_count" where "stores" <> 0`)).toEqual([]);
        throw new Error('keep the stores');
      })
      .catch(() => undefined);
    await expectExact();
  });
});
