/**
 * Production defaults: demo data loads in production only when asked for, with credentials nobody
 * is told; the published demo credentials (README) are refused in production even on a database
 * seeded in development; `npm start` never prints them in production.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startAllInOne, type RunningService } from '../processes/all-in-one/all-in-one.js';
import { childProcessEnv, loadEnv } from '../subgraphs/kernel/env.js';
import { DEMO_APPS, DEMO_USERS } from '../processes/demo/demo-data.js';
import { spawnService, stopServices, waitForExit, waitUntilReady } from '../processes/child-services.js';
import { freePort } from './fixtures/ports.js';
import { createTestDatabase, type TestDatabase } from './fixtures/database.js';
import { TEST_OPERATOR_TOKEN } from './harness.js';

const SIGN_IN = 'mutation($input: BrowserSignInInput!) { signInBrowser(input: $input) { sessionToken } }';
const [HANAKO] = DEMO_USERS;
const [CONSUMER_APP] = DEMO_APPS;
const SECRETS_KEY = randomBytes(32).toString('base64url');
/** Production needs a mail server while email verification is on; these tests send no mail. */
const SMTP_URL = 'smtp://127.0.0.1:25';

interface Database {
  readonly env: Record<string, string>;
  drop(): Promise<void>;
}

/** A database that outlives one service: the test database, or an embedded one in a directory. */
async function persistentDatabase(): Promise<Database> {
  const database: TestDatabase = await createTestDatabase();
  if (database.env.DATABASE_URL)
    return { env: { ...database.env, DATABASE_URL: database.env.DATABASE_URL }, drop: () => database.drop() };
  const dir = await mkdtemp(join(tmpdir(), 'rmp-prod-'));
  return { env: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}

function start(database: Database, env: Record<string, string>): Promise<RunningService> {
  return startAllInOne(
    loadEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      SECRETS_KEY,
      SMTP_URL,
      // Quiet: in production mode every request would be logged (this test reads no logs).
      LOG_LEVEL: 'warn',
      ...database.env,
      ...env,
    }),
  );
}

async function signIn(service: RunningService, email: string, password: string): Promise<string | undefined> {
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: SIGN_IN, variables: { input: { email, password } } }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: { extensions?: { reason?: string } }[] };
  return body.errors?.[0]?.extensions?.reason ?? 'signed_in';
}

/** The token endpoint's verdict on the client (form dialect: invalid_client is 401, a bad code 400). */
async function clientVerdict(service: RunningService, clientId: string, clientSecret: string): Promise<string> {
  const response = await fetch(`${service.url}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: 'http://127.0.0.1:8765/callback',
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
  return ((await response.json()) as { error: string }).error;
}

describe('production and the published demo credentials', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('does not load demo data in production unless SEED_DEMO_DATA asks for it', async () => {
    expect(loadEnv({ NODE_ENV: 'production', SECRETS_KEY, SMTP_URL }).seedDemoData).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', SECRETS_KEY, SMTP_URL, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
    const database = await persistentDatabase();
    cleanups.push(() => database.drop());
    const service = await start(database, { NODE_ENV: 'production' });
    cleanups.push(() => service.close());
    expect(service.demo).toBeUndefined();
    expect(await signIn(service, HANAKO.email, HANAKO.password)).toBe('invalid_credentials');
  });

  it('refuses them in production on a database seeded in development', async () => {
    const database = await persistentDatabase();
    cleanups.push(() => database.drop());
    const development = await start(database, { NODE_ENV: 'test', SEED_DEMO_DATA: 'true' });
    expect(await signIn(development, HANAKO.email, HANAKO.password)).toBe('signed_in');
    expect(await clientVerdict(development, CONSUMER_APP!.clientId, CONSUMER_APP!.clientSecret)).toBe('invalid_grant');
    await development.close();

    const production = await start(database, { NODE_ENV: 'production' });
    cleanups.push(() => production.close());
    for (const user of DEMO_USERS)
      expect(await signIn(production, user.email, user.password)).toBe('invalid_credentials');
    for (const app of DEMO_APPS)
      expect(await clientVerdict(production, app.clientId, app.clientSecret)).toBe('invalid_client');
    // Two starts, one loading the demo data, and seven password checks: 10 s on an idle 2-core machine,
    // over 30 s beside three other test files (CI).
  }, 90_000);

  it('seeds explicitly requested demo data in production with unpublished credentials', async () => {
    const database = await persistentDatabase();
    cleanups.push(() => database.drop());
    const service = await start(database, { NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
    cleanups.push(() => service.close());
    expect(service.demo?.businesses).toBeGreaterThan(0);
    expect(await signIn(service, HANAKO.email, HANAKO.password)).toBe('invalid_credentials');
    expect(await clientVerdict(service, CONSUMER_APP!.clientId, CONSUMER_APP!.clientSecret)).toBe('invalid_client');
  });

  it('npm start prints no demo credentials in production', async () => {
    const database = await persistentDatabase();
    cleanups.push(() => database.drop());
    const port = await freePort();
    const child = spawnService(
      'npm start',
      fileURLToPath(new URL('../processes/all-in-one/main.js', import.meta.url)),
      [],
      {
        capture: true,
        env: childProcessEnv({
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
          SECRETS_KEY,
          SMTP_URL,
          SEED_DEMO_DATA: 'true',
          DATABASE_URL: database.env.DATABASE_URL,
          DATA_DIR: database.env.DATA_DIR ?? 'memory://',
        }),
      },
    );
    cleanups.push(() => stopServices([child], 'SIGKILL'));
    await waitUntilReady(child, `http://127.0.0.1:${port}/readyz`, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.child.kill('SIGTERM');
    expect(await waitForExit(child, 20_000)).toBe(0);
    const output = child.output();
    expect(output).toContain('Demo data');
    for (const user of DEMO_USERS) expect(output).not.toContain(user.password);
    for (const app of DEMO_APPS) expect(output).not.toContain(app.clientSecret);
  }, 90_000);
});
