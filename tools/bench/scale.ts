/**
 * `BENCH_ONLY=scale` (and the last stage of `npm run bench`): how the cost of the public store search
 * and of the consumer history lists grows with the data. One fresh database grows through
 * BENCH_SCALE_SIZES (default 10k, 100k, 1M) rows of stores and of each history table (transactions,
 * receipt claims, check-ins; bench/history-data.ts: 1% of the history rows belong to one heavy user),
 * never reloaded; at each size, every query gets the EXPLAIN (ANALYZE, BUFFERS) of its statements as
 * the service issues them and p50/p99 of sequential requests to the service in a child process.
 */
import pg from 'pg';
import { encodeCursor, RECEIPT_PAGE_SQL } from '../../subgraphs/receipts/consumer/consumer.service.js';
import { createBenchDatabase, loadStores } from './database.js';
import { explainSearch, explainStatement, type PlanSummary } from './explain.js';
import { claimAtDepth, growHistory, heavyUser } from './history-data.js';
import type { SearchQuery } from './load.js';
import {
  checkInsRequest,
  mintUserToken,
  receiptsRequest,
  searchRequest,
  sequentialLatency,
  type Latency,
  type SweepRequest,
} from './scale-requests.js';
import { spawnServer, type ServerProcess } from './serve.js';

/** Settings of the sweep. */
export interface ScaleSettings {
  readonly adminUrl: string;
  /** Row counts, ascending (BENCH_SCALE_SIZES). */
  readonly sizes: readonly number[];
  /** Sequential requests per query and size (BENCH_SCALE_REQUESTS, default 100), after 5 warm-up ones. */
  readonly requests: number;
  readonly poolSize: number;
  readonly cpuProfileDir: string | undefined;
}

/** One query at one size. */
interface ScaleRow {
  readonly rows: number;
  readonly query: string;
  readonly latency: Latency;
  readonly page: PlanSummary;
  /** The search's count, when the service issues it. */
  readonly count?: PlanSummary;
}

/** The searches of the sweep: filter only, a 3+ character term, 1-2 character terms without a prefecture. */
const SEARCHES: readonly SearchQuery[] = [
  { prefecture: '13' },
  { q: 'マート', prefecture: '13' },
  { q: '渋谷' },
  { q: '駅' },
];
const RECEIPT_PAGE = 20;
/** The user's check-ins as MikroORM issues `em.find(CheckIn, { userId }, { orderBy, limit })` (check-in.service.ts). */
const CHECK_INS_SQL = `select "c0".* from "check_in" as "c0" where "c0"."user_id" = ? order by "c0"."checked_in_at" desc, "c0"."id" desc limit ?`;
/** A sweep query stops after this many ms of measured requests (10 at least). */
const QUERY_BUDGET_MS = 15_000;

type Say = (line: string) => void;

/** Measures every query against the database as it is now (`rows` rows per table). */
async function measureSize(
  rows: number,
  service: ServerProcess,
  client: pg.Client,
  databaseUrl: string,
  token: string,
  settings: ScaleSettings,
): Promise<ScaleRow[]> {
  const timing = { requests: settings.requests, warmup: 5, budgetMs: QUERY_BUDGET_MS };
  const time = (request: SweepRequest) => sequentialLatency(service.url, request, timing);
  const out: ScaleRow[] = [];
  for (const query of SEARCHES) {
    const plans = await explainSearch(client, query);
    const latency = await time(searchRequest(query));
    out.push({
      rows,
      query: `GET stores ${plans.label}`,
      latency,
      page: plans.page,
      count: plans.countIssued ? plans.count : undefined,
    });
  }
  const heavy = await heavyUser(databaseUrl);
  const first = Math.min(RECEIPT_PAGE, heavy.claims);
  out.push({
    rows,
    query: `myReceipts page 1 (user with ${heavy.claims})`,
    latency: await time(receiptsRequest(token, null, first)),
    page: await explainStatement(client, { sql: RECEIPT_PAGE_SQL(false), params: [heavy.id, RECEIPT_PAGE + 1] }),
  });
  // Page 2 (nearly all of the user's rows lie after its cursor) and the page 90% down.
  const depths = [RECEIPT_PAGE, Math.min(Math.floor(heavy.claims * 0.9), heavy.claims - RECEIPT_PAGE)];
  for (const depth of new Set(depths.filter((d) => d >= RECEIPT_PAGE && d + RECEIPT_PAGE <= heavy.claims))) {
    const edge = await claimAtDepth(databaseUrl, depth - 1);
    if (!edge) throw new Error(`scale sweep: no claim at depth ${depth}`);
    out.push({
      rows,
      query: `myReceipts after ${depth} (cursor)`,
      latency: await time(receiptsRequest(token, encodeCursor(edge), RECEIPT_PAGE)),
      page: await explainStatement(client, {
        sql: RECEIPT_PAGE_SQL(true),
        params: [heavy.id, edge.claimedAt, edge.id, RECEIPT_PAGE + 1],
      }),
    });
  }
  for (const limit of [50, 200]) {
    out.push({
      rows,
      query: `GET checkins/me?limit=${limit} (user with ${heavy.checkIns})`,
      latency: await time(checkInsRequest(token, limit, Math.min(limit, heavy.checkIns))),
      page: await explainStatement(client, { sql: CHECK_INS_SQL, params: [heavy.id, limit] }),
    });
  }
  return out;
}

