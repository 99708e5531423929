/**
 * Publishes committed outbox events: one publisher at a time across every worker process (a
 * transaction-scoped advisory lock), it takes the unpublished rows in id order (UUIDv7: creation
 * order), numbers them from `outbox_event_publish_seq` in that order, marks them published, runs the
 * publish hooks (e.g. the webhook fan-out inserting deliveries) and NOTIFYs channel `event_published`
 * once per event, all in one transaction: the notifications go out when it commits, together with the
 * deliveries, or not at all.
 *
 * NOTIFY payload: `{"seq","id","type","businessAccountId","occurredAt","data"}`; one over 7,000 bytes
 * is sent without `data` and with `"truncated":true` (subscribers load the row by id).
 */
import type { EntityManager } from '../db/orm.js';
import type { BackgroundLoop } from '../jobs/loop.js';
import { log } from '../logger.js';

/** An event as published. */
export interface PublishedEvent {
  /** Publish order (`outbox_event.publish_seq`), a bigint as a decimal string. */
  readonly seq: string;
  readonly id: string;
  readonly type: string;
  readonly businessAccountId: string | null;
  readonly occurredAt: Date;
  readonly data: Record<string, unknown>;
}

/** Runs in the publisher's transaction, for each batch of events published. */
export type PublishHook = (em: EntityManager, events: readonly PublishedEvent[]) => Promise<void>;

export const OUTBOX_CHANNEL = 'outbox_event';
export const PUBLISHED_CHANNEL = 'event_published';
/** Largest NOTIFY payload sent with `data` (PostgreSQL's limit is 8,000 bytes). */
export const NOTIFY_PAYLOAD_LIMIT = 7_000;
/** The publisher's advisory lock: (namespace 'evnt', 1). */
const PUBLISH_LOCK = [0x65766e74, 1] as const;
const DEFAULT_BATCH = 500;

/** The NOTIFY payload of a published event (truncated without `data` above the limit). */
export function notifyPayload(event: PublishedEvent): string {
  const head = {
    seq: event.seq,
    id: event.id,
    type: event.type,
    businessAccountId: event.businessAccountId,
    occurredAt: event.occurredAt.toISOString(),
  };
  const full = JSON.stringify({ ...head, data: event.data });
  if (Buffer.byteLength(full, 'utf8') <= NOTIFY_PAYLOAD_LIMIT) return full;
  return JSON.stringify({ ...head, truncated: true });
}

interface OutboxRow {
  id: string;
  type: string;
  business_account_id: string | null;
  occurred_at: Date | string;
  payload: Record<string, unknown> | string;
  publish_seq: string | number;
}

/**
 * Publishes up to `batch` pending events in one transaction; returns how many (0 also when another
 * publisher holds the lock: it publishes them).
 */
export async function publishPending(
  root: EntityManager,
  hooks: readonly PublishHook[],
  batch: number = DEFAULT_BATCH,
): Promise<PublishedEvent[]> {
  return root.fork().transactional(async (em) => {
    const locked = await em.execute<{ locked: boolean }[]>(
      'select pg_try_advisory_xact_lock(?::int, ?::int) as "locked"',
      [...PUBLISH_LOCK],
    );
    if (locked[0]?.locked !== true) return [];
    // NO KEY: a delivery inserted meanwhile (a resend) takes KEY SHARE on its event for the foreign
    // key; FOR UPDATE would block it while this transaction waits on that insert's key: a deadlock.
    const pending = await em.execute<{ id: string }[]>(
      'select "id" from "outbox_event" where "published_at" is null order by "id" limit ? for no key update',
      [batch],
    );
    if (pending.length === 0) return [];
    const numbered = await em.execute<{ seq: string | number }[]>(
      `select nextval('outbox_event_publish_seq') as "seq" from generate_series(1, ?)`,
      [pending.length],
    );
    const seqs = numbered.map((row) => BigInt(row.seq)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const assignment = pending.map((row, index) => ({ id: row.id, seq: seqs[index]!.toString() }));
    const rows = await em.execute<OutboxRow[]>(
      `update "outbox_event" as o set "publish_seq" = v."seq", "published_at" = now(), "updated_at" = now()
       from jsonb_to_recordset(?::jsonb) as v("id" uuid, "seq" bigint)
       where o."id" = v."id"
       returning o."id", o."type", o."business_account_id", o."occurred_at", o."payload", o."publish_seq"`,
      [JSON.stringify(assignment)],
    );
    const events = rows
      .map((row): PublishedEvent => ({
        seq: String(row.publish_seq),
        id: row.id,
        type: row.type,
        businessAccountId: row.business_account_id,
        occurredAt: row.occurred_at instanceof Date ? row.occurred_at : new Date(row.occurred_at),
        data: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
      }))
      .sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
    for (const hook of hooks) await hook(em, events);
    await em.execute(`select pg_notify('${PUBLISHED_CHANNEL}', p) from jsonb_array_elements_text(?::jsonb) as t(p)`, [
      JSON.stringify(events.map(notifyPayload)),
    ]);
    return events;
  });
}

/** The publisher as a background loop: woken by the outbox trigger's NOTIFY and by its timer. */
export function publisherLoop(hooks: readonly PublishHook[], intervalMs: number): BackgroundLoop {
  return {
    name: 'events.publish',
    channels: [OUTBOX_CHANNEL],
    intervalMs,
    async run({ root }) {
      const events = await publishPending(root, hooks);
      if (events.length > 0) log('debug', 'events published', { count: events.length, lastSeq: events.at(-1)!.seq });
      return events.length;
    },
  };
}
