/**
 * EXPLAIN (ANALYZE, BUFFERS) of the directory search at benchmark scale, with the statements the
 * service issues (subgraphs/stores/store/store-directory.query.ts): which index serves which kind
 * of Japanese search term (trigrams from three characters, the substring index of migration 0031
 * below), and whether the service needs the count at all.
 */
import type pg from 'pg';
import {
  directoryStatements,
  SORT_MATCHES_UP_TO,
  WALK_WINDOW,
  type Statement,
} from '../../subgraphs/stores/store/store-directory.query.js';
import { findPrefecture } from '../../subgraphs/stores/reference/prefectures.js';
import type { SearchQuery } from './load.js';

/** The service's default page size. */
const PAGE_SIZE = 30;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  'Sort Method'?: string;
  'Scan Direction'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** The gist of one EXPLAIN ANALYZE. */
export interface PlanSummary {
  readonly planningMs: number;
  readonly executionMs: number;
  /** Rows the statement returned. */
  readonly rows: number;
  /** Scan nodes, e.g. `Bitmap Index Scan on store_search_text_trgm_idx`. */
  readonly scans: readonly string[];
  readonly rowsRemovedByFilter: number;
  /** Heap visits of index-only scans (0 once VACUUM has set the visibility map). */
  readonly heapFetches: number;
  readonly sharedBlocks: number;
  /** Every node, root first, e.g. `Limit`, `Incremental Sort`, `Index Scan Backward on ...`. */
  readonly nodes: readonly string[];
}

function summarise(root: { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }): PlanSummary {
  const scans: string[] = [];
  let removed = 0;
  let heapFetches = 0;
  const nodes: string[] = [];
  const walk = (node: PlanNode): void => {
    const type = node['Scan Direction'] === 'Backward' ? `${node['Node Type']} Backward` : node['Node Type'];
    const kind = node['Index Name'] ? `${type} on ${node['Index Name']}` : type;
    nodes.push(node['Sort Method'] ? `${kind} (${node['Sort Method']})` : kind);
    if (node['Node Type'].includes('Scan')) scans.push(kind);
    removed += node['Rows Removed by Filter'] ?? 0;
    heapFetches += node['Heap Fetches'] ?? 0;
    node.Plans?.forEach(walk);
  };
  walk(root.Plan);
  return {
    planningMs: root['Planning Time'],
    executionMs: root['Execution Time'],
    rows: root.Plan['Actual Rows'] ?? 0,
    scans,
    rowsRemovedByFilter: removed,
    heapFetches,
    sharedBlocks: (root.Plan['Shared Hit Blocks'] ?? 0) + (root.Plan['Shared Read Blocks'] ?? 0),
    nodes,
  };
}

/** Both statements of one search (page 1 and the count), explained. */
export interface SearchPlans {
  readonly label: string;
  readonly page: PlanSummary;
  readonly count: PlanSummary;
  /** False when page 1 shows where the results end, so the service skips the count. */
  readonly countIssued: boolean;
}

/**
 * `?` placeholders replaced by literals: the service's `em.execute` sends its SQL with the values
 * inlined (MikroORM formats the query), so this is the text PostgreSQL plans.
 */
function inline(client: pg.Client, statement: Statement): string {
  let next = 0;
  return statement.sql.replace(/\?/g, () => {
    const value = statement.params[next++];
    return typeof value === 'number' ? String(value) : client.escapeLiteral(String(value));
  });
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement in the service's `?` form (em.execute), values inlined as
 * the service sends them: run once to warm the cache, then the measured run.
 */
export function explainStatement(client: pg.Client, statement: Statement): Promise<PlanSummary> {
  return explain(client, inline(client, statement));
}

async function explain(client: pg.Client, sql: string): Promise<PlanSummary> {
  // Once to warm the cache, then the measured run.
  await client.query(`explain (analyze, buffers, format json) ${sql}`);
  const { rows } = await client.query<{
    'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }];
  }>(`explain (analyze, buffers, format json) ${sql}`);
  return summarise(rows[0]!['QUERY PLAN'][0]);
}

/**
 * Explains page 1 of the search (30 rows) and its count with the service's own statements, and the
 * page plan the service picks: for a text search, sorting the matches when the count is small.
 */
export async function explainSearch(client: pg.Client, query: SearchQuery): Promise<SearchPlans> {
  const q = query.q ?? '';
  const filter = { q, prefectureCode: query.prefecture ? findPrefecture(query.prefecture)?.code : undefined };
  const statements = directoryStatements(filter, { page: 1, pageSize: PAGE_SIZE, offset: 0 });
  const count = await explain(client, inline(client, statements.count));
  const total = (await client.query<{ total: number }>(inline(client, statements.count))).rows[0]?.total ?? 0;
  let page: PlanSummary;
  let how = '';
  if (q !== '' && total > SORT_MATCHES_UP_TO) {
    // As the service: the bounded walk first; when it ends before the page is full, the sorted matches.
    const walk = await explain(client, inline(client, statements.walk(WALK_WINDOW)));
    if (walk.rows === Math.min(PAGE_SIZE, total)) {
      page = walk;
      how = ', walked';
    } else {
      page = await explain(client, inline(client, statements.page(true)));
      how = `, walk of ${WALK_WINDOW} ended short after ${walk.executionMs.toFixed(1)} ms, then sorted`;
    }
  } else page = await explain(client, inline(client, statements.page(q !== '')));
  const label = `q=${query.q ?? '-'} prefecture=${query.prefecture ?? '-'}${q === '' ? '' : ` (${total} matches${how})`}`;
  return { label, page, count, countIssued: q !== '' || page.rows === PAGE_SIZE };
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
