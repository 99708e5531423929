/**
 * One `events` subscription: an async iterator over the published events of one business account.
 *
 * It joins the hub first and holds what arrives live, then reads from `outbox_event` what was published
 * after its starting point (the `after` event, or the latest event when none), then hands over the held
 * events skipping every publish_seq already passed: live after a replay with no gap and no duplicate.
 * A lost LISTEN connection (hub resync) runs the same replay from the last event seen.
 */
import { AppError, BadUserInputError, ErrorCode } from '../../subgraphs/kernel/errors.js';
import { isUuid } from '../../subgraphs/kernel/db/uuid.js';
import {
  describeMissingScopes,
  receivableEventTypes,
  scopesOf,
  unreceivableEventTypes,
  type EventType,
} from '../../subgraphs/kernel/events/catalogue.js';
import type { EventHub, EventStore, HubMember, PublishedEvent } from './event-hub.js';
import { unknownEventTypes } from './event-types.js';

/** Events read per replay query. */
export const REPLAY_PAGE_SIZE = 200;
/** Events a subscriber may fall behind (queued, not yet sent) before its subscription ends. */
export const MAX_QUEUED_EVENTS = 1_000;

const DAY_MS = 86_400_000;

/** What a subscription asked for, checked. */
export interface EventStreamRequest {
  readonly businessAccountId: string;
  /** The subscriber's token's scopes: they decide which types it may receive. */
  readonly scopes: ReadonlySet<string>;
  readonly types?: readonly string[] | null;
  readonly after?: string | null;
}

/** Thrown for an `after` that names no published event of the caller's business account. */
export function unknownResumePoint(): AppError {
  return new BadUserInputError(
    'after names no published event of this business account (unknown, or purged after EVENT_RETENTION_DAYS).',
    [{ path: 'after', message: 'unknown event id' }],
    'resume_point_unknown',
  );
}

/** Thrown for an `after` published longer ago than the retention window. */
export function expiredResumePoint(retentionDays: number): AppError {
  return new BadUserInputError(
    `after names an event published more than ${retentionDays} days ago (EVENT_RETENTION_DAYS); subscribe without after.`,
    [{ path: 'after', message: 'older than the retention window' }],
    'resume_point_expired',
  );
}

/**
 * The types a subscription receives: those asked for, or without `types` every type the scopes allow.
 * Throws `unknown_event_type` naming unknown types, then FORBIDDEN `insufficient_scope` naming the types
 * whose scope the token lacks (`extensions.types`, and the scopes in `extensions.scope`).
 */
export function checkedTypes(
  types: readonly string[] | null | undefined,
  scopes: ReadonlySet<string>,
): ReadonlySet<string> {
  if (types === null || types === undefined) return new Set(receivableEventTypes(scopes));
  const unknown = unknownEventTypes(types);
  if (unknown.length > 0)
    throw new BadUserInputError(
      `Unknown event types: ${unknown.join(', ')}.`,
      unknown.map((type) => ({ path: 'types', message: `unknown event type ${type}` })),
      'unknown_event_type',
    );
  const refused = unreceivableEventTypes(types as EventType[], scopes);
  if (refused.length > 0)
    throw new AppError(
      ErrorCode.Forbidden,
      `The token lacks the scope of these event types: ${describeMissingScopes(refused)}.`,
      { reason: 'insufficient_scope', extra: { scope: scopesOf(refused).join(' '), types: refused } },
    );
  return new Set(types);
}

type Waiter = { resolve(result: IteratorResult<PublishedEvent>): void; reject(error: Error): void };

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

export class EventStream implements AsyncIterableIterator<PublishedEvent>, HubMember {
  readonly businessAccountId: string;
  /** The types it receives (the scopes' types when none were asked for). */
  private readonly types: ReadonlySet<string>;
  /** The highest publish_seq passed (delivered or filtered out); nothing at or below it is sent again. */
  private lastSeq = 0n;
  /** While replaying, live events wait here. */
  private holding = true;
  private held: PublishedEvent[] = [];
  private resyncRequested = false;
  private readonly queue: PublishedEvent[] = [];
  private waiter: Waiter | undefined;
  private roomWaiter: (() => void) | undefined;
  private failure: Error | undefined;
  private finished = false;

