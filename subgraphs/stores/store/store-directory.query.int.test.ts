/**
 * The directory search's text filter against the real database: terms of one or two characters,
 * found through the substring index of migration 0031, give exactly what a brute-force substring
 * test of each field gives (both page plans, the count, the order); and on PostgreSQL, at a size where
 * the planner's choice means something, such terms are read through that index, never by computing
 * the substrings row by row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { hasPostgres } from '../../../test/requirements.js';
import { BusinessAccount } from '../../identity/index.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import {
  directoryStatements,
  isShortTerm,
  SORT_MATCHES_UP_TO,
  WALK_WINDOW,
  type Statement,
} from './store-directory.query.js';
import { StoreService } from './store.service.js';

let db: ServiceDatabase;
let businessAccountId: string;
const em = (): EntityManager => db.context(OPERATOR).em;

/** [name, kana, address, visible]; a visible store is listed or has a place-directory id. */
const STORES: readonly (readonly [string, string, string, 'listed' | 'place' | 'hidden'])[] = [
  ['渋谷 駅前店', 'シブヤ エキマエテン', '渋谷区道玄坂1-2-3', 'listed'],
  ['新宿 西口店', 'シンジュク ニシグチテン', '新宿区西新宿2-8-1', 'listed'],
  ['渋谷 非公開店', 'シブヤ ヒコウカイテン', '渋谷区神南1-1-1', 'hidden'],
  ['ミナミ 駅', 'ミナミ エキ', '大阪市中央区', 'place'],
  ['Cafe ABC_1%', 'カフェ エービーシー', 'Shibuya 5-10', 'listed'],
  ['100% Juice', 'ヒャクパーセント ジュース', '渋谷1丁目', 'listed'],
  ['a_b', 'エービー', '京都市', 'listed'],
  ['ab', 'アブ', 'x', 'listed'],
  ['ＡＢ商店', 'エービーショウテン', '札幌市', 'listed'],
  ['寿司🍣', 'スシ', '大阪', 'listed'],
  ['back\\slash', 'バックスラッシュ', 'y', 'listed'],
  // Ends with テ, the kana starts with ン: テン spans the separator only, so it must not match here.
  ['店テ', 'ンテ', 'z', 'listed'],
  ['谷', 'タニ', '谷町', 'listed'],
];

/** Short terms of every kind: kanji, kana, latin in either case, digits, LIKE wildcards, backslash, a
 * character outside the BMP (two UTF-16 units, one code point), and the separator (stripped). */
const SHORT_TERMS = [
  '渋谷',
  '駅',
  '新宿',
  '谷',
  'テン',
  'ン',
  'a',
  'A',
  'ab',
  'AB',
  'ａ',
  'ＡＢ',
  '_',
  '%',
  'a_',
  '_1',
  '1%',
  '0',
  '10',
  '🍣',
  '司🍣',
  '\\',
  'k\\',
  'テ\u001fン',
  'x',
];

/** The ids a substring test of each field, lower-cased, finds among visible stores, in directory order. */
async function bruteForce(q: string): Promise<string[]> {
  const term = q.replaceAll('\u001f', '').toLowerCase();
  const rows = await em().execute<{ id: string }[]>(
    `select "id" from "store"
     where ("is_public_listing" or "place_id" is not null)
       and (strpos(lower("name"), ?) > 0 or strpos(lower("name_kana"), ?) > 0 or strpos(lower("address"), ?) > 0)
     order by "name_kana", "id"`,
    [term, term, term],
  );
  return rows.map((r) => r.id);
}

async function ids(statement: Statement): Promise<string[]> {
  return (await em().execute<{ id: string }[]>(statement.sql, [...statement.params])).map((r) => r.id);
}

beforeAll(async () => {
  db = await openServiceDatabase();
  const fork = db.orm.em.fork();
  const business = fork.create(BusinessAccount, { name: '検索テスト株式会社', ownerEmail: 'search@test.example' });
  await fork.flush();
  businessAccountId = business.id;
  let n = 0;
  for (const [name, kana, address, visible] of STORES) {
    await em().execute(
      `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
         "store_type", "address", "is_public_listing", "place_id")
       values (gen_random_uuid(), now(), now(), ?, ?, ?, '13', 'cafe', ?, ?, ?)`,
      [
        businessAccountId,
        name,
        kana,
        address,
        visible === 'listed',
        visible === 'place' ? `place-search-${++n}` : null,
      ],
    );
  }
});
afterAll(() => db?.close());

