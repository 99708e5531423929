/**
 * The benchmark's database: a fresh `bench_<random>` on the machine's PostgreSQL, migrated with the
 * service's own migrations, filled with a generated store directory in two bulk statements (no ORM),
 * then vacuumed and analysed. Dropped at the end, also when the run fails.
 */
import type pg from 'pg';
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { createOrm, migrate } from '../../subgraphs/kernel/db/orm.js';
import { createScratchDatabase, withClient, type ScratchDatabase } from '../../test/fixtures/database.js';
import { assertVocabulary, BRANCHES, CHAINS, PLACES, PLACE_SLOTS, TOWNS } from './dataset.js';

/** A database created for one run. */
export type BenchDatabase = ScratchDatabase;

/** Creates an empty database next to `adminUrl` and applies the migrations. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const database = await createScratchDatabase(adminUrl, 'bench_');
  try {
    const orm = await createOrm({
      env: { databaseUrl: database.url, dataDir: 'memory://', debugSql: false },
      entities: ALL_ENTITIES,
    });
    try {
      await migrate(orm);
    } finally {
      await orm.close(true);
    }
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** A UUIDv7-shaped id from a row number (time prefix plus hashed bits), so ids sort like real ones. */
export const UUID_V7_SQL = (n: string, salt: string): string =>
  `(lpad(to_hex(1735689600000 + ${n}), 12, '0') || '7' || substr(md5(${n}::text || '${salt}'), 1, 3) || '8' || substr(md5(${n}::text || '${salt}'), 4, 15))::uuid`;

const INSERT_BUSINESSES = `
insert into business_account (id, created_at, updated_at, name, owner_email)
select ${UUID_V7_SQL('n', 'b')}, now(), now(), name || ' 株式会社', 'owner' || n || '@chain.example'
from unnest($1::text[]) with ordinality as t(name, n)
on conflict ("id") do nothing`;

// h1..h4 are independent deterministic pseudo-random streams per row.
const INSERT_STORES = `
with g as (
  select i, abs(hashint4(i)) as h1, abs(hashint4(i + 1000003)) as h2, abs(hashint4(i + 2000003)) as h3, abs(hashint4(i + 3000017)) as h4
  from generate_series($12::int, $1::int) as i
), pick as (
  select g.*,
    1 + h1 % cardinality($2::text[]) as c,
    1 + ($6::int[])[1 + h2 % cardinality($6::int[])] as p,
    1 + h3 % cardinality($8::text[]) as b,
    1 + (h4 / 7) % cardinality($10::text[]) as t
  from g
)
insert into store (id, created_at, updated_at, business_account_id, name, name_kana, prefecture_code, store_type, address,
                   postal_code, phone, is_public_listing, place_id, latitude, longitude)
select
  ${UUID_V7_SQL('i', 's')}, now(), now(),
  ${UUID_V7_SQL('c', 'b')},
  ($2::text[])[c] || ' ' || ($5::text[])[p] || ($8::text[])[b] || '店' || case when h4 % 11 = 0 then ' ' || (2 + h4 % 3) || '号店' else '' end,
  ($3::text[])[c] || ' ' || ($9::text[])[p] || ($11::text[])[b] || 'テン' || case when h4 % 11 = 0 then ' ' || (2 + h4 % 3) || 'ゴウテン' else '' end,
  ($4::text[])[p],
  ($7::text[])[c],
  ($5::text[])[p] || ($10::text[])[t] || (1 + h4 % 9) || '-' || (1 + (h4 / 9) % 30) || '-' || (1 + (h4 / 270) % 20),
  lpad((h2 % 1000)::text, 3, '0') || '-' || lpad((h3 % 10000)::text, 4, '0'),
  case when h1 % 10 < 7 then '0' || (1 + h1 % 9) || '-' || lpad((h2 % 10000)::text, 4, '0') || '-' || lpad((h3 % 10000)::text, 4, '0') end,
  h4 % 100 < 80,
  case when h3 % 100 < 12 then 'place-' || lpad(i::text, 8, '0') end,
  case when h2 % 4 > 0 then 24 + (h1 % 2000000) / 100000.0 end,
  case when h2 % 4 > 0 then 123 + (h3 % 2200000) / 100000.0 end
from pick`;

