/**
 * The event pipeline against a real database (both drivers) and a local receiver on a random port:
 * publishing (order, NOTIFY `event_published`, fan-out in the same transaction), deliveries whose
 * signatures `standardwebhooks` verifies, Svix's retry schedule run on a compressed (injected) clock,
 * Retry-After, 410 and 5 days of failures disabling the endpoint, a rotation's two signatures,
 * the retention purge, and the background loops woken by NOTIFY rather than their timer.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/fixtures/database.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fixtures/webhook-receiver.js';
import { LoopRunner } from '../../../processes/worker/loop-runner.js';
import { ALL_ENTITIES } from '../../index.js';
import { encryptSecret } from '../../kernel/auth/secrets-key.js';
import { createOrm, migrate, rootEntityManager, type EntityManager, type Orm } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { logLevel, setLogLevel } from '../../kernel/logger.js';
import { createEventListener, type EventListener } from '../../kernel/events/listener.js';
import { notifyPayload, publishPending, publisherLoop, type PublishedEvent } from '../../kernel/events/publisher.js';
import { eventRetentionJob } from '../../kernel/events/retention.job.js';
import { disableEndpointsOfEndedGrants } from '../../kernel/events/app-access.js';
import { SVIX_SCHEDULE_MS, WebhookDispatcher, webhookDispatchLoop, webhookFanOut } from './webhook-dispatcher.js';

const KEY = randomBytes(32);
let database: TestDatabase;
let orm: Orm;
let root: EntityManager;
let listener: EventListener;
let receiver: WebhookReceiver;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await createOrm({
    env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
    entities: ALL_ENTITIES,
  });
  await migrate(orm);
  root = rootEntityManager(orm);
  listener = createEventListener(orm, { databaseUrl: database.env.DATABASE_URL });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await listener?.close();
  await orm?.close(true);
  await database?.drop();
});

beforeEach(async () => {
  // Every test starts with nothing pending anywhere.
  await root.fork().execute(`update "webhook_delivery" set "status" = 'cancelled' where "status" = 'pending'`);
  await publishPending(root, []);
  receiver.received.length = 0;
  receiver.respond = (_request, response) => response.end('ok');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

async function business(): Promise<string> {
  const id = uuidv7();
  await root
    .fork()
    .execute(
      `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email") values (?, now(), now(), 'Shop', 'o@example.com')`,
      [id],
    );
  return id;
}

async function endpoint(
  businessAccountId: string,
  secret: string,
  options: { events?: string[]; previous?: string; previousExpiresAt?: Date; oauthClientId?: string } = {},
): Promise<string> {
  const id = uuidv7();
  await root.fork().execute(
    `insert into "webhook_endpoint" ("id", "created_at", "updated_at", "business_account_id", "url", "events", "status",
         "secret_ciphertext", "previous_secret_ciphertext", "previous_secret_expires_at", "oauth_client_id")
       values (?, now(), now(), ?, ?, ?::jsonb, 'active', ?, ?, ?, ?)`,
    [
      id,
      businessAccountId,
      receiver.url,
      JSON.stringify(options.events ?? ['purchase.completed']),
      encryptSecret(KEY, secret),
      options.previous ? encryptSecret(KEY, options.previous) : null,
      options.previousExpiresAt ?? null,
      options.oauthClientId ?? null,
    ],
  );
  return id;
}

/** A live business grant of app `oauthClientId` for the business, with `scopes`. */
async function grant(oauthClientId: string, businessAccountId: string, scopes: string[]): Promise<string> {
  const id = uuidv7();
  await root.fork().execute(
    `insert into "oauth_grant" ("id", "created_at", "updated_at", "oauth_client_id", "user_id", "business_account_id",
       "scopes") values (?, now(), now(), ?, ?, ?, ?::jsonb)`,
    [id, oauthClientId, uuidv7(), businessAccountId, JSON.stringify(scopes)],
  );
  return id;
}

async function emit(businessAccountId: string | null, type = 'purchase.completed', data: object = { n: 1 }) {
  const id = uuidv7();
  await root.fork().execute(
    `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
       values (?, now(), now(), ?, ?, now(), ?::jsonb)`,
    [id, type, businessAccountId, JSON.stringify(data)],
  );
  return id;
}

