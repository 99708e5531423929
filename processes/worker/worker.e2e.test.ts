/**
 * The worker in both topologies: in-process in the one-process service, and as its own process that
 * answers health checks and, on SIGTERM during a run, lets the run finish before it exits 0.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/fixtures/database.js';
import { startTestService } from '../../test/harness.js';
import { hasPostgres } from '../../test/requirements.js';
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { HOUSEKEEPING_JOB } from '../../subgraphs/identity/housekeeping/housekeeping.job.js';
import { createOrm, migrate, rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { childProcessEnv } from '../../subgraphs/kernel/env.js';
import { spawnService, stopServices, waitForExit, waitUntilReady } from '../child-services.js';
import { freePort } from '../../test/fixtures/ports.js';

const SLOW_WORKER = fileURLToPath(new URL('../../test/slow-worker.js', import.meta.url));
const SLOW_JOB_MS = 3_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A user with one browser session that ended a minute ago; returns the session id. */
async function expiredSession(orm: Orm): Promise<string> {
  const em = rootEntityManager(orm).fork();
  const userId = uuidv7();
  const sessionId = uuidv7();
  await em.execute(
    'insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous") values (?, now(), now(), true)',
    [userId],
  );
  await em.execute(
    `insert into "browser_session" ("id", "created_at", "updated_at", "token_hash", "user_id", "expires_at",
       "idle_expires_at") values (?, now(), now(), ?, ?, now() - interval '1 minute', now() - interval '1 minute')`,
    [sessionId, sessionId.replaceAll('-', '').padEnd(64, '0'), userId],
  );
  return sessionId;
}

async function sessionExists(orm: Orm, id: string): Promise<boolean> {
  const rows = await rootEntityManager(orm).fork().execute('select 1 from "browser_session" where "id" = ?', [id]);
  return rows.length > 0;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the worker', () => {
  it('runs the jobs in-process in the one-process service', async () => {
    const service = await startTestService({ demoData: false, env: { HOUSEKEEPING_INTERVAL_MS: '1000' } });
    expect(service.jobs.jobs.map((job) => job.name)).toContain(HOUSEKEEPING_JOB);
    const session = await expiredSession(service.orm);
    await until(async () => !(await sessionExists(service.orm, session)), 10_000);
  }, 60_000);

  it.skipIf(!hasPostgres('worker.e2e.test (a worker process beside the test on one database)'))(
    'as its own process: answers health checks, and on SIGTERM lets the running job finish, then exits 0',
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      const orm = await createOrm({
        env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
        entities: ALL_ENTITIES,
      });
      cleanups.push(() => orm.close(true));
      await migrate(orm);
      const session = await expiredSession(orm);

      const port = await freePort();
      const worker = spawnService('worker', SLOW_WORKER, [], {
        capture: true,
        env: childProcessEnv({
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          DATABASE_URL: database.env.DATABASE_URL,
          // The webhook dispatcher decrypts secrets: a key of its own, never one written into the working tree.
          DATA_DIR: 'memory://',
          SECRETS_KEY: randomBytes(32).toString('base64url'),
          WORKER_PORT: String(port),
          HOUSEKEEPING_INTERVAL_MS: '1000',
          SHUTDOWN_TIMEOUT_MS: '10000',
          SLOW_JOB_MS: String(SLOW_JOB_MS),
        }),
      });
      cleanups.push(() => stopServices([worker], 'SIGKILL'));
      await waitUntilReady(worker, `http://127.0.0.1:${port}/readyz`, 30_000);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

      await until(() => worker.output().includes('"message":"slow job started"'), 10_000);
      worker.child.kill('SIGTERM');
      expect(await waitForExit(worker, 20_000), worker.output()).toBe(0);
      // It waited for the run it was signalled during, which committed before the exit. Read from the
      // worker's own log (its clock and its order), not from when this test noticed the run: on a
      // loaded machine the test saw the line late, and its own clock made the wait look shorter.
      const output = worker.output();
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { message: string; time: string });
      const at = (message: string) => lines.findIndex((line) => line.message === message);
      const [started, stopping, ran, stopped] = [
        at('slow job started'),
        at('worker stopping'),
        at('job ran'),
        at('worker stopped'),
      ];
      expect(
        [started, stopping, ran, stopped].every((index) => index >= 0),
        output,
      ).toBe(true);
      expect(started < stopping && stopping < ran && ran < stopped, output).toBe(true);
      const ms = (index: number) => Date.parse(lines[index]!.time);
      // The run took its whole SLOW_JOB_MS, most of it after the signal had arrived.
      expect(ms(ran) - ms(started)).toBeGreaterThanOrEqual(SLOW_JOB_MS);
      expect(await sessionExists(orm, session)).toBe(false);
    },
    60_000,
  );
});
