/**
 * The stores subgraph's consumer of the outbox (job `stores.stock-postings`): it reads published
 * events in `publish_seq` order after a durable cursor of its own (`outbox_consumer_cursor`) and posts
 * to the stock ledger the sales of `order.created`, the returns of `order.cancelled` and the levels of
 * a storefront's `inventory.updated` (the ledger's own `inventory.updated` are passed over), in the
 * same transaction as advancing the cursor: a run that fails posts nothing and moves nothing.
 *
 * Why publish_seq and not the event id: ids are given when a change is written, but a transaction
 * that started earlier can commit later, so an event with a lower id can become visible after one
 * with a higher id. publish_seq is given by the one publisher at a time (kernel/events/publisher.ts,
 * under an advisory lock held to its commit), so a later publication always has a higher seq than
 * every event already visible: a cursor over it never skips one.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import type { Job, JobRun } from '../../kernel/jobs/job.js';
import { PostingTally, postOrderReturns, postOrderSales } from './sale-postings.js';
import { isStorefrontLevel, syncStorefrontLevel } from './storefront-sync.js';

/** The job's name: its lock key, the `job` field of its log lines, and its cursor's consumer. */
export const STOCK_POSTINGS_JOB = 'stores.stock-postings';
/** Time between runs: how late a sale reaches the ledger at most (plus the publisher's delay). */
export const STOCK_POSTINGS_INTERVAL_MS = 2_000;
/** Published events read per run (of every type), so a run stays short. */
export const STOCK_POSTINGS_BATCH = 200;

/** The event types the job posts; the payload of the others is not even read. */
const CONSUMED = ['order.created', 'order.cancelled', 'inventory.updated'] as const;

interface EventRow {
  id: string;
  type: string;
  business_account_id: string | null;
  payload: Record<string, unknown> | string | null;
  publish_seq: string | number;
}

/** The cursor of this consumer, locked until the run's transaction ends (made at 0 the first time). */
async function lockCursor(em: EntityManager, now: Date): Promise<string> {
  await em.execute(
    `insert into "outbox_consumer_cursor" ("consumer", "last_seq", "updated_at") values (?, 0, ?) on conflict do nothing`,
    [STOCK_POSTINGS_JOB, now],
    'run',
  );
  const [row] = await em.execute<{ last_seq: string | number }[]>(
    'select "last_seq" from "outbox_consumer_cursor" where "consumer" = ? for update',
    [STOCK_POSTINGS_JOB],
  );
  return String(row!.last_seq);
}

/** Posts what one published event says, if anything. */
async function post(em: EntityManager, event: EventRow, now: Date, tally: PostingTally): Promise<void> {
  const businessAccountId = event.business_account_id;
  if (!businessAccountId || event.payload === null) return;
  const payload =
    typeof event.payload === 'string' ? (JSON.parse(event.payload) as Record<string, unknown>) : event.payload;
  if (event.type === 'order.created') await postOrderSales(em, businessAccountId, payload, tally);
  else if (event.type === 'order.cancelled') await postOrderReturns(em, businessAccountId, payload, tally);
  else if (event.type === 'inventory.updated' && isStorefrontLevel(payload))
    await syncStorefrontLevel(em, businessAccountId, { id: event.id, payload }, now, tally);
}

/**
 * One run: the next {@link STOCK_POSTINGS_BATCH} published events after the cursor, each posted, then
 * the cursor past the last; null when none was published since.
 */
export async function postPublishedEvents(
  run: JobRun,
  batch: number = STOCK_POSTINGS_BATCH,
): Promise<Record<string, number> | null> {
  const { em, now } = run;
  const after = await lockCursor(em, now);
  const events = await em.execute<EventRow[]>(
    `select "id", "type", "business_account_id", "publish_seq",
       case when "type" in (${CONSUMED.map(() => '?').join(', ')}) then "payload" end as "payload"
     from "outbox_event" where "publish_seq" > ? order by "publish_seq" limit ?`,
    [...CONSUMED, after, batch],
  );
  if (events.length === 0) return null;
  const tally = new PostingTally();
  for (const event of events) await post(em, event, now, tally);
  await em.execute(
    'update "outbox_consumer_cursor" set "last_seq" = ?, "updated_at" = ? where "consumer" = ?',
    [String(events.at(-1)!.publish_seq), now, STOCK_POSTINGS_JOB],
    'run',
  );
  return { events: events.length, ...tally.counts, lastSeq: Number(events.at(-1)!.publish_seq) };
}

/** The stock-postings job, every {@link STOCK_POSTINGS_INTERVAL_MS}. */
export function stockPostingsJob(intervalMs: number = STOCK_POSTINGS_INTERVAL_MS): Job {
  return { name: STOCK_POSTINGS_JOB, intervalMs, run: (run) => postPublishedEvents(run) };
}
