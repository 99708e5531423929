/**
 * EXPLAIN (ANALYZE, BUFFERS) of the directory search at benchmark scale: which index serves which
 * kind of Japanese search term, and what a normalised search column would change. The experiment
 * alters only the benchmark's own throwaway database, never the migrations.
 */
import type pg from 'pg';
import { publicStoreFilter, type SearchVariant } from './baseline.js';
import type { SearchQuery } from './load.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** The gist of one EXPLAIN ANALYZE. */
export interface PlanSummary {
  readonly planningMs: number;
  readonly executionMs: number;
  /** Scan nodes, e.g. `Bitmap Index Scan on store_name_trgm_idx`. */
  readonly scans: readonly string[];
  readonly rowsRemovedByFilter: number;
  readonly sharedBlocks: number;
}

function summarise(root: { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }): PlanSummary {
  const scans: string[] = [];
  let removed = 0;
  const walk = (node: PlanNode): void => {
    if (node['Node Type'].includes('Scan'))
      scans.push(node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type']);
    removed += node['Rows Removed by Filter'] ?? 0;
    node.Plans?.forEach(walk);
  };
  walk(root.Plan);
  const sharedBlocks = (root.Plan['Shared Hit Blocks'] ?? 0) + (root.Plan['Shared Read Blocks'] ?? 0);
  return {
    planningMs: root['Planning Time'],
    executionMs: root['Execution Time'],
    scans,
    rowsRemovedByFilter: removed,
    sharedBlocks,
  };
}

/** Both statements of one search (the page and the count), explained. */
export interface SearchPlans {
  readonly label: string;
  readonly variant: SearchVariant;
  readonly page: PlanSummary;
  readonly count: PlanSummary;
}

async function explain(client: pg.Client, sql: string, params: unknown[]): Promise<PlanSummary> {
  // Once to warm the cache, then the measured run.
  await client.query(`explain (analyze, buffers, format json) ${sql}`, params);
  const { rows } = await client.query<{
    'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }];
  }>(`explain (analyze, buffers, format json) ${sql}`, params);
  return summarise(rows[0]!['QUERY PLAN'][0]);
}

/** Explains the search's page query (first page of 30) and its count, as the baseline issues them. */
export async function explainSearch(
  client: pg.Client,
  query: SearchQuery,
  variant: SearchVariant,
): Promise<SearchPlans> {
  const { where, params } = publicStoreFilter(query.q ?? '', query.prefecture, query.storeType, variant);
  const n = params.length;
  const page = await explain(
    client,
    `select * from store where ${where} order by name_kana asc, id asc limit $${n + 1} offset $${n + 2}`,
    [...params, 30, 0],
  );
  const count = await explain(client, `select count(*) from store where ${where}`, params);
  const label = `q=${query.q ?? '-'} prefecture=${query.prefecture ?? '-'}`;
  return { label, variant, page, count };
}

/** Facts about the database that decide whether trigrams work for Japanese text. */
export interface TrigramFacts {
  readonly lcCtype: string;
  readonly lcCollate: string;
  /** Trigrams pg_trgm extracts from sample words: for CJK they exist only if the locale calls them word characters. */
  readonly trigramCounts: Readonly<Record<string, number>>;
}

/** Reads LC_CTYPE/LC_COLLATE and counts the trigrams of a few sample words. */
export async function trigramFacts(client: pg.Client, words: readonly string[]): Promise<TrigramFacts> {
  const locale = await client.query<{ ctype: string; collate: string }>(
    'select datctype as ctype, datcollate as collate from pg_database where datname = current_database()',
  );
  const counts: Record<string, number> = {};
  for (const w of words) {
    const { rows } = await client.query<{ n: number }>('select cardinality(show_trgm($1)) as n', [w]);
    counts[w] = rows[0]?.n ?? 0;
  }
  return { lcCtype: locale.rows[0]?.ctype ?? '?', lcCollate: locale.rows[0]?.collate ?? '?', trigramCounts: counts };
}

/**
 * The proposed fix, applied to the benchmark database only: one stored, lowercased column joining
 * the three searched fields (0x1F between them, so a match cannot span two fields) and one trigram
 * index on it. `lower(x) LIKE lower(p)` is what ILIKE computes for multibyte text, so results are
 * the same; the row check no longer lowercases three columns per row. Returns the seconds it took.
 */
export async function addSearchTextColumn(client: pg.Client): Promise<number> {
  const started = performance.now();
  await client.query(
    `alter table store add column search_text text generated always as (lower(name || chr(31) || name_kana || chr(31) || address)) stored`,
  );
  await client.query('create index store_search_text_trgm_idx on store using gin (search_text gin_trgm_ops)');
  await client.query('analyze store');
  return (performance.now() - started) / 1000;
}
