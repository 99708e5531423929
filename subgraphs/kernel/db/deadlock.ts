/**
 * Deadlock victims run again. PostgreSQL checks an exclusion constraint after the row is in the index,
 * so two writers of overlapping rows can each wait for the other's transaction; its deadlock detector
 * then aborts one of them (SQLSTATE 40P01) and the other goes on. The victim did nothing wrong: its
 * write, run again in a new transaction, meets the survivor's outcome (a conflict or a free slot).
 */
import { DeadlockException } from '@mikro-orm/core';

/** Attempts in all, the first included. */
export const DEADLOCK_ATTEMPTS = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt`, a whole transaction, again when the database aborts it as a deadlock victim, after a
 * short random pause (so that the same writers do not meet again in step), at most `attempts` times in
 * all; the last deadlock, and any other error, is thrown.
 */
export async function retryingDeadlocks<T>(
  attempt: () => Promise<T>,
  attempts = DEADLOCK_ATTEMPTS,
  random: () => number = Math.random,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof DeadlockException) || n >= attempts) throw error;
      await pause(Math.round(random() * 10 * n));
    }
  }
}
