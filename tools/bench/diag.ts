/**
 * BENCH_DIAG=1: what happened around a measured open-loop run, for finding the cause of a latency
 * tail. While the run lasts, PostgreSQL's backends are sampled every 10 ms (pg_stat_activity: each
 * non-idle backend's type, state and wait event, and the autovacuum workers' tables); the service's
 * event-loop delay comes from its /metrics (`nodejs_eventloop_lag_max_seconds`, whose histogram
 * prom-client resets at every scrape, so a scrape before the run and one after bound the run).
 */
import pg from 'pg';
import { quantile } from './open-loop.js';

export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface DiagSummary {
  readonly samples: number;
  /** Samples in which each (backend type, state, wait) was seen, most frequent first. */
  readonly waits: readonly (readonly [string, number])[];
  /** The most client backends active at once. */
  readonly maxActive: number;
  /** Autovacuum workers seen, with what they worked on. */
  readonly autovacuum: readonly string[];
  /** The service's largest event-loop delay during the run (ms); undefined when not scraped. */
  readonly eventLoopMaxMs?: number | undefined;
  /** The service's used heap after the run (MB). */
  readonly heapUsedMb?: number | undefined;
  /** The service's garbage collections during the run, by kind: how many, their total ms, how many took over 10 ms. */
  readonly gc?: Readonly<Record<string, { count: number; ms: number; over10ms: number }>> | undefined;
  /** WAL written during the run (bytes), and how many full-page images of it (pg_stat_wal). */
  readonly walBytes: number;
  readonly walFullPageImages: number;
}

const WAL_NOW = `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as "bytes", (select "wal_fpi" from pg_stat_wal)::float8 as "fpi"`;

/** What the service's /metrics says now: event-loop delay, heap, and garbage collections by kind. */
interface ServiceMetrics {
  readonly eventLoopMaxMs?: number;
  readonly heapUsedMb?: number;
  /** Per GC kind (minor, major, incremental, weakcb): collections, total ms, and collections over 10 ms. */
  readonly gc: Readonly<Record<string, { count: number; ms: number; over10ms: number }>>;
}

