/**
 * One LISTEN per process on channel `event_published`, fanned out in memory: each notification is
 * parsed once and handed to the subscriptions of its business account only (a map by business), so a
 * thousand subscribers cost one parse and one map lookup per event, plus their own sends.
 *
 * The publisher (subgraphs/kernel/events/publisher.ts) NOTIFYs in publish_seq order inside the
 * transaction that publishes, so notifications arrive in that order. A notification too large for
 * NOTIFY comes without `data` and with `truncated: true`; the event is then read from `outbox_event`.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { isDatabaseUnavailable } from '../../subgraphs/kernel/db/outage.js';
import { log } from '../../subgraphs/kernel/logger.js';

/** The channel the publisher NOTIFYs on after publishing events. */
export const EVENT_PUBLISHED_CHANNEL = 'event_published';

/** A published event as subscribers see it (the webhook body plus its publish order). */
export interface PublishedEvent {
  /** `outbox_event.publish_seq`: the order of publication, shared by live delivery and resumes. */
  readonly seq: bigint;
  readonly id: string;
  readonly type: string;
  readonly occurredAt: Date;
  readonly businessAccountId: string;
  readonly data: Record<string, unknown>;
}

/** What the hub needs of a LISTEN connection (kernel/events/listener.ts's EventListener fits). */
export interface NotificationSource {
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** A subscription as the hub sees it (event-stream.ts). */
export interface HubMember {
  readonly businessAccountId: string;
  /** A live event of this member's business account, in publish order. */
  deliver(event: PublishedEvent): void;
  /** Notifications may have been lost (the LISTEN connection was re-established): read what was missed. */
  resync(): void;
}

/** A parsed `event_published` notification: the event, or its id when it was truncated. */
export type Notification =
  | { readonly truncated: false; readonly event: PublishedEvent }
  | { readonly truncated: true; readonly seq: bigint; readonly id: string; readonly businessAccountId: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toSeq(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,19}$/.test(value)) return BigInt(value);
  return null;
}

/**
 * Reads a notification payload; null for anything malformed and for events without a business
 * account (no subscriber can receive those).
 */
export function parseNotification(payload: string): Notification | null {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  const seq = toSeq(body.seq);
  const { id, type, businessAccountId, occurredAt, data } = body;
  if (seq === null || typeof id !== 'string' || typeof businessAccountId !== 'string') return null;
  if (body.truncated === true) return { truncated: true, seq, id, businessAccountId };
  if (typeof type !== 'string' || typeof occurredAt !== 'string' || !isObject(data)) return null;
  const time = new Date(occurredAt);
  if (Number.isNaN(time.getTime())) return null;
  return { truncated: false, event: { seq, id, type, occurredAt: time, businessAccountId, data } };
}

/** Where a resume starts: the event named by `after`. */
export interface ResumePoint {
  readonly seq: bigint;
  readonly businessAccountId: string | null;
  readonly publishedAt: Date;
}

/** Published events read with SQL from `outbox_event` (both databases). */
export interface EventStore {
  /** A published event by id, or null. */
  load(id: string): Promise<PublishedEvent | null>;
  /** Up to `limit` published events of a business with publish_seq > `afterSeq`, in publish order. */
  page(businessAccountId: string, afterSeq: bigint, limit: number): Promise<PublishedEvent[]>;
  /** The published event `id` (any business), or null. `id` must be a UUID. */
  resumePoint(id: string): Promise<ResumePoint | null>;
  /** The highest publish_seq of a business's events (0 when none). */
  latestSeq(businessAccountId: string): Promise<bigint>;
}

interface EventRow {
  id: string;
  type: string;
  occurred_at: Date | string;
  business_account_id: string;
  payload: Record<string, unknown> | string;
  publish_seq: string | number | bigint;
}

const COLUMNS = '"id", "type", "occurred_at", "business_account_id", "payload", "publish_seq"';

function eventOf(row: EventRow): PublishedEvent {
  return {
    seq: BigInt(row.publish_seq),
    id: row.id,
    type: row.type,
    occurredAt: new Date(row.occurred_at),
    businessAccountId: row.business_account_id,
    data: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
  };
}

/** {@link EventStore} over a process's ORM (raw SQL: the gateway's ORM knows only OutboxEvent). */
export class SqlEventStore implements EventStore {
  constructor(private readonly em: EntityManager) {}

