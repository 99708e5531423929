/**
 * vitest global setup: gives the test run an id (TEST_RUN_ID, which the test workers inherit) that
 * names its demo template (test/fixtures/database.ts), and drops that template at the end. Demo
 * templates left by runs that were killed are dropped when they are over six hours old.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const PREFIX = 't_demo_';
const STALE_MS = 6 * 3600 * 1000;

async function dropDemoTemplates(which: (run: string) => boolean): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like '${PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const run = datname.slice(PREFIX.length);
      if (which(run)) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

/** The start time of the run a template belongs to (its id begins with it in base 36). */
const startedAt = (run: string): number => parseInt(run.split('_')[0] ?? '', 36);

export async function setup(): Promise<void> {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  process.env.TEST_RUN_ID = run;
  await dropDemoTemplates((other) => !(Date.now() - startedAt(other) < STALE_MS));
}

export async function teardown(): Promise<void> {
  const run = process.env.TEST_RUN_ID;
  if (run) await dropDemoTemplates((other) => other.startsWith(`${run}_`));
}