const fixed = (n: number) => n.toFixed(n < 10 ? 2 : 1).padStart(8);

/** The sweep's table: rows × query with p50, p99, the statements' execution ms and plan node kinds. */
export function scaleTable(rows: readonly ScaleRow[]): string {
  const header = `  ${'rows'.padStart(9)}  ${'query'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'n'.padStart(4)}  ${'exec ms'.padStart(8)}  plan (root first)`;
  const lines = rows.flatMap((r) => {
    const line = `  ${String(r.rows).padStart(9)}  ${r.query.padEnd(52)} ${fixed(r.latency.p50)} ${fixed(r.latency.p99)} ${String(r.latency.requests).padStart(4)}  ${fixed(r.page.executionMs)}  ${r.page.nodes.join(' > ')}`;
    if (!r.count) return [line];
    return [
      line,
      `  ${''.padStart(9)}  ${'  + its count'.padEnd(52)} ${''.padStart(8)} ${''.padStart(8)} ${''.padStart(4)}  ${fixed(r.count.executionMs)}  ${r.count.nodes.join(' > ')}`,
    ];
  });
  return [header, ...lines].join('\n');
}

/**
 * Runs the sweep on a database of its own and a service of its own (both gone at the end, or by
 * `cleanups` on failure) and prints the table.
 */
export async function runScaleSweep(
  settings: ScaleSettings,
  say: Say,
  cleanups: (() => Promise<void>)[],
): Promise<void> {
  const database = await createBenchDatabase(settings.adminUrl);
  cleanups.push(() => database.drop());
  const service = await spawnServer('service', {
    databaseUrl: database.url,
    poolSize: settings.poolSize,
    cpuProfileDir: settings.cpuProfileDir,
  });
  cleanups.push(() => service.stop());
  say(
    `\nScale sweep (database ${database.name}, service at ${service.url}; stores and each history table grown to ${settings.sizes.join(', ')} rows, 1% of the history rows held by one user; per query ${settings.requests} sequential requests after 5 warm-up, at most ${QUERY_BUDGET_MS / 1000} s (10 at least); EXPLAIN (ANALYZE, BUFFERS) of the service's statements, warm):`,
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const rows: ScaleRow[] = [];
  try {
    let loaded = 0;
    let token: string | undefined;
    for (const size of settings.sizes) {
      const stores = await loadStores(database.url, size, { from: loaded + 1, rebuildIndexes: true });
      const history = await growHistory(database.url, loaded + 1, size);
      say(
        `  grown to ${size} rows: stores in ${stores.seconds.toFixed(1)} s + VACUUM ANALYZE ${stores.vacuumSeconds.toFixed(1)} s, history in ${history.seconds.toFixed(1)} s + VACUUM ANALYZE ${history.vacuumSeconds.toFixed(1)} s`,
      );
      loaded = size;
      token ??= await mintUserToken(service.url, database.url, (await heavyUser(database.url)).id, [
        'user.receipts.read',
      ]);
      rows.push(...(await measureSize(size, service, client, database.url, token, settings)));
    }
  } finally {
    await client.end();
    await service.stop();
    await database.drop();
  }
  say(scaleTable(rows));
}

/** BENCH_SCALE_SIZES: positive integers, ascending, at least 2,000 (a full first page of receipts for the heavy user). */
export function readScaleSizes(value: string | undefined): number[] {
  const sizes = (value || '10000,100000,1000000').split(',').map((s) => Number(s.trim()));
  const ascending = sizes.every((n, i) => Number.isInteger(n) && n >= 2000 && (i === 0 || n > sizes[i - 1]!));
  if (!ascending)
    throw new Error('BENCH_SCALE_SIZES must be ascending integers of 2000 or more, e.g. 10000,100000,1000000');
  return sizes;
}
