/**
 * Load scenarios and their measurement with autocannon: the same search through the facade, as a
 * GraphQL POST and against the baseline; each checked for identical answers before it is measured.
 */
import autocannon from 'autocannon';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { PublicStores } from '../../rest-facade/stores/operations.js';

/** One HTTP request to repeat, and how to find the store page in its answer. */
export interface Scenario {
  readonly name: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** The server under test (for its CPU time). */
  readonly server: Target;
  /** The `{ items, page, pageSize, total }` object of a response body. */
  page(body: unknown): StorePage;
}

/** The public store page every scenario answers with. */
export interface StorePage {
  readonly items: readonly Record<string, unknown>[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}

/** A server to load: its base URL and, when known, a reading of its CPU time in ms. */
export interface Target {
  readonly url: string;
  cpuMs?(): Promise<number>;
}

/** The search a group of scenarios runs. */
export interface SearchQuery {
  readonly q?: string;
  readonly prefecture?: string;
  readonly storeType?: string;
}

function restPath(query: SearchQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  return `/api/v1/public/stores?${params.toString()}`;
}

/** GET /api/v1/public/stores on `baseUrl` (the facade or the baseline). */
export function restScenario(name: string, server: Target, query: SearchQuery): Scenario {
  return { name, server, url: `${server.url}${restPath(query)}`, method: 'GET', page: (body) => body as StorePage };
}

/** The facade's own PublicStores document as a GraphQL POST to `/graphql`. */
export function graphqlScenario(name: string, server: Target, query: SearchQuery): Scenario {
  return {
    name,
    server,
    url: `${server.url}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: PublicStores.document, operationName: PublicStores.name, variables: query }),
    page: (body) => {
      const { data, errors } = body as { data?: { publicStores?: StorePage }; errors?: unknown };
      if (!data?.publicStores) throw new Error(`GraphQL errors: ${JSON.stringify(errors)}`);
      return data.publicStores;
    },
  };
}

/** Fetches each scenario once; throws unless all answer 200 with the same page (same total, same items). */
export async function verifySameAnswer(scenarios: readonly Scenario[]): Promise<StorePage> {
  const pages: StorePage[] = [];
  for (const s of scenarios) {
    const response = await fetch(s.url, { method: s.method, headers: s.headers, body: s.body });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${s.name}: HTTP ${response.status}: ${text.slice(0, 300)}`);
    pages.push(s.page(JSON.parse(text)));
  }
  const [first] = pages;
  if (!first) throw new Error('no scenarios');
  pages.forEach((p, i) => {
    const name = scenarios[i]?.name ?? '?';
    if (p.total !== first.total)
      throw new Error(`total differs: ${scenarios[0]?.name} ${first.total}, ${name} ${p.total}`);
    if (!isDeepStrictEqual(p, first)) throw new Error(`${name} answers a different page than ${scenarios[0]?.name}`);
  });
  return first;
}

/** What one measured run produced. */
export interface Measurement {
  readonly scenario: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
  /** CPU ms per request of the server process, and of the database's PostgreSQL backends (Linux only; NaN elsewhere). */
  readonly serverCpuMs: number;
  readonly postgresCpuMs: number;
}

/** Load settings shared by every scenario. */
export interface LoadSettings {
  readonly connections: number;
  /** Seconds measured. */
  readonly duration: number;
  /** Seconds of unmeasured load first (JIT, caches, pool). */
  readonly warmup: number;
  /** The database under test, to read its backends' CPU time. */
  readonly databaseUrl: string;
}

/** Warms up, then measures; throws when any request failed or answered other than 2xx. */
export async function measure(s: Scenario, settings: LoadSettings): Promise<Measurement> {
  const options = {
    url: s.url,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: settings.connections,
    timeout: 10,
  };
  if (settings.warmup > 0) await autocannon({ ...options, duration: settings.warmup });
  const serverBefore = (await s.server.cpuMs?.()) ?? NaN;
  const backendsBefore = await backendTicks(settings.databaseUrl);
  const r = await autocannon({ ...options, duration: settings.duration });
  const serverAfter = (await s.server.cpuMs?.()) ?? NaN;
  const backendsAfter = await backendTicks(settings.databaseUrl);
  const completed = r['2xx'] + r.non2xx;
  const m: Measurement = {
    scenario: s.name,
    rps: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    serverCpuMs: (serverAfter - serverBefore) / completed,
    postgresCpuMs: backendCpuMs(backendsBefore, backendsAfter) / completed,
  };
  if (m.non2xx > 0 || m.errors > 0)
    throw new Error(`${s.name}: ${m.non2xx} non-2xx responses and ${m.errors} errors during the run`);
  return m;
}

/** CPU ticks so far of each backend serving `databaseUrl` (Linux /proc; empty elsewhere). */
export async function backendTicks(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const ticks = new Map<number, number>();
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      if (!stat) continue;
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    }
    return ticks;
  } finally {
    await client.end();
  }
}

/** CPU ms the database's backends used between two {@link backendTicks} samples (NaN without /proc). */
export function backendCpuMs(before: Map<number, number>, after: Map<number, number>): number {
  if (after.size === 0) return NaN;
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks * 10; // USER_HZ is 100 on Linux
}
