/**
 * A background loop: work a worker keeps doing as soon as there is some (the event publisher, the
 * webhook dispatcher), unlike a {@link Job}'s fixed interval. The worker runs each loop when a
 * notification arrives on one of its LISTEN channels, and at least every `intervalMs` (retries that
 * came due, a notification lost with a connection). One run of a loop at a time per process; loops
 * must be safe with several worker processes (row claims with FOR UPDATE SKIP LOCKED, advisory
 * locks). A run opens its own short transactions: on the embedded database (one connection) a
 * transaction held across a slow call would stall every request.
 */
import type { EntityManager } from '../db/orm.js';

export interface LoopRun {
  /** The root EntityManager; fork it (and open short transactions) for every unit of work. */
  readonly root: EntityManager;
  /** Aborted when the worker stops: finish what is in flight, start nothing new. */
  readonly signal: AbortSignal;
}

export interface BackgroundLoop {
  /** Unique, stable name, e.g. `events.publish` (log field `loop`). */
  readonly name: string;
  /** LISTEN channels whose notifications wake the loop. */
  readonly channels: readonly string[];
  /** Longest sleep between runs, in milliseconds. */
  readonly intervalMs: number;
  /**
   * One run. Resolves with the number of items handled; a run that handled some is followed by
   * another at once (a backlog drains in batches), one that handled none sleeps until woken.
   */
  run(run: LoopRun): Promise<number>;
}
