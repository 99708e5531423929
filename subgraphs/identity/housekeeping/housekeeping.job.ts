/**
 * Identity housekeeping: deletes rows that can no longer change any answer. What stays on purpose:
 * grants (revoked ones are the security log of who was cut off and why), refresh tokens (a used one
 * is how reuse is detected), owner invitations (operators list them) and the mail outbox.
 */
import type { Job, JobRun } from '../../kernel/jobs/job.js';

/** The job's name: its lock key and the `job` field of its log lines. */
export const HOUSEKEEPING_JOB = 'identity.housekeeping';

/** At most this many rows per table and run, so a run stays short; the rest goes on the next tick. */
export const HOUSEKEEPING_BATCH = 5_000;

/**
 * How long an authorization code is kept after it expired. A used code is how a replay is caught
 * (the replay revokes the grant the first exchange created), so a replay within this time still
 * revokes; later, the code is unknown and merely refused.
 */
export const CODE_REPLAY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * How long a sign-in throttle counter is kept after its window began, once no lock is running. Every
 * throttle window is at most an hour, and a failure after the window starts a new one, so an older
 * counter counts nothing: deleting it answers exactly as keeping it would.
 */
export const THROTTLE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Rows deleted by one run, by table. */
export interface HousekeepingCounts {
  readonly authorizationCodes: number;
  readonly emailVerificationTokens: number;
  readonly browserSessions: number;
  readonly signInThrottles: number;
}

async function deleteBatch(run: JobRun, table: string, key: string, where: string, params: unknown[]): Promise<number> {
  const rows = await run.em.execute<unknown[]>(
    `delete from "${table}" where "${key}" in (select "${key}" from "${table}" where ${where} limit ${HOUSEKEEPING_BATCH})
     returning "${key}"`,
    params,
  );
  return rows.length;
}

/** One housekeeping pass at `run.now`. */
export async function sweepIdentity(run: JobRun): Promise<HousekeepingCounts> {
  const now = run.now;
  return {
    authorizationCodes: await deleteBatch(run, 'oauth_authorization_code', 'id', '"expires_at" <= ?', [
      new Date(now.getTime() - CODE_REPLAY_RETENTION_MS),
    ]),
    // A used or expired link answers exactly as an unknown one (invalid_verification_token).
    emailVerificationTokens: await deleteBatch(
      run,
      'email_verification_token',
      'id',
      '"used_at" is not null or "expires_at" <= ?',
      [now],
    ),
    // Ended at its absolute or idle limit: findLiveSession never returns it again.
    browserSessions: await deleteBatch(run, 'browser_session', 'id', '"expires_at" <= ? or "idle_expires_at" <= ?', [
      now,
      now,
    ]),
    signInThrottles: await deleteBatch(
      run,
      'sign_in_throttle',
      'key',
      '"window_started_at" <= ? and ("locked_until" is null or "locked_until" <= ?)',
      [new Date(now.getTime() - THROTTLE_RETENTION_MS), now],
    ),
  };
}

/** The housekeeping job, every `intervalMs` (HOUSEKEEPING_INTERVAL_MS). */
export function housekeepingJob(intervalMs: number): Job {
  return { name: HOUSEKEEPING_JOB, intervalMs, run: (run) => sweepIdentity(run).then((counts) => ({ ...counts })) };
}
