/**
 * The fan-out and one subscription's stream without a database: an in-memory store stands in for
 * `outbox_event`, and notifications are fed to the hub as the listener would.
 */
import { describe, expect, it } from 'vitest';
import { EventHub, parseNotification, type EventStore, type PublishedEvent, type ResumePoint } from './event-hub.js';
import { notifyPayload } from '../../subgraphs/kernel/events/publisher.js';
import { BUSINESS_SCOPES } from '../../subgraphs/kernel/auth/scopes.js';
import { EventStream, MAX_QUEUED_EVENTS } from './event-stream.js';

const A = '01900000-0000-7000-8000-00000000000a';
const B = '01900000-0000-7000-8000-00000000000b';
/** A token holding every business scope: it may receive every type. */
const ALL: ReadonlySet<string> = new Set(BUSINESS_SCOPES);

function event(seq: number, businessAccountId = A, type = 'post.published'): PublishedEvent {
  return {
    seq: BigInt(seq),
    id: `01900000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    type,
    occurredAt: new Date('2026-01-01T00:00:00Z'),
    businessAccountId,
    data: { n: seq },
  };
}

/** The table, plus a hook that runs inside `page` (to publish while a replay reads). */
class MemoryStore implements EventStore {
  readonly rows: PublishedEvent[] = [];
  duringPage: (() => void) | undefined;
  pages = 0;
  load(id: string) {
    return Promise.resolve(this.rows.find((e) => e.id === id) ?? null);
  }
  page(businessAccountId: string, afterSeq: bigint, limit: number) {
    this.pages += 1;
    const hook = this.duringPage;
    this.duringPage = undefined;
    hook?.();
    const rows = this.rows.filter((e) => e.businessAccountId === businessAccountId && e.seq > afterSeq).slice(0, limit);
    return Promise.resolve(rows);
  }
  resumePoint(id: string): Promise<ResumePoint | null> {
    const row = this.rows.find((e) => e.id === id);
    return Promise.resolve(
      row ? { seq: row.seq, businessAccountId: row.businessAccountId, publishedAt: new Date() } : null,
    );
  }
  latestSeq(businessAccountId: string) {
    const seqs = this.rows.filter((e) => e.businessAccountId === businessAccountId).map((e) => e.seq);
    return Promise.resolve(seqs.reduce((a, b) => (a > b ? a : b), 0n));
  }
}

const notification = (e: PublishedEvent) =>
  JSON.stringify({ ...e, seq: e.seq.toString(), occurredAt: e.occurredAt.toISOString() });

/** Publishes: the row, then the notification through the hub. */
function publish(store: MemoryStore, hub: EventHub, e: PublishedEvent): void {
  store.rows.push(e);
  hub.notify(notification(e));
}

async function take(stream: EventStream, count: number): Promise<number[]> {
  const seqs: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = await stream.next();
    if (next.done) break;
    seqs.push(Number(next.value.seq));
  }
  return seqs;
}

describe('parseNotification', () => {
  it('reads full and truncated notifications and refuses malformed ones', () => {
    expect(parseNotification(notification(event(7)))).toEqual({ truncated: false, event: event(7) });
    expect(parseNotification(JSON.stringify({ seq: '8', id: 'x', businessAccountId: A, truncated: true }))).toEqual({
      truncated: true,
      seq: 8n,
      id: 'x',
      businessAccountId: A,
    });
    // What the publisher sends (kernel/events/publisher.ts), full and truncated.
    const published = {
      seq: '42',
      id: event(42).id,
      type: 'post.published',
      businessAccountId: A,
      occurredAt: event(42).occurredAt,
      data: { n: 42 },
    };
    expect(parseNotification(notifyPayload(published))).toEqual({ truncated: false, event: event(42) });
    expect(parseNotification(notifyPayload({ ...published, data: { text: 'x'.repeat(8_000) } }))).toEqual({
      truncated: true,
      seq: 42n,
      id: event(42).id,
      businessAccountId: A,
    });
    for (const bad of ['', '[]', 'null', '{"seq":"x","id":"a","businessAccountId":"b"}', '{"seq":"1","id":"a"}'])
      expect(parseNotification(bad), bad).toBeNull();
    expect(parseNotification(JSON.stringify({ ...JSON.parse(notification(event(1))), occurredAt: 'soon' }))).toBeNull();
    expect(parseNotification(JSON.stringify({ ...JSON.parse(notification(event(1))), data: [1] }))).toBeNull();
  });
});

describe('EventStream', () => {
  it('hands over live events published during the replay after it, with no gap and no duplicate', async () => {
    const store = new MemoryStore();
    const hub = new EventHub(store);
    for (const seq of [1, 2, 3]) store.rows.push(event(seq));
    // While the replay reads, 4 and 5 are committed (the page sees them) and notified: each once, in order.
    store.duringPage = () => {
      publish(store, hub, event(4));
      publish(store, hub, event(5));
    };
    const stream = await new EventStream({ businessAccountId: A, scopes: ALL }, hub, store).open(event(1).id, 30);
    expect(await take(stream, 4)).toEqual([2, 3, 4, 5]);
    publish(store, hub, event(6));
    publish(store, hub, event(7, B));
    publish(store, hub, event(8));
    expect(await take(stream, 2)).toEqual([6, 8]);
    await stream.return();
    expect(hub.size).toBe(0);
  });

  it('starts after the latest event without `after`, and filters by type', async () => {
    const store = new MemoryStore();
    const hub = new EventHub(store);
    store.rows.push(event(1), event(2));
    const stream = await new EventStream(
      { businessAccountId: A, scopes: ALL, types: ['coupon.published'] },
      hub,
      store,
    ).open(null, 30);
    publish(store, hub, event(3));
    publish(store, hub, event(4, A, 'coupon.published'));
    expect(await take(stream, 1)).toEqual([4]);
  });

  it('reads again what a lost LISTEN connection missed (resync), in order', async () => {
    const store = new MemoryStore();
    const hub = new EventHub(store);
    const stream = await new EventStream({ businessAccountId: A, scopes: ALL }, hub, store).open(null, 30);
    publish(store, hub, event(1));
    expect(await take(stream, 1)).toEqual([1]);
    store.rows.push(event(2), event(3)); // notifications lost
    hub.resync();
    publish(store, hub, event(4));
    expect(await take(stream, 3)).toEqual([2, 3, 4]);
  });

  it('refuses an unknown type and an `after` of another business', async () => {
    const store = new MemoryStore();
    const hub = new EventHub(store);
    store.rows.push(event(1, B));
    expect(() => new EventStream({ businessAccountId: A, scopes: ALL, types: ['nope'] }, hub, store)).toThrow(
      /Unknown event types: nope/,
    );
    await expect(
      new EventStream({ businessAccountId: A, scopes: ALL }, hub, store).open(event(1).id, 30),
    ).rejects.toMatchObject({
      extensions: { reason: 'resume_point_unknown' },
    });
    expect(hub.size).toBe(0);
  });

  it("without `types` passes only the types the token's scopes allow, and refuses asking for others", async () => {
    const store = new MemoryStore();
    const hub = new EventHub(store);
    const scopes = new Set(['store.info.read', 'store.coupons.read']);
    const stream = await new EventStream({ businessAccountId: A, scopes }, hub, store).open(null, 30);
    publish(store, hub, event(1, A, 'survey.submitted'));
    publish(store, hub, event(2, A, 'purchase.completed'));
    publish(store, hub, event(3, A, 'coupon.published'));
    expect(await take(stream, 1)).toEqual([3]);
    await stream.return();
    expect(
      () =>
        new EventStream({ businessAccountId: A, scopes, types: ['coupon.published', 'survey.submitted'] }, hub, store),
    ).toThrow(
      expect.objectContaining({
        message: 'The token lacks the scope of these event types: survey.submitted (store.campaigns.read).',
        extensions: expect.objectContaining({
          code: 'FORBIDDEN',
          reason: 'insufficient_scope',
          types: ['survey.submitted'],
          scope: 'store.campaigns.read',
        }) as unknown,
      }),
    );
    expect(hub.size).toBe(0);
  });

  it('ends a subscriber that falls more than the limit behind, with subscriber_too_slow', async () => {
    const store = new MemoryStore();
    const hub = new EventHub(store);
    const stream = await new EventStream({ businessAccountId: A, scopes: ALL }, hub, store).open(null, 30);
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let seq = 1; seq <= MAX_QUEUED_EVENTS + 1; seq += 1) publish(store, hub, event(seq));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(stream.next()).rejects.toMatchObject({ extensions: { reason: 'subscriber_too_slow' } });
    expect(hub.size).toBe(0);
  });
});
