/**
 * Analytics snapshots: after each Asia/Tokyo day closes, stores every store's figures of that day
 * (snapshot-figures.ts), once. The job runs every {@link ANALYTICS_SNAPSHOTS_INTERVAL_MS}; each run
 * looks at the last {@link ANALYTICS_CATCH_UP_DAYS} closed days, computes those not yet recorded in
 * analytics_closed_day, oldest first, and records them in the same transaction (the worker's lock
 * makes runs one at a time). A worker that was down for a few days catches up on its next run; days
 * older than the bound are left alone (their snapshots stay absent: the bound keeps one run short).
 * Each run also forgets the viewers of past days (record-content-view.ts: no view counts for them).
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import type { Job, JobRun } from '../../kernel/jobs/job.js';
import { forgetPastViewers } from '../content-view/record-content-view.js';
import { storeDaySnapshots } from './snapshot-figures.js';
import { addDays, tokyoDay, type Day } from './tokyo-day.js';

/** The job's name: its lock key and the `job` field of its log lines. */
export const ANALYTICS_SNAPSHOTS_JOB = 'stores.analytics-snapshots';

/** Time between runs: how long after midnight in Tokyo a closed day may wait for its snapshots. */
export const ANALYTICS_SNAPSHOTS_INTERVAL_MS = 10 * 60_000;

/** How many closed days back a run looks (and so catches up at most). */
export const ANALYTICS_CATCH_UP_DAYS = 7;

/** The closed days of the catch-up window that have no snapshots yet, oldest first. */
async function missingDays(em: EntityManager, today: Day): Promise<Day[]> {
  const window = Array.from({ length: ANALYTICS_CATCH_UP_DAYS }, (_, i) => addDays(today, i - ANALYTICS_CATCH_UP_DAYS));
  const done = await em.execute<{ day: string }[]>(
    `select to_char("day", 'YYYY-MM-DD') as "day" from "analytics_closed_day" where "day" >= ?::date`,
    [window[0]],
  );
  const computed = new Set(done.map((row) => row.day));
  return window.filter((day) => !computed.has(day));
}

/** Computes the closed days not yet computed (within the window) at `run.now`; the days done. */
export async function computeClosedDays(run: JobRun): Promise<Day[]> {
  const done: Day[] = [];
  for (const day of await missingDays(run.em, tokyoDay(run.now))) {
    if (run.signal.aborted) break;
    const stores = await storeDaySnapshots(run.em, day, run.now);
    await run.em.execute(
      `insert into "analytics_closed_day" ("day", "computed_at", "stores") values (?::date, ?, ?)
        on conflict ("day") do update set "computed_at" = excluded."computed_at", "stores" = excluded."stores"`,
      [day, run.now, stores],
      'run',
    );
    done.push(day);
  }
  return done;
}

/** The analytics-snapshots job, every {@link ANALYTICS_SNAPSHOTS_INTERVAL_MS}. */
export function analyticsSnapshotsJob(): Job {
  return {
    name: ANALYTICS_SNAPSHOTS_JOB,
    intervalMs: ANALYTICS_SNAPSHOTS_INTERVAL_MS,
    run: async (run) => {
      const days = await computeClosedDays(run);
      const viewersForgotten = await forgetPastViewers(run.em, run.now);
      return days.length > 0 || viewersForgotten > 0 ? { days, viewersForgotten } : null;
    },
  };
}