const whsec = () => `whsec_${randomBytes(24).toString('base64')}`;

async function delivery(endpointId: string) {
  const rows = await root
    .fork()
    .execute<{ status: string; attempts: number; next_attempt_at: Date | string }[]>(
      'select "status", "attempts", "next_attempt_at" from "webhook_delivery" where "endpoint_id" = ?',
      [endpointId],
    );
  return rows.map((row) => ({ ...row, next_attempt_at: new Date(row.next_attempt_at) }));
}

async function endpointRow(id: string) {
  const rows = await root
    .fork()
    .execute<{ status: string; failing_since: Date | null; disabled_reason: string | null }[]>(
      'select "status", "failing_since", "disabled_reason" from "webhook_endpoint" where "id" = ?',
      [id],
    );
  return rows[0]!;
}

async function attempts(endpointId: string) {
  return root
    .fork()
    .execute<
      { attempt: number; response_status: number | null; response_excerpt: string | null; latency_ms: number }[]
    >('select * from "webhook_attempt" where "endpoint_id" = ? order by "attempt"', [endpointId]);
}

/** A clock the test moves. */
function testClock(start = Date.now() + 1_000) {
  let now = start;
  return { now: () => new Date(now), set: (ms: number) => (now = ms), advance: (ms: number) => (now += ms) };
}

const dispatcherWith = (options: Partial<ConstructorParameters<typeof WebhookDispatcher>[0]> = {}) =>
  new WebhookDispatcher({ secretsKey: KEY, timeoutMs: 2_000, allowPrivate: true, ...options });

describe('publishing', () => {
  it('numbers events in id order, NOTIFYs each on commit, and fans out only to subscribed endpoints of the business', async () => {
    const shop = await business();
    const other = await business();
    const secret = whsec();
    const subscribed = await endpoint(shop, secret);
    const otherType = await endpoint(shop, whsec(), { events: ['checkin.recorded'] });
    const otherShop = await endpoint(other, whsec());
    const notified: string[] = [];
    const stop = await listener.listen('event_published', (payload) => notified.push(payload));
    const ids = [await emit(shop), await emit(shop, 'purchase.completed', { n: 2 }), await emit(null)];
    const published = await publishPending(root, [webhookFanOut()]);
    expect(published.map((event) => event.id)).toEqual(ids);
    const seqs = published.map((event) => BigInt(event.seq));
    expect(seqs[1]! - seqs[0]!).toBe(1n);
    expect(seqs[2]! - seqs[1]!).toBe(1n);
    await until(() => notified.length === 3);
    await stop();
    expect(notified.map((payload) => (JSON.parse(payload) as { id: string }).id)).toEqual(ids);
    expect(JSON.parse(notified[1]!)).toMatchObject({
      seq: published[1]!.seq,
      type: 'purchase.completed',
      data: { n: 2 },
    });
    expect(await delivery(subscribed)).toHaveLength(2);
    expect(await delivery(otherType)).toHaveLength(0);
    expect(await delivery(otherShop)).toHaveLength(0);
    // Published once only.
    expect(await publishPending(root, [webhookFanOut()])).toHaveLength(0);
  });

  it('truncates a NOTIFY payload over 7,000 bytes', () => {
    const event: PublishedEvent = {
      seq: '9',
      id: uuidv7(),
      type: 'post.published',
      businessAccountId: null,
      occurredAt: new Date(),
      data: { text: 'x'.repeat(7_000) },
    };
    expect(JSON.parse(notifyPayload(event))).toEqual({
      seq: '9',
      id: event.id,
      type: 'post.published',
      businessAccountId: null,
      occurredAt: event.occurredAt.toISOString(),
      truncated: true,
    });
    expect(JSON.parse(notifyPayload({ ...event, data: { text: 'short' } }))).toMatchObject({ data: { text: 'short' } });
  });
});

