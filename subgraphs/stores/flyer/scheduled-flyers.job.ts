/**
 * Scheduled flyers: publishes each scheduled flyer whose publishAt has come and writes its
 * `flyer.published` event, in one transaction. Each flyer is published exactly once, even with two
 * runs at the same time or a manual publish racing the job: the rows are claimed by a conditional
 * UPDATE ... RETURNING that only matches flyers still scheduled, and only the rows it returned get an event.
 */
import type { Job, JobRun } from '../../kernel/jobs/job.js';
import { queueFlyerPublished } from './flyer-events.js';

/** The job's name: its lock key and the `job` field of its log lines. */
export const SCHEDULED_FLYERS_JOB = 'stores.scheduled-flyers';

/** Time between runs: how late a scheduled flyer can be published. */
export const SCHEDULED_FLYERS_INTERVAL_MS = 30_000;

/** At most this many flyers per run; the rest goes on the next tick. */
export const SCHEDULED_FLYERS_BATCH = 500;

/** Due flyers skip rows another transaction holds (it is publishing them) instead of waiting for them. */
const PUBLISH_DUE = `
  with due as (
    select "id" from "flyer"
    where "status" = 'scheduled' and "publish_at" <= ?
    order by "publish_at" limit ${SCHEDULED_FLYERS_BATCH}
    for update skip locked
  )
  update "flyer" as f
  set "status" = 'published', "published_at" = f."publish_at", "updated_at" = ?
  from due
  where f."id" = due."id" and f."status" = 'scheduled'
  returning f."id", f."business_account_id", f."store_id", f."title", f."valid_from", f."valid_to"`;

interface PublishedRow {
  readonly id: string;
  readonly business_account_id: string;
  readonly store_id: string;
  readonly title: string;
  readonly valid_from: Date | string;
  readonly valid_to: Date | string;
}

/** Publishes the flyers due at `run.now` and queues their events; how many. */
export async function publishDueFlyers(run: JobRun): Promise<number> {
  const rows = await run.em.execute<PublishedRow[]>(PUBLISH_DUE, [run.now, run.now]);
  for (const row of rows) {
    queueFlyerPublished(run.em, {
      id: row.id,
      businessAccountId: row.business_account_id,
      storeId: row.store_id,
      title: row.title,
      validFrom: new Date(row.valid_from),
      validTo: new Date(row.valid_to),
    });
  }
  await run.em.flush();
  return rows.length;
}

/** The scheduled-flyers job, every {@link SCHEDULED_FLYERS_INTERVAL_MS}. */
export function scheduledFlyersJob(): Job {
  return {
    name: SCHEDULED_FLYERS_JOB,
    intervalMs: SCHEDULED_FLYERS_INTERVAL_MS,
    run: async (run) => ({ published: await publishDueFlyers(run) }),
  };
}
