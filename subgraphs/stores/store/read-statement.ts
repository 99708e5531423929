/**
 * Runs a read-only statement of the directory search. On PostgreSQL it goes straight to the ORM's own
 * `pg` pool: through `em.execute` the same statement also passed MikroORM's query logging and kysely's
 * connection provider, which together cost about as much CPU as the pg driver itself (profile of the
 * facade read path, issue 13). The SQL is the one `em.execute` sends, byte for byte (values inlined by
 * the ORM's platform, one simple-protocol message), so PostgreSQL plans it as before. Same pool, same
 * type parsers, same connection timeout and outage detection (pg's errors are what MikroORM wraps).
 *
 * `em.execute` still serves the embedded driver, a transaction in progress (its connection must be
 * used) and SQL debugging (MikroORM logs each query it runs).
 */
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { EntityManager } from '../../kernel/db/orm.js';

/** SQL with `?` placeholders and their values, as `em.execute` takes them. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** The connection whose pool `em` may read from directly, if any (see the file's comment). */
function directConnection(em: EntityManager): PostgreSqlConnection | undefined {
  const connection = em.getConnection();
  if (!(connection instanceof PostgreSqlConnection)) return undefined;
  if (em.getTransactionContext() !== undefined || em.config.get('debug')) return undefined;
  return connection;
}

/** The SQL `em.execute` would send for `statement`: its values inlined by the ORM's platform. */
export function inlinedSql(em: EntityManager, statement: Statement): string {
  return em.getPlatform().formatQuery(statement.sql, [...statement.params]);
}

/** The rows of a read-only `statement`. */
export async function readRows<T extends object>(em: EntityManager, statement: Statement): Promise<T[]> {
  const connection = directConnection(em);
  if (!connection) return em.execute<T[]>(statement.sql, [...statement.params]);
  const pool = await connection.getNativeClient();
  const result = await pool.query<T>(inlinedSql(em, statement));
  return result.rows;
}