describe('delivery', () => {
  it('POSTs the event body, signed so that standardwebhooks verifies it, and records the attempt', async () => {
    const shop = await business();
    const secret = whsec();
    const id = await endpoint(shop, secret);
    const eventId = await emit(shop, 'purchase.completed', { total: 1200 });
    await publishPending(root, [webhookFanOut()]);
    expect(await dispatcherWith().runOnce(root)).toBe(1);
    const [hit] = receiver.received;
    expect(hit!.headers['webhook-id']).toBe(eventId);
    const body = new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>);
    expect(body).toMatchObject({
      id: eventId,
      type: 'purchase.completed',
      businessAccountId: shop,
      data: { total: 1200 },
    });
    expect(await delivery(id)).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
    expect(await attempts(id)).toMatchObject([{ attempt: 1, response_status: 200, response_excerpt: 'ok' }]);
    expect(await dispatcherWith().runOnce(root)).toBe(0);
  });

  it('records nothing, and fails nothing, when the endpoint is deleted while its attempt is in flight', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    receiver.respond = (_request, response) => {
      void root
        .fork()
        .execute('delete from "webhook_endpoint" where "id" = ?', [id])
        .then(() => response.end('ok'));
    };
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const level = logLevel();
    setLogLevel('error');
    process.stderr.write = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    try {
      expect(await dispatcherWith().runOnce(root)).toBe(1);
    } finally {
      process.stderr.write = write;
      setLogLevel(level);
    }
    expect(lines).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    expect(await delivery(id)).toEqual([]);
    expect(await attempts(id)).toEqual([]);
  });

  it('retries a failing receiver on Svix schedule with jitter (compressed clock), then gives up', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    const eventId = await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    receiver.respond = (_request, response) => response.writeHead(500).end('down');
    const clock = testClock();
    const dispatcher = dispatcherWith({ now: clock.now });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= SVIX_SCHEDULE_MS.length; attempt += 1) {
      expect(await dispatcher.runOnce(root)).toBe(1);
      const [row] = await delivery(id);
      if (attempt === SVIX_SCHEDULE_MS.length) {
        expect(row).toMatchObject({ status: 'failed', attempts: attempt });
        break;
      }
      expect(row!.status).toBe('pending');
      const delay = row!.next_attempt_at.getTime() - clock.now().getTime();
      delays.push(delay);
      // Not due a millisecond early.
      clock.advance(delay - 1);
      expect(await dispatcher.runOnce(root)).toBe(0);
      clock.advance(1);
    }
    SVIX_SCHEDULE_MS.slice(1).forEach((scheduled, index) => {
      expect(delays[index]).toBeGreaterThanOrEqual(Math.floor(scheduled * 0.8));
      expect(delays[index]).toBeLessThanOrEqual(Math.ceil(scheduled * 1.2));
    });
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([eventId]));
    expect(receiver.received).toHaveLength(8);
    expect((await attempts(id)).map((row) => row.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await endpointRow(id)).toMatchObject({ status: 'failing' });
  });

  it('records the attempt after a re-send as manual, and the retries after it as scheduled', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    receiver.respond = (_request, response) => response.writeHead(500).end('down');
    const clock = testClock();
    const dispatcher = dispatcherWith({ now: clock.now, jitter: () => 1 });
    expect(await dispatcher.runOnce(root)).toBe(1);
    clock.advance(1_000);
    // What resendWebhookEvent leaves (its tests check the row): pending, due now, attempts reset, manual next.
    await root
      .fork()
      .execute(
        `update "webhook_delivery" set "attempts" = 0, "next_attempt_at" = ?, "next_trigger" = 'manual' where "endpoint_id" = ?`,
        [clock.now(), id],
      );
    expect(await dispatcher.runOnce(root)).toBe(1);
    clock.advance(SVIX_SCHEDULE_MS[1]!);
    expect(await dispatcher.runOnce(root)).toBe(1);
    const rows = await root
      .fork()
      .execute<{ attempt: number; trigger: string }[]>(
        'select "attempt", "trigger" from "webhook_attempt" where "endpoint_id" = ? order by "attempted_at"',
        [id],
      );
    expect(rows).toEqual([
      { attempt: 1, trigger: 'scheduled' },
      { attempt: 1, trigger: 'manual' },
      { attempt: 2, trigger: 'scheduled' },
    ]);
  });

  it('a re-send while an attempt is in flight is not undone by that attempt: it goes out as a manual one', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    // The receiver answers the first attempt only after the delivery was re-sent (resendWebhookEvent's
    // statement: pending, attempts reset, due now, manual next, lease released).
    let first = true;
    receiver.respond = (_request, response) => {
      if (!first) return void response.end('ok');
      first = false;
      void root
        .fork()
        .execute(
          `update "webhook_delivery" set "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(),
             "next_trigger" = 'manual', "lease_until" = null where "endpoint_id" = ?`,
          [id],
        )
        .then(() => response.end('ok'));
    };
    const dispatcher = dispatcherWith();
    expect(await dispatcher.runOnce(root)).toBe(1);
    // The attempt is logged, but the delivery is still the re-sent one, due now.
    expect(await delivery(id)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(await dispatcher.runOnce(root)).toBe(1);
    expect(await delivery(id)).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
    const rows = await root
      .fork()
      .execute<{ attempt: number; trigger: string; response_status: number }[]>(
        'select "attempt", "trigger", "response_status" from "webhook_attempt" where "endpoint_id" = ? order by "attempted_at"',
        [id],
      );
    expect(rows).toEqual([
      { attempt: 1, trigger: 'scheduled', response_status: 200 },
      { attempt: 1, trigger: 'manual', response_status: 200 },
    ]);
    expect(receiver.received).toHaveLength(2);
  });

  it('honours Retry-After on 429, 502 and 504 only', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    const clock = testClock();
    const dispatcher = dispatcherWith({ now: clock.now, jitter: () => 1 });
    for (const [status, expected] of [
      [429, 7_000],
      [502, 7_000],
      [504, 7_000],
      [503, SVIX_SCHEDULE_MS[1]!],
    ] as const) {
      await root.fork().execute(`update "webhook_delivery" set "status" = 'cancelled' where "endpoint_id" = ?`, [id]);
      await emit(shop);
      await publishPending(root, [webhookFanOut(clock.now)]);
      receiver.respond = (_request, response) => response.writeHead(status, { 'retry-after': '7' }).end();
      expect(await dispatcher.runOnce(root)).toBe(1);
      const pending = (await delivery(id)).filter((row) => row.status === 'pending');
      expect(pending[0]!.next_attempt_at.getTime() - clock.now().getTime(), String(status)).toBe(expected);
    }
  });

  it('410 disables the endpoint and cancels its pending deliveries', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    await emit(shop);
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    receiver.respond = (_request, response) => response.writeHead(410).end('gone');
    expect(await dispatcherWith({ batch: 1 }).runOnce(root)).toBe(1);
    expect(await endpointRow(id)).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    expect((await delivery(id)).map((row) => row.status).sort()).toEqual(['cancelled', 'failed']);
    // A disabled endpoint gets no new deliveries.
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    expect(await delivery(id)).toHaveLength(2);
    expect(receiver.received).toHaveLength(1);
  });

  it('an endpoint failing for 5 days is disabled; a success before that makes it active again', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    const clock = testClock();
    const dispatcher = dispatcherWith({ now: clock.now, scheduleMs: [0, 1_000, 1_000, 1_000, 1_000, 1_000] });
    await emit(shop);
    await publishPending(root, [webhookFanOut(clock.now)]);
    receiver.respond = (_request, response) => response.writeHead(500).end();
    await dispatcher.runOnce(root);
    expect(await endpointRow(id)).toMatchObject({ status: 'failing' });
    receiver.respond = (_request, response) => response.end('ok');
    clock.advance(2_000);
    await dispatcher.runOnce(root);
    expect(await endpointRow(id)).toMatchObject({ status: 'active', failing_since: null });

    receiver.respond = (_request, response) => response.writeHead(500).end();
    await emit(shop);
    await emit(shop);
    await publishPending(root, [webhookFanOut(clock.now)]);
    await dispatcherWith({ now: clock.now, batch: 1, scheduleMs: [0, 1_000, 1_000] }).runOnce(root);
    clock.advance(5 * 24 * 3_600_000);
    await dispatcherWith({ now: clock.now, batch: 1, scheduleMs: [0, 1_000, 1_000] }).runOnce(root);
    expect(await endpointRow(id)).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    expect((await delivery(id)).filter((row) => row.status === 'pending')).toHaveLength(0);
  });

  it('during a rotation overlap sends two signatures, each verifying; after it, only the current one', async () => {
    const shop = await business();
    const [current, previous] = [whsec(), whsec()];
    const clock = testClock();
    await endpoint(shop, current, { previous, previousExpiresAt: new Date(clock.now().getTime() + 60_000) });
    await emit(shop);
    await publishPending(root, [webhookFanOut(clock.now)]);
    await dispatcherWith({ now: clock.now }).runOnce(root);
    const [during] = receiver.received;
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) {
      expect(() => new Webhook(secret).verify(during!.body, during!.headers as Record<string, string>)).not.toThrow();
    }
    clock.advance(61_000);
    await emit(shop);
    await publishPending(root, [webhookFanOut(clock.now)]);
    await dispatcherWith({ now: clock.now }).runOnce(root);
    const after = receiver.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(current).verify(after.body, after.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(previous).verify(after.body, after.headers as Record<string, string>)).toThrow();
  });
});

