/**
 * What some tests need from the machine (a real PostgreSQL, a Chromium), and what happens without it:
 * on a developer machine the tests that need it are skipped with the reason printed; under CI (`CI`
 * set) a missing requirement fails the run, so CI never passes by skipping.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const inCi = (): boolean => Boolean(process.env.CI) && process.env.CI !== 'false';

function missing(what: string, why: string, fix: string): false {
  const message = `${what}: ${why} (${fix})`;
  if (inCi()) throw new Error(`CI requires it: ${message}`);
  console.warn(`SKIPPED ${message}`);
  return false;
}

/** Whether a real PostgreSQL is configured (DATABASE_URL); `what` names the tests that need it. */
export function hasPostgres(what: string): boolean {
  if (process.env.DATABASE_URL) return true;
  return missing(
    what,
    'needs a real PostgreSQL; the embedded database runs one statement at a time',
    'set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
}

/** Names CI and developers install Chromium under (Debian: `chromium`). */
const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** The first Chromium on PATH, as `.ci/run` finds it (`command -v chromium`); undefined when none. */
export function findChromium(path = process.env.PATH ?? ''): string | undefined {
  for (const name of CHROMIUM_NAMES) {
    for (const dir of path.split(delimiter).filter(Boolean)) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** The Chromium to drive, or undefined (skipped, or thrown under CI) when none is on PATH. */
export function requireChromium(what: string): string | undefined {
  const found = findChromium();
  if (found) return found;
  missing(what, 'no Chromium on PATH', 'apt-get install chromium');
  return undefined;
}

/** Redis for the tests: TEST_REDIS_URL, else the machine's default `redis://127.0.0.1:6379`. */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * The URL of a Redis that answers PING, or undefined (skipped, or thrown under CI) when none does;
 * `what` names the tests that need it.
 */
export async function requireRedis(what: string): Promise<string | undefined> {
  const { Redis } = await import('ioredis');
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return TEST_REDIS_URL;
  } catch {
    missing(what, `no Redis answers at ${TEST_REDIS_URL}`, 'start redis-server or set TEST_REDIS_URL');
    return undefined;
  } finally {
    client.disconnect();
  }
}
