/**
 * MikroORM for both drivers: `@mikro-orm/postgresql` when DATABASE_URL is set, the first-party
 * `@mikro-orm/pglite` driver (embedded PostgreSQL in WASM) otherwise. Same entities, same migrations.
 */
import 'reflect-metadata';
import { MikroORM, type EntityClass, type Options } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import type { Env } from '../env.js';
import { log } from '../logger.js';
import { ConnectingClient } from './connecting-client.js';
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

/**
 * PostgreSQL's connection with one repair: MikroORM opens every transaction through kysely's
 * `startTransaction()`, whose builder (kysely 0.29) checks a pool connection out and runs BEGIN, but
 * when BEGIN fails (the connection was cut during an outage) never gives the connection back. Each
 * such failure would leak one pool slot until the pool is exhausted and every request waits for a
 * connection that never comes. The driver's `beginTransaction` here returns the connection to the pool
 * when BEGIN fails (pg-pool discards a broken client rather than reusing it). MikroORM uses no other
 * kysely transaction API, so no path releases that connection a second time.
 */
class PostgreSqlConnectionReleasingFailedBegin extends PostgreSqlConnection {
  override createKyselyDialect(overrides: Parameters<PostgreSqlConnection['createKyselyDialect']>[0]) {
    const dialect = super.createKyselyDialect(overrides);
    const createDriver = dialect.createDriver.bind(dialect);
    dialect.createDriver = () => {
      const driver = createDriver();
      const begin = driver.beginTransaction.bind(driver);
      driver.beginTransaction = async (connection, settings) => {
        try {
          await begin(connection, settings);
        } catch (error) {
          await driver.releaseConnection(connection);
          throw error;
        }
      };
      return driver;
    };
    return dialect;
  }
}

/** MikroORM's PostgreSQL driver on {@link PostgreSqlConnectionReleasingFailedBegin}. */
export class PostgreSqlDriverReleasingFailedBegin extends PostgreSqlDriver {
  constructor(config: ConstructorParameters<typeof PostgreSqlDriver>[0]) {
    super(config);
    (this as unknown as { connection: PostgreSqlConnection }).connection = new PostgreSqlConnectionReleasingFailedBegin(
      this.config,
    );
  }
}

/** How long a query waits for a PostgreSQL connection (new or from the pool) before failing. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The embedded database's server settings: PGlite's own start parameters plus a smaller buffer cache.
 * PostgreSQL's default `shared_buffers` (128 MB) lives inside the WASM heap, which never shrinks: it
 * filled up as pages were read and kept the process about 50 MB larger (`npm start` idle RSS). The
 * embedded database is a demo or test database of a few MB; its files stay in the OS page cache
 * (DATA_DIR) or in memory (`memory://`) anyway, so a second large copy in shared buffers buys nothing.
 */
export const EMBEDDED_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

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
      driver: PostgreSqlDriverReleasingFailedBegin,
      clientUrl: env.databaseUrl,
      pool: { min: 0, max: options.poolSize ?? 10 },
      driverOptions: {
        // Without a bound, a request waits forever for a connection to an unreachable server (or for a
        // free one from an exhausted pool); with it, the request fails and answers 503.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        // Its failures to connect are outages, whatever the server answered (connecting-client.ts).
        Client: ConnectingClient,
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
    driverOptions: () => ({
      extensions: { pg_trgm, btree_gist },
      startParams: [...EMBEDDED_START_PARAMS],
      ...(seed ? { loadDataDir: seed } : {}),
    }),
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
 * Closes the database, waiting at most `timeoutMs`: the pool's end waits for every checked-out
 * connection, and a query stuck on a half-open connection must not keep a shutdown from finishing.
 */
export async function closeOrm(orm: Orm, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const closed = await Promise.race([orm.close(true).then(() => true), bound]);
  clearTimeout(timer);
  if (!closed) log('warn', 'database close timed out: a connection was still checked out', { timeoutMs });
}