describe('an endpoint tied to the app whose token registered it', () => {
  it("gets only the types its app's live grants hold the scope of, re-checked before every attempt", async () => {
    const shop = await business();
    const app = uuidv7();
    const grantId = await grant(app, shop, ['sales.read']);
    const id = await endpoint(shop, whsec(), {
      events: ['purchase.completed', 'customer.updated'],
      oauthClientId: app,
    });
    await emit(shop, 'customer.updated');
    await emit(shop, 'purchase.completed');
    await publishPending(root, [webhookFanOut()]);
    // No delivery at all of a type the app lacks the scope of.
    expect(await delivery(id)).toHaveLength(1);

    // The grant is narrowed before the attempt: the delivery is cancelled, nothing is sent.
    await root.fork().execute(`update "oauth_grant" set "scopes" = '["store.info.read"]' where "id" = ?`, [grantId]);
    expect(await dispatcherWith().runOnce(root)).toBe(1);
    expect((await delivery(id)).map((row) => row.status)).toEqual(['cancelled']);
    expect(await endpointRow(id)).toMatchObject({ status: 'active' });
    expect(receiver.received).toHaveLength(0);
    expect(await attempts(id)).toHaveLength(0);
  });

  it('is disabled, with its pending deliveries cancelled, once its app has no live grant for the business', async () => {
    const shop = await business();
    const app = uuidv7();
    const grantId = await grant(app, shop, ['sales.read']);
    const id = await endpoint(shop, whsec(), { oauthClientId: app });
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    // Ended by a path that does not disable endpoints itself: the attempt's check still sends nothing.
    await root.fork().execute(`update "oauth_grant" set "revoked_at" = now() where "id" = ?`, [grantId]);
    expect(await dispatcherWith().runOnce(root)).toBe(1);
    expect(await endpointRow(id)).toMatchObject({ status: 'disabled', disabled_reason: 'app_access_ended' });
    expect((await delivery(id)).map((row) => row.status)).toEqual(['cancelled']);
    expect(receiver.received).toHaveLength(0);
  });

  it("is disabled when the last of its app's grants for the business ends, not before", async () => {
    const shop = await business();
    const app = uuidv7();
    const [first, second] = [await grant(app, shop, ['sales.read']), await grant(app, shop, ['sales.read'])];
    const id = await endpoint(shop, whsec(), { oauthClientId: app });
    const untied = await endpoint(shop, whsec());
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    const end = (grantId: string) =>
      root.fork().transactional(async (em) => {
        await em.execute(`update "oauth_grant" set "revoked_at" = now() where "id" = ?`, [grantId]);
        return disableEndpointsOfEndedGrants(em, [grantId], new Date());
      });
    expect(await end(first)).toEqual([]);
    expect(await endpointRow(id)).toMatchObject({ status: 'active' });
    expect(await end(second)).toEqual([id]);
    expect(await endpointRow(id)).toMatchObject({ status: 'disabled', disabled_reason: 'app_access_ended' });
    expect((await delivery(id)).map((row) => row.status)).toEqual(['cancelled']);
    // An endpoint tied to no app is not the app's.
    expect(await endpointRow(untied)).toMatchObject({ status: 'active' });
    expect((await delivery(untied)).map((row) => row.status)).toEqual(['pending']);
  });
});

