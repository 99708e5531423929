/**
 * Races that decide. Firing requests with Promise.all leaves the interleaving to chance, so a
 * read-then-write bug (the classic lost update) slips through most runs. Here the test holds a SHARE
 * lock on the contested table: plain reads pass, every write waits. Once every contender waits on a
 * lock the test lets go, so all of them have read before any has written. PostgreSQL only (the
 * embedded database runs one statement at a time and cannot interleave contenders at all).
 */
import pg from 'pg';

export interface Released<T> {
  readonly results: PromiseSettledResult<T>[];
  /** How many contenders were waiting on a lock when they were released. */
  readonly waiting: number;
}

export interface ReleaseOptions {
  /** Waiters to gather before releasing; default every contender (fewer when they outnumber the pool). */
  readonly waiters?: number;
  /** Longest hold (stays under the service's 5 s wait for a pooled connection). Default 3 s. */
  readonly maxHoldMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts every contender while `table` is write-locked, and releases them together. */
export async function releasedTogether<T>(
  databaseUrl: string,
  table: string,
  contenders: readonly (() => Promise<T>)[],
  options: ReleaseOptions = {},
): Promise<Released<T>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`lock table "${table}" in share mode`);
    const settled = Promise.allSettled(contenders.map((contender) => contender()));
    const wanted = options.waiters ?? contenders.length;
    const deadline = Date.now() + (options.maxHoldMs ?? 3_000);
    let waiting = 0;
    while (Date.now() < deadline) {
      // Statistics views are snapshotted once per transaction; this one stays open, so drop the snapshot.
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      waiting = rows[0]?.n ?? 0;
      if (waiting >= wanted) break;
      await sleep(10);
    }
    await client.query('commit');
    return { results: await settled, waiting };
  } finally {
    await client.end();
  }
}

/** The values of fulfilled contenders; throws the first rejection. */
export function valuesOf<T>(released: Released<T>): T[] {
  return released.results.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  });
}

/** How many rounds each race runs. */
export const RACE_ROUNDS = 3;