/** How the directory was filled. */
export interface LoadSummary {
  readonly stores: number;
  readonly businesses: number;
  readonly visible: number;
  /** Seconds of the two inserts. */
  readonly seconds: number;
  /** Seconds of VACUUM ANALYZE afterwards. */
  readonly vacuumSeconds: number;
}

/**
 * Fills the directory with generated stores up to `count`, then runs VACUUM ANALYZE on the tables. A
 * production table is vacuumed by autovacuum; without the visibility map that VACUUM sets, an
 * index-only scan (the filter-only count) has to visit the heap for every row. Store n is the same
 * row whatever the run, so `from` grows a directory of `from - 1` stores to `count` (the scale
 * sweep) instead of reloading it; `rebuildIndexes` loads with the store's secondary indexes dropped
 * and builds them afterwards ({@link withIndexesRebuilt}).
 */
export async function loadStores(
  url: string,
  count: number,
  { from = 1, rebuildIndexes = false }: { readonly from?: number; readonly rebuildIndexes?: boolean } = {},
): Promise<LoadSummary> {
  assertVocabulary();
  const started = performance.now();
  return withClient(url, async (c) => {
    await c.query('begin');
    await c.query(INSERT_BUSINESSES, [CHAINS.map(([name]) => name)]);
    // Chain n belongs to business n: both statements derive that id from n the same way.
    const insert = () =>
      c.query(INSERT_STORES, [
        count,
        CHAINS.map(([name]) => name),
        CHAINS.map(([, kana]) => kana),
        PLACES.map((p) => p.prefectureCode),
        PLACES.map((p) => p.name),
        PLACE_SLOTS,
        CHAINS.map(([, , type]) => type),
        BRANCHES.map(([name]) => name),
        PLACES.map((p) => p.kana),
        TOWNS,
        BRANCHES.map(([, kana]) => kana),
        from,
      ]);
    await (rebuildIndexes ? withIndexesRebuilt(c, ['store'], insert) : insert());
    await c.query('commit');
    const loaded = performance.now();
    await c.query('vacuum analyze store, business_account');
    const vacuumSeconds = (performance.now() - loaded) / 1000;
    const { rows } = await c.query<{ stores: number; visible: number; businesses: number }>(
      `select count(*)::int as stores, count(*) filter (where is_public_listing or place_id is not null)::int as visible,
              (select count(*)::int from business_account) as businesses from store`,
    );
    const row = rows[0]!;
    return { ...row, seconds: (loaded - started) / 1000, vacuumSeconds };
  });
}

/**
 * Runs `load` (inside the caller's transaction) with the plain secondary indexes of `tables` dropped,
 * then creates them again from their definitions, with their per-column statistics targets (migration
 * 0031 sets one): one sorted build per index instead of an index insertion per row, which for the
 * GIN indexes of the store directory makes 900k more stores minutes faster. Primary keys and unique
 * indexes stay (constraints depend on them). A GIN index built at once is somewhat smaller than one
 * filled row by row, as production's would be.
 */
export async function withIndexesRebuilt(c: pg.Client, tables: readonly string[], load: () => Promise<unknown>) {
  const { rows } = await c.query<{ name: string; def: string; targets: (number | null)[] }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as def,
       array(select nullif(a.attstattarget, -1)::int from pg_attribute a where a.attrelid = x.indexrelid and a.attnum > 0
             order by a.attnum) as targets
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relname = any($1::text[]) and t.relnamespace = 'public'::regnamespace and not x.indisprimary and not x.indisunique`,
    [tables],
  );
  for (const index of rows) await c.query(`drop index "${index.name}"`);
  await load();
  await c.query("set local maintenance_work_mem = '256MB'");
  for (const index of rows) {
    await c.query(index.def);
    for (const [k, target] of index.targets.entries())
      if (target !== null) await c.query(`alter index "${index.name}" alter column ${k + 1} set statistics ${target}`);
  }
}
