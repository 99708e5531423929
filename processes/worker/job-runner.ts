/**
 * Runs jobs on their intervals: one run of a job at a time in this process (the next run is scheduled
 * when the previous one ended) and across every worker process (each run takes a PostgreSQL advisory
 * lock in its own transaction, and a run that cannot take it is skipped). A failed run is logged and
 * rolled back, and the job runs again on its next tick.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { databaseOutage, isDatabaseUnavailable } from '../../subgraphs/kernel/db/outage.js';
import type { Job } from '../../subgraphs/kernel/jobs/job.js';
import { backgroundWork } from '../../subgraphs/kernel/jobs/loop.js';
import { log } from '../../subgraphs/kernel/logger.js';

/** First key of every job lock (the second is `hashtext(name)`), so job locks stay clear of other advisory locks. */
export const JOB_LOCK_NAMESPACE = 0x6a6f62;

/** What one attempt to run a job did. */
export enum RunOutcome {
  /** The job ran and its transaction committed. */
  Ran = 'ran',
  /** Another worker was running it (or this runner is stopping): nothing done. */
  Skipped = 'skipped',
  /** It threw: rolled back, logged, and tried again on the next tick. */
  Failed = 'failed',
}

/** Schedules and runs a set of jobs against one database. */
export class JobRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<RunOutcome>>();
  private readonly stopping = new AbortController();

  /** `root` is the ORM's root EntityManager; each run forks it and opens its own transaction. */
  constructor(
    private readonly root: EntityManager,
    readonly jobs: readonly Job[],
  ) {
    const names = jobs.map((job) => job.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice !== undefined) throw new Error(`two jobs are named ${twice}`);
  }

  /** Schedules every job: its first run one interval from now. */
  start(): void {
    for (const job of this.jobs) this.schedule(job);
    log('info', 'jobs scheduled', { jobs: this.jobs.map((job) => ({ job: job.name, intervalMs: job.intervalMs })) });
  }

  private schedule(job: Job): void {
    if (this.stopping.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(job.name);
      void this.runOnce(job).then(() => this.schedule(job));
    }, job.intervalMs);
    // Timers never keep a process alive: its HTTP server does, until shutdown.
    timer.unref();
    this.timers.set(job.name, timer);
  }

  /** Runs `job` now (tests and the scheduler); never rejects. Skipped once {@link stop} was called. */
  runOnce(job: Job): Promise<RunOutcome> {
    if (this.stopping.signal.aborted) return Promise.resolve(RunOutcome.Skipped);
    // Marked as background work, like the loops' runs, so a request's query log leaves it out.
    const attempt = backgroundWork.run(job.name, () => this.attempt(job));
    this.running.add(attempt);
    void attempt.finally(() => this.running.delete(attempt));
    return attempt;
  }

  private async attempt(job: Job): Promise<RunOutcome> {
    const started = Date.now();
    try {
      const done = await this.root.fork().transactional(async (em) => {
        // Held until this transaction ends; a second worker's try fails at once instead of waiting.
        const rows = await em.execute<{ locked: boolean }[]>(
          'select pg_try_advisory_xact_lock(?::int, hashtext(?)) as "locked"',
          [JOB_LOCK_NAMESPACE, job.name],
        );
        if (rows[0]?.locked !== true) return undefined;
        return { fields: await job.run({ em, now: new Date(), signal: this.stopping.signal }) };
      });
      if (!done) {
        log('debug', 'job skipped: another worker is running it', { job: job.name });
        return RunOutcome.Skipped;
      }
      log(done.fields === null ? 'debug' : 'info', 'job ran', {
        job: job.name,
        ms: Date.now() - started,
        ...(done.fields ?? {}),
      });
      return RunOutcome.Ran;
    } catch (error) {
      // A database outage is logged once for the whole process (with the requests' failures), not per run.
      if (isDatabaseUnavailable(error)) databaseOutage.failed(error);
      else
        log('error', 'job failed; it runs again on its next tick', { job: job.name, ms: Date.now() - started, error });
      return RunOutcome.Failed;
    }
  }

  /**
   * Stops taking runs (no new tick starts; running jobs see their signal aborted) and waits for the
   * runs in progress, at most `timeoutMs`; after that the caller closes the database anyway, which
   * rolls a still-running run back.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = Promise.allSettled([...this.running]).then(() => true);
    const bound = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const inTime = await Promise.race([finished, bound]);
    clearTimeout(timer);
    if (!inTime) log('warn', 'shutdown timeout: a job was still running; its transaction rolls back', { timeoutMs });
  }
}