async function serviceMetrics(serviceUrl: string): Promise<ServiceMetrics | undefined> {
  const response = await fetch(`${serviceUrl}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const lines = (await response.text()).split('\n');
  const value = (prefix: string) => {
    const line = lines.find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };
  const gc: Record<string, { count: number; ms: number; over10ms: number }> = {};
  for (const line of lines) {
    const match = /^nodejs_gc_duration_seconds_(sum|count|bucket)\{(?:le="([^"]+)",)?kind="(\w+)"\} (\S+)$/.exec(line);
    if (!match) continue;
    const [, part, le, kind, raw] = match;
    const entry = (gc[kind!] ??= { count: 0, ms: 0, over10ms: 0 });
    if (part === 'sum') entry.ms = Number(raw) * 1000;
    if (part === 'count') entry.count = Number(raw);
    if (part === 'bucket' && le === '0.01') entry.over10ms = -Number(raw);
  }
  for (const entry of Object.values(gc)) entry.over10ms += entry.count;
  const lag = value('nodejs_eventloop_lag_max_seconds');
  const heap = value('nodejs_heap_size_used_bytes');
  return {
    ...(lag === undefined ? {} : { eventLoopMaxMs: lag * 1000 }),
    ...(heap === undefined ? {} : { heapUsedMb: Math.round(heap / 2 ** 20) }),
    gc,
  };
}

/** The garbage collections between two snapshots, by kind (kinds without any left out). */
function gcBetween(before: ServiceMetrics | undefined, after: ServiceMetrics | undefined) {
  if (!before || !after) return undefined;
  const delta: Record<string, { count: number; ms: number; over10ms: number }> = {};
  for (const [kind, end] of Object.entries(after.gc)) {
    const start = before.gc[kind] ?? { count: 0, ms: 0, over10ms: 0 };
    if (end.count === start.count) continue;
    delta[kind] = {
      count: end.count - start.count,
      ms: Math.round((end.ms - start.ms) * 10) / 10,
      over10ms: end.over10ms - start.over10ms,
    };
  }
  return delta;
}

/** Runs `run`; with BENCH_DIAG set, prints what the database and the service did meanwhile under `label`. */
export async function diagnosed<T>(label: string, databaseUrl: string, serviceUrl: string, run: () => Promise<T>) {
  const diagnostics = process.env.BENCH_DIAG ? await startDiagnostics(databaseUrl, serviceUrl) : undefined;
  const result = await run();
  if (diagnostics) console.log(`${label} diagnostics: ${JSON.stringify(await diagnostics.stop())}`);
  return result;
}

/** Starts sampling; `stop()` ends it and summarises. */
export async function startDiagnostics(databaseUrl: string, serviceUrl: string) {
  // Also resets the event-loop maximum, which the service measures per scrape.
  const metricsBefore = await serviceMetrics(serviceUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const walBefore = (await client.query<{ bytes: number; fpi: number }>(WAL_NOW)).rows[0]!;
  const waits = new Map<string, number>();
  const autovacuum = new Set<string>();
  let samples = 0;
  let maxActive = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{
        backend_type: string;
        state: string | null;
        wait: string | null;
        query: string;
      }>(
        `select backend_type, state, wait_event_type || ':' || wait_event as wait, left(query, 80) as query
           from pg_stat_activity where pid <> pg_backend_pid() and (state is null or state <> 'idle')`,
      );
      samples += 1;
      let active = 0;
      for (const row of rows) {
        if (row.backend_type === 'client backend' && row.state === 'active') active += 1;
        if (row.backend_type === 'autovacuum worker') autovacuum.add(row.query);
        if (row.backend_type !== 'client backend' && row.backend_type !== 'autovacuum worker') continue;
        const key = `${row.backend_type} ${row.state ?? '-'} ${row.wait ?? 'cpu'}`;
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop(): Promise<DiagSummary> {
      running = false;
      await loop;
      const walAfter = (await client.query<{ bytes: number; fpi: number }>(WAL_NOW)).rows[0]!;
      await client.end();
      const metricsAfter = await serviceMetrics(serviceUrl);
      return {
        samples,
        waits: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 12),
        maxActive,
        autovacuum: [...autovacuum],
        eventLoopMaxMs: metricsAfter?.eventLoopMaxMs,
        heapUsedMb: metricsAfter?.heapUsedMb,
        gc: gcBetween(metricsBefore, metricsAfter),
        walBytes: walAfter.bytes - walBefore.bytes,
        walFullPageImages: walAfter.fpi - walBefore.fpi,
      };
    },
  };
}

/** What one bare commit costs on this database at a fixed rate: the floor under any write's latency. */
export interface CommitFloor {
  readonly rate: number;
  readonly commits: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/**
 * Commits `count` one-row INSERTs into a logged table at `rate` per second over a pool of `poolSize`,
 * straight through `pg` with no service in between, latency from each one's due time (as the open
 * loop counts it). Every commit waits for its WAL flush, as a claim's or a check-in's does; measured
 * right beside them, it shows how much of their tail is the disk's.
 */
export async function measureCommitFloor(databaseUrl: string, rate: number, count: number, poolSize = 10) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  try {
    await pool.query('create table if not exists "bench_commit_probe" ("id" bigserial primary key, "at" timestamptz)');
    const latencies: number[] = [];
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < count; i += 1) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(
        pool.query('insert into "bench_commit_probe" ("at") values (now())').then(() => {
          latencies.push(performance.now() - due);
        }),
      );
    }
    await Promise.all(sends);
    latencies.sort((a, b) => a - b);
    return {
      rate,
      commits: latencies.length,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies.at(-1) ?? NaN,
    };
  } finally {
    await pool.end();
  }
}
