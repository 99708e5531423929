/**
 * The job runner against a real database (jobs hold their transaction open with a timer, which the
 * embedded database allows too, unlike pg_sleep): a run commits or rolls back as a whole, a failure is
 * retried on the next tick, two workers never run a job at once, and stopping waits for a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/fixtures/database.js';
import { hasPostgres } from '../../test/requirements.js';
import { ALL_ENTITIES } from '../../subgraphs/index.js';
import { createOrm, migrate, rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';
import type { Job, JobRun } from '../../subgraphs/kernel/jobs/job.js';
import { logLevel, setLogLevel } from '../../subgraphs/kernel/logger.js';
import { JobRunner, RunOutcome } from './job-runner.js';

let database: TestDatabase;
const orms: Orm[] = [];

async function openOrm(): Promise<Orm> {
  const orm = await createOrm({
    env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
    entities: ALL_ENTITIES,
  });
  orms.push(orm);
  return orm;
}

const runnerOn = (orm: Orm, jobs: readonly Job[]): JobRunner => new JobRunner(rootEntityManager(orm), jobs);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes a throttle row under `key`: visible afterwards only when the run committed. */
async function mark(run: JobRun, key: string): Promise<void> {
  await run.em.execute(
    `insert into "sign_in_throttle" ("key", "failures", "window_started_at") values (?, 1, now())
     on conflict ("key") do update set "failures" = "sign_in_throttle"."failures" + 1`,
    [key],
  );
}

async function marks(orm: Orm, key: string): Promise<number> {
  const rows = await rootEntityManager(orm)
    .fork()
    .execute<{ failures: number }[]>('select "failures" from "sign_in_throttle" where "key" = ?', [key]);
  return rows[0]?.failures ?? 0;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

let orm: Orm;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm();
  await migrate(orm);
});

afterAll(async () => {
  for (const open of orms) await open.close(true);
  await database?.drop();
});

describe('JobRunner', () => {
  it('rolls a failed run back, and runs the job again on its next tick', async () => {
    let attempts = 0;
    const job: Job = {
      name: 'test.flaky',
      intervalMs: 50,
      async run(run) {
        attempts += 1;
        await mark(run, 'job:flaky');
        if (attempts === 1) throw new Error('the first run fails');
        return { attempt: attempts };
      },
    };
    const runner = runnerOn(orm, [job]);
    runner.start();
    await until(() => attempts >= 2);
    await runner.stop(5_000);
    // The first run's write rolled back; the second one's committed.
    expect(await marks(orm, 'job:flaky')).toBe(attempts - 1);
  });

  it('logs a run that found nothing to do (null) at debug level only, and any other run at info', async () => {
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const level = logLevel();
    setLogLevel('info');
    process.stderr.write = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    try {
      const idle: Job = { name: 'test.idle', intervalMs: 1_000, run: () => Promise.resolve(null) };
      const busy: Job = { name: 'test.busy', intervalMs: 1_000, run: () => Promise.resolve({ handled: 2 }) };
      const runner = runnerOn(orm, [idle, busy]);
      expect(await runner.runOnce(idle)).toBe(RunOutcome.Ran);
      expect(await runner.runOnce(busy)).toBe(RunOutcome.Ran);
    } finally {
      process.stderr.write = write;
      setLogLevel(level);
    }
    const ran = lines.filter((line) => line.includes('job ran'));
    expect(ran).toHaveLength(1);
    expect(JSON.parse(ran[0]!)).toMatchObject({ level: 'info', job: 'test.busy', handled: 2 });
  });

  it('refuses two jobs of one name', () => {
    const job: Job = { name: 'test.twice', intervalMs: 1_000, run: async () => undefined };
    expect(() => runnerOn(orm, [job, { ...job }])).toThrow(/two jobs are named test.twice/);
  });

  it('waits for a running job when stopping, and starts none afterwards', async () => {
    let finishedAt = 0;
    const job: Job = {
      name: 'test.slow',
      intervalMs: 60_000,
      async run(run) {
        await mark(run, 'job:slow');
        await sleep(800);
        finishedAt = Date.now();
      },
    };
    const runner = runnerOn(orm, [job]);
    const running = runner.runOnce(job);
    await sleep(200);
    await runner.stop(5_000);
    const stoppedAt = Date.now();
    expect(finishedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeGreaterThanOrEqual(finishedAt);
    expect(await running).toBe(RunOutcome.Ran);
    expect(await marks(orm, 'job:slow')).toBe(1);
    expect(await runner.runOnce(job)).toBe(RunOutcome.Skipped);
  });

  it('stops waiting for a run after the shutdown bound', async () => {
    const job: Job = {
      name: 'test.stuck',
      intervalMs: 60_000,
      async run(run) {
        await mark(run, 'job:stuck');
        await sleep(1_500);
      },
    };
    const runner = runnerOn(orm, [job]);
    const running = runner.runOnce(job);
    await sleep(100);
    const started = Date.now();
    await runner.stop(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await running).toBe(RunOutcome.Ran);
  });
});

describe.skipIf(!hasPostgres('job-runner.int.test (two workers on their own connections)'))(
  'JobRunner across workers',
  () => {
    it('never runs one job in two workers at once', async () => {
      const [first, second] = [await openOrm(), await openOrm()];
      let active = 0;
      let mostActive = 0;
      const job: Job = {
        name: 'test.exclusive',
        intervalMs: 60_000,
        async run(run) {
          active += 1;
          mostActive = Math.max(mostActive, active);
          try {
            await mark(run, 'job:exclusive');
            await sleep(100);
          } finally {
            active -= 1;
          }
        },
      };
      const runners = [runnerOn(first, [job]), runnerOn(second, [job])];
      const outcomes: RunOutcome[] = [];
      for (let round = 0; round < 8; round += 1) {
        outcomes.push(...(await Promise.all(runners.map((runner) => runner.runOnce(job)))));
      }
      expect(mostActive).toBe(1);
      expect(outcomes).toContain(RunOutcome.Skipped);
      expect(outcomes).toContain(RunOutcome.Ran);
      expect(outcomes).not.toContain(RunOutcome.Failed);
    });
  },
);