  async load(id: string): Promise<PublishedEvent | null> {
    const rows = await this.em
      .fork()
      .execute<EventRow[]>(
        `select ${COLUMNS} from "outbox_event" where "id" = ? and "publish_seq" is not null and "business_account_id" is not null`,
        [id],
      );
    return rows[0] ? eventOf(rows[0]) : null;
  }

  async page(businessAccountId: string, afterSeq: bigint, limit: number): Promise<PublishedEvent[]> {
    const rows = await this.em
      .fork()
      .execute<EventRow[]>(
        `select ${COLUMNS} from "outbox_event" where "business_account_id" = ? and "publish_seq" > ? ` +
          'order by "publish_seq" limit ?',
        [businessAccountId, afterSeq.toString(), limit],
      );
    return rows.map(eventOf);
  }

  async resumePoint(id: string): Promise<ResumePoint | null> {
    const rows = await this.em
      .fork()
      .execute<{ publish_seq: string | number; business_account_id: string | null; published_at: Date | string }[]>(
        'select "publish_seq", "business_account_id", "published_at" from "outbox_event" ' +
          'where "id" = ? and "publish_seq" is not null and "published_at" is not null',
        [id],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      seq: BigInt(row.publish_seq),
      businessAccountId: row.business_account_id,
      publishedAt: new Date(row.published_at),
    };
  }

  async latestSeq(businessAccountId: string): Promise<bigint> {
    const rows = await this.em
      .fork()
      .execute<{ seq: string | number | null }[]>(
        'select max("publish_seq") as "seq" from "outbox_event" where "business_account_id" = ? and "publish_seq" is not null',
        [businessAccountId],
      );
    const seq = rows[0]?.seq;
    return seq === null || seq === undefined ? 0n : BigInt(seq);
  }
}

/** The in-memory fan-out of one process. */
export class EventHub {
  private readonly members = new Map<string, Set<HubMember>>();
  /** Notifications are handled one after another, so a truncated one (read from the table) keeps its place. */
  private tail: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(readonly store: EventStore) {}

  /** LISTENs on {@link EVENT_PUBLISHED_CHANNEL} through `source`. */
  async start(source: NotificationSource): Promise<void> {
    this.stopListening = await source.listen(EVENT_PUBLISHED_CHANNEL, (payload) => this.notify(payload));
  }

  /** UNLISTENs and waits for the notification being handled. */
  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
    await this.tail;
  }

  /** How many subscriptions this process holds. */
  get size(): number {
    let count = 0;
    for (const set of this.members.values()) count += set.size;
    return count;
  }

  add(member: HubMember): void {
    let set = this.members.get(member.businessAccountId);
    if (!set) {
      set = new Set();
      this.members.set(member.businessAccountId, set);
    }
    set.add(member);
  }

  remove(member: HubMember): void {
    const set = this.members.get(member.businessAccountId);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.members.delete(member.businessAccountId);
  }

  /** The LISTEN connection was re-established: every subscription reads what it may have missed. */
  resync(): void {
    for (const set of this.members.values()) for (const member of [...set]) member.resync();
  }

  /** One `event_published` notification. */
  notify(payload: string): void {
    this.tail = this.tail.then(() => this.handle(payload));
  }

  private async handle(payload: string): Promise<void> {
    const notification = parseNotification(payload);
    if (!notification) {
      log('warn', 'event subscriptions: malformed event_published notification ignored', {
        payload: payload.slice(0, 200),
      });
      return;
    }
    const businessAccountId = notification.truncated
      ? notification.businessAccountId
      : notification.event.businessAccountId;
    if (!this.members.has(businessAccountId)) return;
    let event: PublishedEvent | null;
    if (notification.truncated) {
      try {
        event = await this.store.load(notification.id);
      } catch (error) {
        // Lost to an outage: the subscriptions of that business read it again (resync) once the database answers.
        log(isDatabaseUnavailable(error) ? 'warn' : 'error', 'event subscriptions: could not read a truncated event', {
          eventId: notification.id,
          error,
        });
        for (const member of [...(this.members.get(businessAccountId) ?? [])]) member.resync();
        return;
      }
      if (!event) return;
    } else event = notification.event;
    for (const member of [...(this.members.get(businessAccountId) ?? [])]) member.deliver(event);
  }
}
