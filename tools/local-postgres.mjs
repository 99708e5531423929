// Which database `npm test` runs against when DATABASE_URL is not set: the machine's own PostgreSQL
// when one answers (the libpq defaults PGHOST, PGPORT and PGUSER, else postgres@127.0.0.1:5432),
// accepts this user without a password, may create databases and offers the two contrib extensions the
// migrations load (pg_trgm, btree_gist); otherwise none, and the tests use the embedded PostgreSQL
// (PGlite, in memory), which needs nothing installed but runs the suite several times slower.
// TEST_DATABASE=embedded skips the probe.
import pg from 'pg';

const PROBE_TIMEOUT_MS = 2_000;

/** The candidate server's connection string (its `postgres` maintenance database). */
export function localPostgresUrl(env = process.env) {
  const url = new URL('postgres://127.0.0.1:5432/postgres');
  url.hostname = env.PGHOST && !env.PGHOST.startsWith('/') ? env.PGHOST : '127.0.0.1';
  url.port = env.PGPORT || '5432';
  url.username = env.PGUSER || 'postgres';
  return url.toString();
}

/**
 * `localPostgresUrl()` when that server is usable for the tests, else undefined (with the reason).
 * Never throws.
 */
export async function probeLocalPostgres(env = process.env) {
  const url = localPostgresUrl(env);
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
    // A password prompt would mean it is not ours to use: never send one.
    password: () => Promise.reject(new Error('the server asks for a password')),
  });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select (select rolcreatedb or rolsuper from pg_roles where rolname = current_user) as "createdb",
              (select count(*)::int from pg_available_extensions where name in ('pg_trgm', 'btree_gist')) as "extensions"`,
    );
    if (!rows[0]?.createdb) return { url: undefined, reason: `${url}: this user may not create databases` };
    if (rows[0].extensions !== 2) return { url: undefined, reason: `${url}: pg_trgm or btree_gist is not installed` };
    return { url, reason: undefined };
  } catch (error) {
    return { url: undefined, reason: `${url}: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}
