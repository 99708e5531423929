/**
 * MikroORM for both drivers: `@mikro-orm/postgresql` when DATABASE_URL is set, the first-party
 * `@mikro-orm/pglite` driver (embedded PostgreSQL in WASM) otherwise. Same entities, same migrations.
 */
import 'reflect-metadata';
import { MikroORM, type EntityClass, type Options } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import type { Env } from '../env.js';
import { log } from '../logger.js';
import { migrations } from './migrations/index.js';
import { observePool } from '../observability/metrics.js';
import { databaseOutage } from './outage.js';
import { RATE_LIMIT_TABLE } from '../rate-limit/table.js';

/** The part of a `pg` Pool this file uses: its events and its counters (for db_pool_connections). */
interface PoolEvents {
  on(event: 'connect', listener: () => void): unknown;
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly ending: boolean;
}

/**
 * Starting points for embedded in-memory databases, by DATA_DIR (`memory://<name>`): a PGlite data
 * directory dump to start from instead of an empty cluster. Booting an empty cluster (initdb in WASM)
 * takes seconds; loading a dump of an already migrated one takes about half of one. The tests register
 * one (test/fixtures/database.ts); a plain `memory://` starts empty.
 */
const embeddedSeeds = new Map<string, () => Promise<Blob>>();

/** Makes every in-memory database opened with DATA_DIR `dataDir` start as the dump `load` returns. */
export function seedEmbeddedDatabases(dataDir: string, load: () => Promise<Blob>): void {
  if (!dataDir.startsWith('memory://') || dataDir === 'memory://') {
    throw new Error(`an embedded seed needs a named in-memory DATA_DIR (memory://<name>), got "${dataDir}"`);
  }
  embeddedSeeds.set(dataDir, load);
}

/** How long a query waits for a PostgreSQL connection (new or from the pool) before failing. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The EntityManager type every service works with (both drivers are PostgreSQL dialects). */
export type EntityManager = SqlEntityManager;
export type Orm = MikroORM;

export interface OrmOptions {
  readonly env: Pick<Env, 'databaseUrl' | 'dataDir' | 'debugSql'>;
  /** The entity classes this process serves; a separate subgraph process passes only its own. */
  readonly entities: readonly EntityClass<object>[];
  /** Connection pool size for PostgreSQL. Default 10. */
  readonly poolSize?: number;
}

/** Opens the database. Call {@link migrate} before serving requests. */
export async function createOrm(options: OrmOptions): Promise<Orm> {
  const { env } = options;
  const common: Partial<Options> = {
    entities: [...options.entities],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, snapshot: false, allOrNothing: true, silent: true },
    debug: env.debugSql,
    // Entity ids are generated in code (UUIDv7); the identity map is per request, never global.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // No bidirectional relations here, so no per-instance accessors on entity prototypes: they made
    // every hydrated or converted entity define accessors for all of its properties (measured as the
    // largest single CPU cost of a directory page).
    propagationOnPrototype: false,
    // Tables with no entity, written only by a library (migration 0015: the rate-limit counters).
    schemaGenerator: { skipTables: [RATE_LIMIT_TABLE] },
  };
  if (env.databaseUrl) {
    return MikroORM.init({
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: env.databaseUrl,
      pool: { min: 0, max: options.poolSize ?? 10 },
      driverOptions: {
        // Without a bound, a request waits forever for a connection to an unreachable server (or for a
        // free one from an exhausted pool); with it, the request fails and answers 503.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        // A new connection after failures is the end of an outage (logged once, with its count).
        onPoolCreated: (pool: PoolEvents) => {
          pool.on('connect', () => databaseOutage.recovered());
          observePool(pool);
        },
      },
    } as Options);
  }
  const inMemory = env.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(env.dataDir, { recursive: true });
  const seed = await embeddedSeeds.get(env.dataDir)?.();
  return MikroORM.init({
    ...common,
    driver: PgliteDriver,
    dbName: inMemory ? 'memory://' : env.dataDir,
    // A function: MikroORM deep-copies an options object, and a copied Blob cannot be read.
    driverOptions: () => ({ extensions: { pg_trgm }, ...(seed ? { loadDataDir: seed } : {}) }),
  } as Options);
}

/** Applies pending migrations (never schema auto-sync). Returns the names applied. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}

/** The typed EntityManager of an ORM. */
export function rootEntityManager(orm: Orm): EntityManager {
  return orm.em as unknown as EntityManager;
}

/**
 * Closes the database, waiting at most `timeoutMs`. A transaction whose BEGIN failed during an outage
 * keeps its pool connection checked out (kysely does not release it), and the pool's end waits for
 * every connection: without a bound, shutting down after an outage would never finish.
 */
export async function closeOrm(orm: Orm, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const closed = await Promise.race([orm.close(true).then(() => true), bound]);
  clearTimeout(timer);
  if (!closed) log('warn', 'database close timed out: a connection was still checked out', { timeoutMs });
}