describe('an unreadable secret', () => {
  it('is recorded as an attempt that sent nothing, and retried on the schedule until it fails', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    await emit(shop);
    await publishPending(root, [webhookFanOut()]);
    const clock = testClock();
    const dispatcher = dispatcherWith({ now: clock.now, secretsKey: randomBytes(32), scheduleMs: [0, 1_000] });
    expect(await dispatcher.runOnce(root)).toBe(1);
    clock.advance(2_000);
    expect(await dispatcher.runOnce(root)).toBe(1);
    expect(receiver.received).toHaveLength(0);
    expect(await delivery(id)).toMatchObject([{ status: 'failed', attempts: 2 }]);
    const rows = await root
      .fork()
      .execute<{ error: string | null }[]>('select "error" from "webhook_attempt" where "endpoint_id" = ?', [id]);
    expect(rows.map((row) => row.error)).toEqual(['secret', 'secret']);
  });
});

describe('several dispatchers', () => {
  it('never send one delivery twice at once (claims skip locked rows and respect leases)', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    for (let n = 0; n < 20; n += 1) await emit(shop, 'purchase.completed', { n });
    await publishPending(root, [webhookFanOut()]);
    receiver.respond = (_request, response) => setTimeout(() => response.end('ok'), 20);
    const dispatchers = [dispatcherWith({ batch: 3 }), dispatcherWith({ batch: 3 }), dispatcherWith({ batch: 3 })];
    for (;;) {
      const handled = await Promise.all(dispatchers.map((dispatcher) => dispatcher.runOnce(root)));
      if (handled.every((count) => count === 0)) break;
    }
    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect((await delivery(id)).every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
  });
});