describe('directory search for terms of one or two characters', () => {
  it('counts characters as code points', () => {
    expect(['駅', '渋谷', '🍣', '司🍣', 'ab'].every(isShortTerm)).toBe(true);
    expect(['', '新宿区', '🍣🍣🍣'].some(isShortTerm)).toBe(false);
  });

  it.each(SHORT_TERMS)(
    'finds for %j exactly the stores a substring test finds, in order, with the total',
    async (q) => {
      // Tests run in random order: the plan tests' 20,000 stores may be there (thousands match `0`).
      const matches = await bruteForce(q);
      expect(matches.length, 'the data has matches for every term').toBeGreaterThan(0);
      const expected = matches.slice(0, 100);
      const page = await new StoreService(db.context()).searchPublic({ q, pageSize: 100 });
      expect(page.items.map((s) => s.id)).toEqual(expected);
      expect(page.total).toBe(matches.length);
      // Both page plans, whichever the count picks.
      const statements = directoryStatements({ q }, { page: 1, pageSize: 100, offset: 0 });
      expect(await ids(statements.page(true))).toEqual(expected);
      expect(await ids(statements.page(false))).toEqual(expected);
    },
  );

  it('walks a bounded window: the page when the window holds it, fewer rows when it does not', async () => {
    const statements = directoryStatements({ q: '渋谷' }, { page: 1, pageSize: 1, offset: 0 });
    const full = await ids(statements.page(false));
    expect(full.length).toBe(1);
    expect(await ids(statements.walk(100_000))).toEqual(full);
    // The first visible store in kana order (アブ) does not match 渋谷: a window of one finds nothing.
    expect(await ids(statements.walk(1))).toEqual([]);
    const listed = directoryStatements({ q: 'ab', prefectureCode: '13' }, { page: 1, pageSize: 5, offset: 0 });
    expect(await ids(listed.walk(100_000))).toEqual(await ids(listed.page(true)));
  });

  it('does not match a pair of characters across the field separator', async () => {
    const page = await new StoreService(db.context()).searchPublic({ q: 'テン' });
    expect(page.items.map((s) => s.name)).not.toContain('店テ');
    expect(page.items.map((s) => s.name)).toContain('渋谷 駅前店');
  });
});

const SUBSTRING_INDEX_SCAN = 'Bitmap Index Scan on store_search_grams_idx';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The scan nodes of a statement's plan, e.g. `Bitmap Index Scan on store_search_grams_idx`. */
async function scans(statement: Statement): Promise<string[]> {
  const [row] = await em().execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`explain (format json) ${statement.sql}`, [
    ...statement.params,
  ]);
  const found: string[] = [];
  const walk = (node: PlanNode): void => {
    if (node['Node Type'].includes('Scan'))
      found.push(node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type']);
    node.Plans?.forEach(walk);
  };
  walk(row!['QUERY PLAN'][0].Plan);
  return found;
}

describe.skipIf(!hasPostgres('plans of the directory search at 20,000 stores'))(
  'plans of short terms (PostgreSQL, 20,000 stores)',
  () => {
    beforeAll(async () => {
      // 渋谷 in 1% of the stores, 駅 in 5%, 店 in every one; then vacuumed and analysed, as autovacuum
      // would (VACUUM also moves the GIN indexes' pending entries into the index proper).
      await em().execute(
        `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
           "store_type", "address", "is_public_listing")
         select gen_random_uuid(), now(), now(), ?, 'ストア' || i || case when i % 100 = 0 then ' 渋谷' else '' end || '店',
           'ストア' || i, lpad((1 + i % 47)::text, 2, '0'), 'cafe',
           '町' || i || case when i % 20 = 0 then ' 駅前' else '' end, i % 5 > 0
         from generate_series(1, 20000) as i`,
        [businessAccountId],
      );
      // A chain of 2,500 stores whose kana sort after every ストア: more matches than a sort is chosen
      // for, all of them past the walk's window.
      await em().execute(
        `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
           "store_type", "address", "is_public_listing")
         select gen_random_uuid(), now(), now(), ?, 'ヲヲマート ' || i, 'ン' || i, '13', 'cafe', '町' || i, true
         from generate_series(1, 2500) as i`,
        [businessAccountId],
      );
      await em().execute('vacuum analyze "store"');
    });

    it.each([
      ['a two-character term', '渋谷'],
      ['a one-character term', '駅'],
      ['a term in every store', '店'],
    ])('reads %s (%s) through the substring index: the count and the sorted page', async (_kind, q) => {
      const statements = directoryStatements({ q }, { page: 1, pageSize: 30, offset: 0 });
      const count = await scans(statements.count);
      expect(count).toContain(SUBSTRING_INDEX_SCAN);
      expect(count.filter((s) => s !== SUBSTRING_INDEX_SCAN && !s.endsWith('Bitmap Heap Scan'))).toEqual([]);
      expect(await scans(statements.page(true))).toContain(SUBSTRING_INDEX_SCAN);
    });

    it('sorts the matches when they lie past the walk window, and walks when it holds the page', async () => {
      const late = await bruteForce('ヲヲマート');
      expect(late.length).toBeGreaterThan(SORT_MATCHES_UP_TO);
      const paging = { page: 2, pageSize: 30, offset: 30 };
      // The walk over its window finds none of them: the page comes from the sorted matches.
      expect(await ids(directoryStatements({ q: 'ヲヲマート' }, paging).walk(WALK_WINDOW + 30))).toEqual([]);
      const page = await new StoreService(db.context()).searchPublic({ q: 'ヲヲマート', page: 2, pageSize: 30 });
      expect(page.items.map((s) => s.id)).toEqual(late.slice(30, 60));
      expect(page.total).toBe(late.length);
      // 店 is in every store: the window holds the page.
      const everywhere = await bruteForce('店');
      const walked = await ids(directoryStatements({ q: '店' }, paging).walk(WALK_WINDOW + 30));
      expect(walked).toEqual(everywhere.slice(30, 60));
      const shop = await new StoreService(db.context()).searchPublic({ q: '店', page: 2, pageSize: 30 });
      expect(shop.items.map((s) => s.id)).toEqual(walked);
    });
  },
);
