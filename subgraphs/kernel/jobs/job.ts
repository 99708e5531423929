/**
 * A background job: a named piece of work a worker runs on an interval (the worker process of the
 * separate topology, or the one-process service in-process). The worker guarantees one run at a time
 * across every worker process (a PostgreSQL advisory lock held by the run's transaction), logs each
 * run and each failure, and retries a failed run on the next tick. See `processes/worker/`.
 */
import type { EntityManager } from '../db/orm.js';

/** What one run of a job gets. */
export interface JobRun {
  /**
   * The run's transaction, which holds the job's lock: every query of the run goes through it (the
   * embedded database is one connection, so a query outside the transaction would wait for it
   * forever). It commits when `run` resolves and rolls back when it throws.
   */
  readonly em: EntityManager;
  /** The run's clock: one instant for the whole run. */
  readonly now: Date;
  /**
   * Aborted once the worker is shutting down: a job working in batches stops after the current one
   * (what it did commits). The worker waits for the run at most SHUTDOWN_TIMEOUT_MS.
   */
  readonly signal: AbortSignal;
}

/** A job a worker runs. */
export interface Job {
  /** Unique, stable name, e.g. `identity.housekeeping`: the lock key and the `job` field of its logs. */
  readonly name: string;
  /** Time from the end of one run to the start of the next, in milliseconds; the first run waits one interval. */
  readonly intervalMs: number;
  /**
   * One run. Keep it short (it holds a transaction, and on the embedded database every request waits
   * for it): a job with much to do does a bounded batch per run. Resolves with fields for its log line
   * (e.g. how many rows it handled), or `null` when it found nothing to do: a frequent job's idle runs
   * are logged at debug level only, so they do not drown the log.
   */
  run(run: JobRun): Promise<Readonly<Record<string, unknown>> | null | void>;
}
