/**
 * Test helpers for live subscriptions: a graphql-ws client in Node (`createClient` with `ws`) that
 * records what it receives and how its socket closed, and a stand-in for the dispatcher that publishes
 * an event the way the publisher does (an outbox row with publish_seq and published_at, then
 * `pg_notify('event_published', …)`).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { EVENT_PUBLISHED_CHANNEL } from './event-hub.js';

export const EVENTS_SUBSCRIPTION = `subscription($types: [String!], $after: ID) {
  events(types: $types, after: $after) { id type occurredAt businessAccountId data } }`;

/** An event as the subscription answers it. */
export interface ReceivedEvent {
  readonly id: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly businessAccountId: string;
  readonly data: Record<string, unknown>;
}

/** What a test published. */
export interface TestEvent extends ReceivedEvent {
  readonly seq: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms until it holds; fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** A graphql-ws connection that records its events, errors and close. */
export class TestSubscriber {
  readonly events: ReceivedEvent[] = [];
  readonly errors: { message: string; extensions?: Record<string, unknown> }[] = [];
  completed = false;
  closed: { code: number; reason: string } | undefined;
  connected = false;
  private readonly client: Client;

  constructor(baseUrl: string, connectionParams: Record<string, unknown> | undefined) {
    this.client = createClient({
      url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams,
      lazy: false,
      retryAttempts: 0,
      on: {
        connected: () => (this.connected = true),
        closed: (event) => {
          const { code, reason } = event as { code: number; reason: string };
          this.closed ??= { code, reason: String(reason) };
        },
      },
      onNonLazyError: () => undefined,
    });
  }

  /**
   * Subscribes to `events` (or runs `query`); what arrives is appended to {@link events} /
   * {@link errors}. Returns the unsubscribe.
   */
  subscribe(variables: { types?: string[]; after?: string } = {}, query = EVENTS_SUBSCRIPTION): () => void {
    return this.client.subscribe<{ events: ReceivedEvent }>(
      { query, variables },
      {
        next: (result) => {
          if (result.errors) this.errors.push(...(result.errors as never[]));
          if (result.data?.events) this.events.push(result.data.events);
        },
        error: (error) => {
          if (Array.isArray(error)) this.errors.push(...(error as never[]));
          else this.errors.push({ message: String((error as { reason?: string }).reason ?? error) });
        },
        complete: () => (this.completed = true),
      },
    );
  }

  async waitForEvents(count: number, timeoutMs = 10_000): Promise<ReceivedEvent[]> {
    await until(() => this.events.length >= count || this.errors.length > 0, timeoutMs, `${count} events`);
    if (this.errors.length > 0) throw new Error(`subscription error: ${JSON.stringify(this.errors)}`);
    return this.events;
  }

  async waitForClose(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    await until(() => this.closed !== undefined, timeoutMs, 'socket close');
    return this.closed!;
  }

  async waitForError(timeoutMs = 10_000): Promise<{ message: string; extensions?: Record<string, unknown> }> {
    await until(() => this.errors.length > 0, timeoutMs, 'a subscription error');
    return this.errors[0]!;
  }

  async dispose(): Promise<void> {
    await this.client.dispose();
  }
}

/** Options of {@link publishEvent}. */
export interface PublishOptions {
  readonly type?: string;
  readonly data?: Record<string, unknown>;
  /** Publish time (default now): an old one tests the retention window. */
  readonly publishedAt?: Date;
  /** Send the notification without `data` and with `truncated: true`, as the publisher does for big events. */
  readonly truncated?: boolean;
  /** Write the row but send no notification (an event published while a subscriber was away). */
  readonly notify?: boolean;
}

/**
 * Publishes an event of `businessAccountId` as the dispatcher would: a published outbox row with the
 * next publish_seq, then the `event_published` notification.
 */
export async function publishEvent(
  em: EntityManager,
  businessAccountId: string,
  options: PublishOptions = {},
): Promise<TestEvent> {
  const id = uuidv7();
  const type = options.type ?? 'post.published';
  const data = options.data ?? { postId: randomUUID(), title: 'テスト投稿' };
  const occurredAt = new Date();
  const publishedAt = options.publishedAt ?? new Date();
  const rows = await em.fork().execute<{ publish_seq: string | number }[]>(
    `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at",
       "payload", "published_at", "publish_seq")
     values (?, ?, ?, ?, ?, ?, ?, ?, nextval('outbox_event_publish_seq')) returning "publish_seq"`,
    [id, occurredAt, occurredAt, type, businessAccountId, occurredAt, JSON.stringify(data), publishedAt],
  );
  const seq = String(rows[0]!.publish_seq);
  const event = { seq, id, type, occurredAt: occurredAt.toISOString(), businessAccountId, data };
  if (options.notify !== false) {
    const { data: _data, ...withoutData } = event;
    const payload = options.truncated ? { ...withoutData, truncated: true } : event;
    await em.fork().execute('select pg_notify(?, ?)', [EVENT_PUBLISHED_CHANNEL, JSON.stringify(payload)]);
  }
  return event;
}

/** The event as a subscriber receives it. */
export function received(event: TestEvent): ReceivedEvent {
  const { seq: _seq, ...rest } = event;
  return rest;
}
