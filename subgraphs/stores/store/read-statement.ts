/**
 * Runs a read-only statement of the directory search. On PostgreSQL it goes straight to the ORM's own
 * `pg` pool as a parameterized query: through `em.execute` the same statement also passed MikroORM's
 * value inlining and query logging and kysely's connection provider, which together cost about as
 * much CPU as the pg driver itself (profile of the facade read path, issue 13). Same pool, same type
 * parsers, same connection timeout and outage detection (pg's errors are what MikroORM wraps).
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

/** The few statement shapes of the search, numbered once each (`?` to `$1`, `$2`...). */
const numberedSql = new Map<string, string>();
const MAX_NUMBERED = 256;

/**
 * `sql` with its `?` placeholders numbered for pg. The search's statements have no `?` other than
 * placeholders (no string literal, identifier or operator holds one), which the test of this file checks.
 */
export function numberPlaceholders(sql: string): string {
  let numbered = numberedSql.get(sql);
  if (numbered === undefined) {
    let n = 0;
    numbered = sql.replace(/\?/g, () => `$${++n}`);
    if (numberedSql.size >= MAX_NUMBERED) numberedSql.clear();
    numberedSql.set(sql, numbered);
  }
  return numbered;
}

/** Whether `em` may bypass MikroORM for a plain read (see the file's comment). */
function poolOf(em: EntityManager): PostgreSqlConnection | undefined {
  const connection = em.getConnection();
  if (!(connection instanceof PostgreSqlConnection)) return undefined;
  if (em.getTransactionContext() !== undefined || em.config.get('debug')) return undefined;
  return connection;
}

/** The rows of a read-only `statement`. */
export async function readRows<T extends object>(em: EntityManager, statement: Statement): Promise<T[]> {
  const connection = poolOf(em);
  if (!connection) return em.execute<T[]>(statement.sql, [...statement.params]);
  const pool = await connection.getNativeClient();
  const result = await pool.query<T>(numberPlaceholders(statement.sql), [...statement.params]);
  return result.rows;
}
