/**
 * Event retention: published events older than EVENT_RETENTION_DAYS are deleted (with their webhook
 * deliveries and attempts, by cascade) unless a delivery of theirs is still pending. Unpublished
 * events are never deleted. Bounded batches, so a run stays short.
 */
import type { Env } from '../env.js';
import type { Job } from '../jobs/job.js';

export const EVENT_RETENTION_JOB = 'events.retention';
const BATCH = 1_000;
const HOURLY_MS = 3_600_000;

export function eventRetentionJob(env: Pick<Env, 'events'>, intervalMs: number = HOURLY_MS): Job {
  return {
    name: EVENT_RETENTION_JOB,
    intervalMs,
    async run({ em, now }) {
      const cutoff = new Date(now.getTime() - env.events.retentionDays * 86_400_000);
      const deleted = await em.execute<{ id: string }[]>(
        `delete from "outbox_event" where "id" in (
           select o."id" from "outbox_event" o
           where o."published_at" is not null and o."published_at" < ?
             and not exists (select 1 from "webhook_delivery" d where d."event_id" = o."id" and d."status" = 'pending')
           order by o."published_at" limit ?)
         returning "id"`,
        [cutoff, BATCH],
      );
      return deleted.length === 0 ? null : { deleted: deleted.length };
    },
  };
}
