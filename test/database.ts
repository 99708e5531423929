/**
 * Test databases. With DATABASE_URL (CI, real PostgreSQL) each test file gets a database of its own,
 * created fresh and dropped afterwards, so files run in parallel without sharing rows. Without it,
 * each file gets an in-memory embedded PostgreSQL (PGlite).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** For the service's env: DATABASE_URL (undefined = embedded) and DATA_DIR. */
  readonly env: { readonly DATABASE_URL?: string; readonly DATA_DIR: string };
  drop(): Promise<void>;
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: { DATA_DIR: 'memory://' }, drop: async () => {} };
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(base, (c) => c.query(`create database "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: 'memory://' },
    drop: () => admin(base, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
