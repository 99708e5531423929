/**
 * Scheduled posts: a Scheduled post already reads as Published once its publishAt has passed (see
 * post.types.ts), so no job is needed for it to show; this job stores that state and writes its
 * `post.published` event, in one transaction. Each post is published exactly once, even with two runs
 * at the same time (a second worker, or a manual publish racing the job): the rows are claimed by a
 * conditional UPDATE ... RETURNING that only matches posts still Scheduled, and only the rows it
 * returned get an event.
 */
import type { Job, JobRun } from '../../kernel/jobs/job.js';
import { queuePostPublished } from './post-events.js';

/** The job's name: its lock key and the `job` field of its log lines. */
export const SCHEDULED_POSTS_JOB = 'stores.scheduled-posts';

/** Time between runs: how late a post.published event of a scheduled post can be (its visibility is not). */
export const SCHEDULED_POSTS_INTERVAL_MS = 30_000;

/** At most this many posts per run, so a run stays short; the rest goes on the next tick. */
export const SCHEDULED_POSTS_BATCH = 500;

/** Due posts skip rows another transaction holds (it is publishing them) instead of waiting for them. */
const PUBLISH_DUE = `
  with due as (
    select "id" from "app_post"
    where "status" = 'Scheduled' and "publish_at" <= ?
    order by "publish_at" limit ${SCHEDULED_POSTS_BATCH}
    for update skip locked
  )
  update "app_post" as p
  set "status" = 'Published', "published_at" = p."publish_at", "updated_at" = ?
  from due, "shop_app" as a
  where p."id" = due."id" and p."status" = 'Scheduled' and a."id" = p."shop_app_id"
  returning p."id", p."title", p."published_at", a."shop_id", a."business_account_id"`;

interface PublishedRow {
  readonly id: string;
  readonly title: string;
  readonly published_at: Date | string;
  readonly shop_id: string;
  readonly business_account_id: string;
}

/** Publishes the posts due at `run.now` and queues their events; how many. */
export async function publishDuePosts(run: JobRun): Promise<number> {
  const rows = await run.em.execute<PublishedRow[]>(PUBLISH_DUE, [run.now, run.now]);
  for (const row of rows) {
    queuePostPublished(run.em, {
      postId: row.id,
      shopId: row.shop_id,
      businessAccountId: row.business_account_id,
      title: row.title,
      publishedAt: new Date(row.published_at),
    });
  }
  await run.em.flush();
  return rows.length;
}

/** The scheduled-posts job, every {@link SCHEDULED_POSTS_INTERVAL_MS}. */
export function scheduledPostsJob(): Job {
  return {
    name: SCHEDULED_POSTS_JOB,
    intervalMs: SCHEDULED_POSTS_INTERVAL_MS,
    run: async (run) => ({ published: await publishDuePosts(run) }),
  };
}