describe('retention', () => {
  it('deletes published events past retention unless a delivery is pending; never unpublished ones', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    const [old, pending] = [await emit(shop), await emit(shop)];
    await publishPending(root, [webhookFanOut()]);
    await root
      .fork()
      .execute(`update "webhook_delivery" set "status" = 'succeeded' where "endpoint_id" = ? and "event_id" = ?`, [
        id,
        old,
      ]);
    const unpublished = await emit(shop);
    const job = eventRetentionJob({
      events: { retentionDays: 1, webhookTimeoutMs: 1, allowPrivateReceivers: true, dispatchPollMs: 1 },
    });
    const later = new Date(Date.now() + 2 * 86_400_000);
    await root.fork().transactional((em) => job.run({ em, now: later, signal: new AbortController().signal }));
    const left = await root
      .fork()
      .execute<{ id: string }[]>('select "id" from "outbox_event" where "id" in (?, ?, ?)', [
        old,
        pending,
        unpublished,
      ]);
    expect(left.map((row) => row.id).sort()).toEqual([pending, unpublished].sort());
  });
});

describe('background loops', () => {
  it('publish and deliver as soon as an event is committed (NOTIFY), not on their timer', async () => {
    const shop = await business();
    const secret = whsec();
    await endpoint(shop, secret);
    const runner = new LoopRunner(
      root,
      [
        publisherLoop([webhookFanOut()], 60_000),
        webhookDispatchLoop({ secretsKey: KEY, timeoutMs: 2_000, allowPrivate: true }, 60_000),
      ],
      listener,
    );
    await runner.start();
    try {
      await sleep(200);
      const eventId = await emit(shop);
      await until(() => receiver.received.length === 1);
      expect(receiver.received[0]!.headers['webhook-id']).toBe(eventId);
      expect(() =>
        new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>),
      ).not.toThrow();
    } finally {
      await runner.stop(5_000);
    }
  });

  it('stopping waits for a delivery in flight, which is recorded', async () => {
    const shop = await business();
    const id = await endpoint(shop, whsec());
    receiver.respond = (_request, response) => setTimeout(() => response.end('ok'), 500);
    const runner = new LoopRunner(
      root,
      [
        publisherLoop([webhookFanOut()], 60_000),
        webhookDispatchLoop({ secretsKey: KEY, timeoutMs: 2_000, allowPrivate: true }, 60_000),
      ],
      listener,
    );
    await runner.start();
    await emit(shop);
    await until(() => receiver.received.length === 1);
    await runner.stop(5_000);
    expect(await delivery(id)).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
  });
});
