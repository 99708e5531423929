/**
 * The medium test tier (`*.int.test.ts`): a migrated database of the test file's own, opened through
 * the ORM with every entity, and no HTTP server. Services are driven through their contexts directly.
 *
 * On PostgreSQL each file's database is a copy of a migrated template (`CREATE DATABASE … TEMPLATE`),
 * built once per set of migrations and named by a digest of their names and code, so a file (and, under mutation testing,
 * every run of it) skips the migrations. Without DATABASE_URL each file migrates its embedded database.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { ALL_ENTITIES } from '../subgraphs/index.js';
import type { Principal } from '../subgraphs/kernel/auth/principal.js';
import type { BaseContext } from '../subgraphs/kernel/context.js';
import { migrations } from '../subgraphs/kernel/db/migrations/index.js';
import { createOrm, migrate, rootEntityManager, type EntityManager, type Orm } from '../subgraphs/kernel/db/orm.js';
import { loadEnv, type Env } from '../subgraphs/kernel/env.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** The issuer of tokens in these tests (nothing listens there). */
export const TEST_PUBLIC_URL = 'http://127.0.0.1:4999';

export interface MigratedDatabase {
  readonly orm: Orm;
  readonly env: Env;
  /** A fresh EntityManager (a fork of the root one), as a request has. */
  em(): EntityManager;
  /** A request context for `principal` (anonymous unless given). */
  context(principal?: Principal): BaseContext;
  close(): Promise<void>;
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (base: string, name: string): string => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The template of the current migrations, built under an advisory lock by whichever process needs it first. */
async function ensureTemplate(base: string, client: pg.Client): Promise<string> {
  const digest = createHash('sha256')
    .update(migrations.map((m) => `${m.name}\n${String(m.class)}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const template = `t_template_${digest}`;
  const found = await client.query('select 1 from pg_database where datname = $1', [template]);
  if (found.rowCount) return template;
  const building = `${template}_build`;
  await client.query(`drop database if exists "${building}" with (force)`);
  await client.query(`create database "${building}"`);
  const orm = await createOrm({
    env: { databaseUrl: databaseUrl(base, building), dataDir: 'memory://', debugSql: false },
    entities: ALL_ENTITIES,
  });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
  await client.query(`alter database "${building}" rename to "${template}"`);
  return template;
}

/**
 * A copy of the migrated template (PostgreSQL), dropped by `drop()`. With `reuseFor` (mutation testing,
 * which runs a file hundreds of times) the copy is that file's, kept between runs and never dropped:
 * the tests create their own rows under random ids, so earlier runs' rows are in nobody's way.
 */
async function createFromTemplate(base: string, reuseFor?: string): Promise<TestDatabase> {
  const fileTag = reuseFor && createHash('sha256').update(reuseFor).digest('hex').slice(0, 12);
  const name = fileTag ? `t_reuse_${fileTag}` : `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(base, async (client) => {
    // One process at a time builds the template or copies it (a template must have no other sessions).
    await client.query('select pg_advisory_lock(727001)');
    try {
      const template = await ensureTemplate(base, client);
      const exists = fileTag && (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount;
      if (!exists) await client.query(`create database "${name}" template "${template}"`);
    } finally {
      await client.query('select pg_advisory_unlock(727001)');
    }
  });
  return {
    env: { DATABASE_URL: databaseUrl(base, name), DATA_DIR: 'memory://' },
    drop: fileTag
      ? async () => {}
      : () => withAdmin(base, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

/** A new database with every migration applied; `close()` drops it. */
export async function openMigratedDatabase(extraEnv: Record<string, string> = {}): Promise<MigratedDatabase> {
  const base = process.env.DATABASE_URL;
  // vitest.mutation.config.mjs sets TEST_DATABASE_REUSE: each file keeps one database across runs.
  const reuseFor = process.env.TEST_DATABASE_REUSE === 'true' ? expect.getState().testPath : undefined;
  const database: TestDatabase = base ? await createFromTemplate(base, reuseFor) : await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...database.env,
    ...extraEnv,
  });
  const orm = await createOrm({ env, entities: ALL_ENTITIES });
  if (!base) await migrate(orm);
  let requests = 0;
  return {
    orm,
    env,
    em: () => rootEntityManager(orm).fork(),
    context: (principal: Principal = { kind: 'anonymous' }) => ({
      requestId: `int-${++requests}`,
      principal,
      em: rootEntityManager(orm).fork(),
      env,
    }),
    close: async () => {
      await orm.close(true);
      await database.drop();
    },
  };
}
