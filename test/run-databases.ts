/**
 * vitest global setup: gives the test run an id (TEST_RUN_ID, which the test workers inherit) that
 * names its databases: the demo template and each test file's copy (test/fixtures/database.ts). They
 * are dropped together at the end of the run, many at a time: a DROP DATABASE forces a checkpoint,
 * and concurrent drops share one. A run that was killed leaves its databases behind; the next run
 * drops those over six hours old.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `t_<run>_…` (a test file's copy) and `t_demo_<run>_…` (the run's demo template). */
const RUN_DATABASE = /^t_(?:demo_)?([0-9a-z]+_[0-9a-f]{6})_/;
const STALE_MS = 6 * 3600 * 1000;
/** Drops in flight at once. */
const PARALLEL_DROPS = 24;

async function dropRunDatabases(which: (run: string) => boolean): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let names: string[];
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 't\\_%'`,
    );
    names = rows.map((r) => r.datname).filter((name) => which(RUN_DATABASE.exec(name)?.[1] ?? ''));
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let name = names.pop(); name !== undefined; name = names.pop())
        await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DROPS, names.length) }, drop));
}

/** When the run `run` started (its id begins with the time in base 36); NaN for no run id. */
const startedAt = (run: string): number => parseInt(run.split('_')[0] ?? '', 36);

export async function setup(): Promise<void> {
  process.env.TEST_RUN_ID = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await dropRunDatabases((run) => run !== '' && Date.now() - startedAt(run) > STALE_MS);
}

export async function teardown(): Promise<void> {
  const current = process.env.TEST_RUN_ID;
  if (current) await dropRunDatabases((run) => run === current);
}
