/**
 * BENCH_DIAG=1: what happened around a measured open-loop run, for finding the cause of a latency
 * tail. While the run lasts, PostgreSQL's backends are sampled every 10 ms (pg_stat_activity: each
 * non-idle backend's type, state and wait event, and the autovacuum workers' tables); the service's
 * event-loop delay comes from its /metrics (`nodejs_eventloop_lag_max_seconds`, whose histogram
 * prom-client resets at every scrape, so a scrape before the run and one after bound the run).
 */
import pg from 'pg';

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
  readonly eventLoopMaxMs?: number;
}

async function eventLoopMaxMs(serviceUrl: string): Promise<number | undefined> {
  const response = await fetch(`${serviceUrl}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const line = (await response.text()).split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds'));
  return line === undefined ? undefined : Number(line.split(' ').at(-1)) * 1000;
}

/** Starts sampling; `stop()` ends it and summarises. */
export async function startDiagnostics(databaseUrl: string, serviceUrl: string) {
  await eventLoopMaxMs(serviceUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
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
      await client.end();
      return {
        samples,
        waits: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 12),
        maxActive,
        autovacuum: [...autovacuum],
        eventLoopMaxMs: await eventLoopMaxMs(serviceUrl),
      };
    },
  };
}
