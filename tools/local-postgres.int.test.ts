/**
 * The probe `npm test` runs when DATABASE_URL is not set (tools/local-postgres.mjs, called by
 * vitest.config.mjs): it takes a PostgreSQL that answers, lets this user in without a password and
 * may create databases, and refuses anything else with the reason, never throwing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/fixtures/ports.js';
import { hasPostgres } from '../test/requirements.js';

interface Probe {
  readonly url: string | undefined;
  readonly reason: string | undefined;
}
interface LocalPostgres {
  readonly localPostgresUrl: (env: Record<string, string | undefined>) => string;
  readonly probeLocalPostgres: (env: Record<string, string | undefined>) => Promise<Probe>;
}

// The probe is plain JavaScript beside the sources (vitest's config loads it before anything is built).
const MODULE = fileURLToPath(new URL('../../tools/local-postgres.mjs', import.meta.url));
const load = () => import(MODULE) as Promise<LocalPostgres>;

describe('the local PostgreSQL probe', () => {
  it('builds the candidate from PGHOST, PGPORT and PGUSER, defaulting to postgres@127.0.0.1:5432', async () => {
    const { localPostgresUrl } = await load();
    expect(localPostgresUrl({})).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(localPostgresUrl({ PGHOST: 'db.internal', PGPORT: '6543', PGUSER: 'ci' })).toBe(
      'postgres://ci@db.internal:6543/postgres',
    );
    // A socket directory is not a TCP host: the loopback address stands in.
    expect(localPostgresUrl({ PGHOST: '/var/run/postgresql' })).toBe('postgres://postgres@127.0.0.1:5432/postgres');
  });

  it('refuses a port where nothing listens, with the reason', async () => {
    const { probeLocalPostgres } = await load();
    const port = await freePort();
    const probe = await probeLocalPostgres({ PGHOST: '127.0.0.1', PGPORT: String(port) });
    expect(probe.url).toBeUndefined();
    expect(probe.reason).toContain(`127.0.0.1:${port}`);
    expect(probe.reason).toMatch(/ECONNREFUSED|connect/);
  });

  const databaseUrl = hasPostgres('local-postgres.int.test (probes a real server)')
    ? process.env.DATABASE_URL
    : undefined;

  it.skipIf(!databaseUrl)(
    'takes the server of DATABASE_URL, and refuses a role that does not exist there',
    async () => {
      const { probeLocalPostgres } = await load();
      const server = new URL(databaseUrl!);
      const env = {
        PGHOST: server.hostname,
        PGPORT: server.port || '5432',
        PGUSER: decodeURIComponent(server.username),
      };
      const probe = await probeLocalPostgres(env);
      expect(probe).toEqual({
        url: `postgres://${server.username}@${server.hostname}:${env.PGPORT}/postgres`,
        reason: undefined,
      });
      const stranger = await probeLocalPostgres({ ...env, PGUSER: 'no_such_role_for_the_probe' });
      expect(stranger.url).toBeUndefined();
      expect(stranger.reason).toMatch(/no_such_role_for_the_probe/);
    },
  );
});