  constructor(
    request: EventStreamRequest,
    private readonly hub: EventHub,
    private readonly store: EventStore,
  ) {
    this.businessAccountId = request.businessAccountId;
    this.types = checkedTypes(request.types, request.scopes);
  }

  /**
   * Opens the stream: joins the hub, finds the starting point and starts the replay up to now. Rejects
   * (and leaves the hub) for an unknown or expired `after`.
   */
  async open(after: string | null | undefined, retentionDays: number, now = new Date()): Promise<this> {
    this.hub.add(this);
    try {
      if (after === null || after === undefined) {
        this.lastSeq = await this.store.latestSeq(this.businessAccountId);
      } else {
        const point = isUuid(after) ? await this.store.resumePoint(after) : null;
        if (!point || point.businessAccountId !== this.businessAccountId) throw unknownResumePoint();
        if (point.publishedAt.getTime() < now.getTime() - retentionDays * DAY_MS)
          throw expiredResumePoint(retentionDays);
        this.lastSeq = point.seq;
      }
    } catch (error) {
      this.finish();
      throw error;
    }
    // The replay runs while the consumer takes events (it waits for room), so it is not awaited here.
    this.replay().catch((error: unknown) => this.fail(error));
    return this;
  }

  deliver(event: PublishedEvent): void {
    if (this.finished) return;
    if (this.holding) {
      this.held.push(event);
      if (this.held.length > MAX_QUEUED_EVENTS) this.fail(tooSlow());
    } else this.accept(event);
  }

  resync(): void {
    if (this.finished) return;
    if (this.holding) {
      this.resyncRequested = true;
      return;
    }
    this.holding = true;
    this.replay().catch((error: unknown) => this.fail(error));
  }

  /** Reads the events after {@link lastSeq} page by page, then hands over the held live events. */
  private async replay(): Promise<void> {
    do {
      this.resyncRequested = false;
      for (;;) {
        const page = await this.store.page(this.businessAccountId, this.lastSeq, REPLAY_PAGE_SIZE);
        if (this.finished) return;
        for (const event of page) this.accept(event);
        if (page.length < REPLAY_PAGE_SIZE) break;
        await this.room();
        if (this.finished) return;
      }
    } while (this.resyncRequested);
    const held = this.held;
    this.held = [];
    this.holding = false;
    for (const event of held) this.accept(event);
  }

  private accept(event: PublishedEvent): void {
    if (this.finished || event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    if (!this.types.has(event.type)) return;
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter.resolve({ value: event, done: false });
      return;
    }
    if (this.queue.length >= MAX_QUEUED_EVENTS) {
      this.fail(tooSlow());
      return;
    }
    this.queue.push(event);
  }

  /** Resolves once the consumer has taken the queue below a page (replays never outrun the socket). */
  private room(): Promise<void> {
    if (this.queue.length < REPLAY_PAGE_SIZE) return Promise.resolve();
    return new Promise((resolve) => (this.roomWaiter = resolve));
  }

  private wakeRoom(): void {
    if (this.roomWaiter && (this.finished || this.queue.length < REPLAY_PAGE_SIZE)) {
      const wake = this.roomWaiter;
      this.roomWaiter = undefined;
      wake();
    }
  }

  private fail(error: unknown): void {
    if (this.finished) return;
    this.failure = asError(error);
    this.queue.length = 0;
    this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.hub.remove(this);
    this.held = [];
    this.wakeRoom();
    const waiter = this.waiter;
    this.waiter = undefined;
    if (!waiter) return;
    if (this.failure !== undefined) waiter.reject(this.failure);
    else waiter.resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<PublishedEvent>> {
    const event = this.queue.shift();
    if (event) {
      this.wakeRoom();
      return Promise.resolve({ value: event, done: false });
    }
    if (this.finished) {
      const failure = this.failure;
      this.failure = undefined;
      return failure === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(failure);
    }
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  return(): Promise<IteratorResult<PublishedEvent>> {
    this.queue.length = 0;
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<PublishedEvent>> {
    this.queue.length = 0;
    this.finish();
    return Promise.reject(asError(error));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

function tooSlow(): AppError {
  return new AppError(
    ErrorCode.RateLimited,
    `The subscriber fell more than ${MAX_QUEUED_EVENTS} events behind; subscribe again with after: <last event id>.`,
    { reason: 'subscriber_too_slow' },
  );
}
