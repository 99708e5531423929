/**
 * The directory search's reads through {@link readRows}: the same rows as `em.execute` for every
 * statement shape the search issues (both drivers), and on PostgreSQL they go to the ORM's pool
 * directly, unless a transaction is in progress (whose connection must be used).
 */
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { BusinessAccount } from '../../identity/index.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { inlinedSql, readRows, type Statement } from './read-statement.js';
import { directoryStatements, type DirectoryFilter } from './store-directory.query.js';
import { Store } from './store.entity.js';
import { StoreService } from './store.service.js';

let db: ServiceDatabase;
const em = (): EntityManager => db.context(OPERATOR).em;

/** Every shape: no filter, each filter, a short term (substring index) and a long one, both page plans. */
const FILTERS: readonly DirectoryFilter[] = [
  { q: '' },
  { q: '', prefectureCode: '13' },
  { q: '', storeType: 'cafe' },
  { q: '駅', prefectureCode: '13' },
  { q: 'ｶﾌｪ_%\\' },
  { q: '渋谷駅前', prefectureCode: '13', storeType: 'cafe' },
];

function statementsOf(filter: DirectoryFilter): Statement[] {
  const s = directoryStatements(filter, { page: 1, pageSize: 2, offset: 1 });
  return [s.count, s.page(true), s.page(false)];
}

beforeAll(async () => {
  db = await openServiceDatabase();
  const fork = db.orm.em.fork();
  const business = fork.create(BusinessAccount, { name: '読み取り株式会社', ownerEmail: 'read@test.example' });
  await fork.flush();
  for (const [name, kana, prefecture, type, listed] of [
    ['渋谷駅前店', 'シブヤエキマエ', '13', 'cafe', true],
    ['新宿駅店', 'シンジュクエキ', '13', 'cafe', true],
    ['ｶﾌｪ_%\\店', 'カフェ', '27', 'cafe', true],
    ['梅田駅店', 'ウメダエキ', '27', 'restaurant', true],
    ['非公開駅店', 'ヒコウカイ', '13', 'cafe', false],
  ] as const) {
    await em().execute(
      `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
         "store_type", "address", "is_public_listing", "latitude", "longitude")
       values (gen_random_uuid(), now() - interval '1 day', now(), ?, ?, ?, ?, ?, '住所1-2-3', ?, 35.5, 139.25)`,
      [business.id, name, kana, prefecture, type, listed],
    );
  }
});
afterAll(() => db?.close());

describe('readRows', () => {
  it('sends the SQL em.execute sends, values inlined', () => {
    const statement = statementsOf({ q: "駅'", prefectureCode: '13' })[1]!;
    const sql = inlinedSql(em(), statement);
    expect(sql).not.toContain('?');
    expect(sql).toContain(`like '%駅''%'`);
    expect(sql).toMatch(/limit 2 offset 1$/);
  });

  it.each(FILTERS)('reads what em.execute reads for %j (every column, parsed alike)', async (filter) => {
    for (const statement of statementsOf(filter)) {
      const expected = await em().execute<object[]>(statement.sql, [...statement.params]);
      expect(await readRows(em(), statement)).toEqual(expected);
    }
    // The data makes every shape mean something: the unfiltered count sees all four visible stores.
    const [count] = await readRows<{ total: number }>(em(), statementsOf({ q: '' })[0]!);
    expect(count?.total).toBe(4);
  });

  it('gives the search its stores as Store instances with Date timestamps, every field read', async () => {
    const page = await new StoreService(db.context()).searchPublic({ prefecture: '13' });
    const rows = await em().execute<Record<string, unknown>[]>(
      'select * from "store" where "prefecture_code" = ? and "is_public_listing"',
      ['13'],
    );
    expect(page.items.map((s) => s.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const store of page.items) {
      const row = rows.find((r) => r.id === store.id)!;
      expect(store).toBeInstanceOf(Store);
      expect(store.createdAt).toBeInstanceOf(Date);
      expect(store.createdAt.getTime()).toBe(new Date(row.created_at as string).getTime());
      expect(store.updatedAt.getTime()).toBe(new Date(row.updated_at as string).getTime());
      expect(store.createdAt.getTime()).toBeLessThan(store.updatedAt.getTime());
      expect({
        businessAccountId: store.businessAccountId,
        name: store.name,
        nameKana: store.nameKana,
        prefectureCode: store.prefectureCode,
        storeType: store.storeType,
        address: store.address,
        postalCode: store.postalCode,
        phone: store.phone,
        isPublicListing: store.isPublicListing,
        placeId: store.placeId,
        latitude: store.latitude,
        longitude: store.longitude,
      }).toEqual({
        businessAccountId: row.business_account_id,
        name: row.name,
        nameKana: row.name_kana,
        prefectureCode: row.prefecture_code,
        storeType: row.store_type,
        address: row.address,
        postalCode: row.postal_code,
        phone: row.phone,
        isPublicListing: row.is_public_listing,
        placeId: row.place_id,
        latitude: row.latitude,
        longitude: row.longitude,
      });
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL reads from the pool, but inside a transaction on its connection',
    async () => {
      const connection = em().getConnection();
      expect(connection).toBeInstanceOf(PostgreSqlConnection);
      const pool = await (connection as PostgreSqlConnection).getNativeClient();
      const query = vi.spyOn(pool, 'query');
      const statement = statementsOf({ q: '駅', prefectureCode: '13' })[0]!;
      try {
        expect(await readRows(em(), statement)).toEqual([{ total: 2 }]);
        expect(query).toHaveBeenCalledTimes(1);
        expect(query.mock.calls[0]).toEqual([inlinedSql(em(), statement)]);
        query.mockClear();
        await em()
          .transactional(async (tx) => {
            await tx.execute(`insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana",
            "prefecture_code", "store_type", "address", "is_public_listing")
          select gen_random_uuid(), now(), now(), "business_account_id", '池袋駅店', 'イケブクロ', '13', 'cafe', 'x', true
          from "store" limit 1`);
            // The uncommitted row is seen: the read ran on the transaction's connection, not the pool.
            expect(await readRows(tx, statement)).toEqual([{ total: 3 }]);
            throw new RollBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RollBack)) throw error;
          });
        expect(query).not.toHaveBeenCalled();
      } finally {
        query.mockRestore();
      }
    },
  );
});

class RollBack extends Error {}
