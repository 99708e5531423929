/**
 * Outbound webhook delivery (Svix's behaviour):
 *
 * - Fan-out (a publish hook, in the publisher's transaction): one pending delivery per published event
 *   and subscribed, not disabled endpoint of the event's business account whose app (if it is tied to
 *   one) holds the type's scope in a live grant for the business.
 * - Before each attempt the app's grants are read again: a type whose scope the app no longer holds
 *   is not sent (the delivery is cancelled); an app without a live grant left has its endpoint
 *   disabled (`app_access_ended`).
 * - Dispatch (a background loop, any number of workers): due deliveries are claimed in a short
 *   transaction with FOR UPDATE SKIP LOCKED and a lease (the timeout + 10 s, so a killed worker's
 *   claim is taken again), POSTed outside any transaction with bounded concurrency, and each attempt
 *   is recorded in a short transaction of its own.
 * - Outcome: 2xx succeeds (the endpoint is active again); 410 disables the endpoint and cancels its
 *   pending deliveries; anything else is retried on Svix's schedule (immediately, 5 s, 5 min, 30 min,
 *   2 h, 5 h, 10 h, 10 h; +-20 % jitter), or after Retry-After on 429/502/504, until the schedule runs
 *   out (failed); an endpoint failing for 5 days is disabled.
 * - `webhook-id` is the event id on every attempt; during a rotation's overlap window deliveries carry
 *   two signatures (current and previous secret).
 */
import { decryptSecret } from '../../kernel/auth/secrets-key.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { APP_ACCESS_ENDED } from '../../kernel/events/app-access.js';
import { eventTypeScope, isEventType } from '../../kernel/events/catalogue.js';
import type { PublishedEvent, PublishHook } from '../../kernel/events/publisher.js';
import { PUBLISHED_CHANNEL } from '../../kernel/events/publisher.js';
import type { BackgroundLoop } from '../../kernel/jobs/loop.js';
import { log } from '../../kernel/logger.js';
import { WebhookEndpointStatus } from '../webhook-endpoint/webhook-endpoint.entity.js';
import { APP_GRANT_SCOPES_SQL, appAccess, appHoldsScopeSql } from './app-access.js';
import { WebhookAttemptTrigger } from './webhook-attempt.entity.js';
import { WebhookDeliveryStatus } from './webhook-delivery.entity.js';
import { sendWebhook, type Resolver, type WebhookSendResult } from './webhook-http.js';

/** Svix's retry schedule: the delay before attempt n+1 after attempt n failed (8 attempts in all). */
export const SVIX_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];
/** An endpoint failing this long is disabled. */
export const FAILING_DISABLE_MS = 5 * 24 * 3_600_000;
/** Statuses whose Retry-After is honoured. */
const RETRY_AFTER_STATUSES = new Set([429, 502, 504]);
/** Added to the timeout for a claim's lease. */
const LEASE_MARGIN_MS = 10_000;

export interface DispatcherOptions {
  /** Decrypts endpoint secrets (the signing-key scheme). */
  readonly secretsKey: Buffer;
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
  /** The clock (tests compress time with it). Default the system's. */
  readonly now?: () => Date;
  /** Delay before attempt n+1 (index n); its length is the number of attempts. Default Svix's. */
  readonly scheduleMs?: readonly number[];
  /** A factor applied to each delay; default uniform in [0.8, 1.2]. */
  readonly jitter?: () => number;
  /** Deliveries POSTed at once. Default 16. */
  readonly concurrency?: number;
  /** Deliveries claimed per run. Default 64. */
  readonly batch?: number;
  readonly failingDisableMs?: number;
  /** The sender (tests may wrap it). */
  readonly send?: typeof sendWebhook;
  readonly resolve?: Resolver;
}

/** The wire body of an event. */
export function webhookBody(event: {
  id: string;
  type: string;
  occurredAt: Date;
  businessAccountId: string | null;
  data: unknown;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    businessAccountId: event.businessAccountId,
    data: event.data,
  });
}

/** The scope an event type needs (unknown types: a scope no grant holds, so app-bound endpoints never get them). */
const scopeOf = (type: string): string | null => (isEventType(type) ? eventTypeScope(type) : 'unknown-event-type');

/** The publish hook: one pending delivery per event and subscribed endpoint not disabled, within its app's scopes. */
export function webhookFanOut(now: () => Date = () => new Date()): PublishHook {
  return async (em: EntityManager, events: readonly PublishedEvent[]) => {
    const owned = events.filter((event) => event.businessAccountId !== null);
    if (owned.length === 0) return;
    const pairs = await em.execute<{ event_id: string; endpoint_id: string }[]>(
      `select v."id" as "event_id", e."id" as "endpoint_id"
       from jsonb_to_recordset(?::jsonb) as v("id" uuid, "type" text, "business_account_id" uuid, "scope" text)
       join "webhook_endpoint" e on e."business_account_id" = v."business_account_id"
        and e."status" <> ? and e."events" @> jsonb_build_array(v."type")
        and ${appHoldsScopeSql('v."scope"')}`,
      [
        JSON.stringify(
          owned.map((event) => ({
            id: event.id,
            type: event.type,
            business_account_id: event.businessAccountId,
            scope: scopeOf(event.type),
          })),
        ),
        WebhookEndpointStatus.Disabled,
      ],
    );
    if (pairs.length === 0) return;
    const at = now();
    await em.execute(
      `insert into "webhook_delivery" ("id", "created_at", "updated_at", "event_id", "endpoint_id", "status",
         "attempts", "next_attempt_at")
       select v."id", ?, ?, v."event_id", v."endpoint_id", ?, 0, ?
       from jsonb_to_recordset(?::jsonb) as v("id" uuid, "event_id" uuid, "endpoint_id" uuid)
       on conflict ("endpoint_id", "event_id") do nothing`,
      [
        at,
        at,
        WebhookDeliveryStatus.Pending,
        at,
        JSON.stringify(pairs.map((pair) => ({ id: uuidv7(at.getTime()), ...pair }))),
      ],
    );
  };
}

interface ClaimedRow {
  id: string;
  attempts: number;
  event_id: string;
  event_type: string;
  business_account_id: string | null;
  occurred_at: Date | string;
  payload: unknown;
  endpoint_id: string;
  /** The app the endpoint is tied to (null: none), and the scope lists of that app's live grants for the business. */
  oauth_client_id: string | null;
  app_grant_scopes: unknown;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | string | null;
  /** Why this attempt is made (the delivery's `next_trigger` when it was claimed). */
  trigger: WebhookAttemptTrigger;
  /**
   * The lease this claim set, which also names the claim: the attempt's result is written to the
   * delivery only while the lease is still this one. A re-send during the attempt clears it, so the
   * result cannot undo the re-send (which then goes out as its own, manual, attempt).
   */
  lease_until: Date;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** What became of one attempt. */
export type DeliveryOutcome = 'succeeded' | 'retry' | 'failed' | 'disabled' | 'withheld';

export class WebhookDispatcher {
  private readonly now: () => Date;
  private readonly scheduleMs: readonly number[];
  private readonly jitter: () => number;
  private readonly send: typeof sendWebhook;

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? (() => new Date());
    this.scheduleMs = options.scheduleMs ?? SVIX_SCHEDULE_MS;
    this.jitter = options.jitter ?? (() => 0.8 + Math.random() * 0.4);
    this.send = options.send ?? sendWebhook;
  }

  /** Claims due deliveries, sends them (bounded concurrency) and records each attempt; returns how many. */
  async runOnce(root: EntityManager, signal?: AbortSignal): Promise<number> {
    const claimed = await this.claim(root);
    if (claimed.length === 0) return 0;
    const queue = [...claimed];
    const workers = Array.from({ length: Math.min(this.options.concurrency ?? 16, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        // Stopping: leave the rest claimed; their lease runs out and another worker takes them.
        if (signal?.aborted) return;
        try {
          await this.deliver(root, row);
        } catch (error) {
          log('error', 'webhook delivery could not be recorded; its lease will expire and it is retried', {
            deliveryId: row.id,
            error,
          });
        }
      }
    });
    await Promise.all(workers);
    return claimed.length;
  }

  /** Due pending deliveries, leased to this worker (attempt counted), with their event and endpoint. */
  private async claim(root: EntityManager): Promise<ClaimedRow[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + this.options.timeoutMs + LEASE_MARGIN_MS);
    return root.fork().transactional(async (em) => {
      // The claim resets the delivery's trigger: after a re-sent attempt, the retries are scheduled ones.
      const rows = await em.execute<{ id: string; trigger: WebhookAttemptTrigger }[]>(
        `update "webhook_delivery" d set "lease_until" = ?, "attempts" = d."attempts" + 1, "updated_at" = ?,
           "next_trigger" = ?
         from (
           select "id", "next_trigger" from "webhook_delivery"
           where "status" = ? and "next_attempt_at" <= ? and ("lease_until" is null or "lease_until" <= ?)
           order by "next_attempt_at" limit ? for update skip locked) due
         where d."id" = due."id"
         returning d."id", due."next_trigger" as "trigger"`,
        [
          leaseUntil,
          now,
          WebhookAttemptTrigger.Scheduled,
          WebhookDeliveryStatus.Pending,
          now,
          now,
          this.options.batch ?? 64,
        ],
      );
      if (rows.length === 0) return [];
      const triggers = new Map(rows.map((row) => [row.id, row.trigger]));
      const claimed = await em.execute<Omit<ClaimedRow, 'trigger' | 'lease_until'>[]>(
        `select d."id", d."attempts", o."id" as "event_id", o."type" as "event_type", o."business_account_id",
           o."occurred_at", o."payload", e."id" as "endpoint_id", e."url", e."secret_ciphertext",
           e."previous_secret_ciphertext", e."previous_secret_expires_at", e."oauth_client_id", ${APP_GRANT_SCOPES_SQL}
         from "webhook_delivery" d
         join "outbox_event" o on o."id" = d."event_id"
         join "webhook_endpoint" e on e."id" = d."endpoint_id"
         where d."id" in (select ("value" #>> '{}')::uuid from jsonb_array_elements(?::jsonb))
         order by d."next_attempt_at"`,
        [JSON.stringify(rows.map((row) => row.id))],
      );
      return claimed.map((row) => ({
        ...row,
        trigger: triggers.get(row.id) ?? WebhookAttemptTrigger.Scheduled,
        lease_until: leaseUntil,
      }));
    });
  }

  /** The signing secrets of an endpoint at `now`: current first, then the previous one within its overlap. */
  private secrets(row: ClaimedRow, now: Date): string[] {
    const secrets = [decryptSecret(this.options.secretsKey, row.secret_ciphertext)];
    if (
      row.previous_secret_ciphertext &&
      row.previous_secret_expires_at &&
      asDate(row.previous_secret_expires_at).getTime() > now.getTime()
    ) {
      secrets.push(decryptSecret(this.options.secretsKey, row.previous_secret_ciphertext));
    }
    return secrets;
  }

  private async deliver(root: EntityManager, row: ClaimedRow): Promise<DeliveryOutcome> {
    const access = appAccess(row.oauth_client_id, row.app_grant_scopes, row.event_type);
    if (access !== 'granted') return this.withhold(root, row, access);
    const attemptedAt = this.now();
    const body = webhookBody({
      id: row.event_id,
      type: row.event_type,
      occurredAt: asDate(row.occurred_at),
      businessAccountId: row.business_account_id,
      data: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    });
    let secrets: string[];
    try {
      secrets = this.secrets(row, attemptedAt);
    } catch (error) {
      // A secret sealed with another key: recorded and retried on the schedule like any failure, so it ends.
      log('error', 'webhook endpoint secret could not be decrypted', { endpointId: row.endpoint_id, error });
      const unsent: WebhookSendResult = {
        status: null,
        latencyMs: 0,
        excerpt: null,
        retryAfterMs: null,
        error: 'secret',
      };
      return this.record(root, row, attemptedAt, unsent);
    }
    const result = await this.send({
      url: row.url,
      id: row.event_id,
      timestamp: attemptedAt,
      body,
      secrets,
      timeoutMs: this.options.timeoutMs,
      allowPrivate: this.options.allowPrivate,
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
    return this.record(root, row, attemptedAt, result);
  }

  /** The delay before the next attempt after attempt `attempts` failed, or null when the schedule ran out. */
  nextDelayMs(attempts: number, result: Pick<WebhookSendResult, 'status' | 'retryAfterMs'>): number | null {
    if (attempts >= this.scheduleMs.length) return null;
    const longest = Math.max(...this.scheduleMs);
    if (result.status !== null && RETRY_AFTER_STATUSES.has(result.status) && result.retryAfterMs !== null) {
      return Math.min(result.retryAfterMs, longest);
    }
    return Math.round(this.scheduleMs[attempts]! * this.jitter());
  }

  private async record(
    root: EntityManager,
    row: ClaimedRow,
    attemptedAt: Date,
    result: WebhookSendResult,
  ): Promise<DeliveryOutcome> {
    const recordedAt = this.now();
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const gone = result.status === 410;
    return root.fork().transactional(async (em) => {
      await em.execute(
        `insert into "webhook_attempt" ("id", "created_at", "updated_at", "endpoint_id", "delivery_id", "event_id",
           "event_type", "attempt", "trigger", "attempted_at", "response_status", "latency_ms", "response_excerpt",
           "error")
         -- Nothing to record when the endpoint (and with it the delivery) was deleted during the attempt.
         select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::int, ?::int, ?, ? where exists (select 1 from "webhook_delivery" where "id" = ?)`,
        [
          uuidv7(attemptedAt.getTime()),
          recordedAt,
          recordedAt,
          row.endpoint_id,
          row.id,
          row.event_id,
          row.event_type,
          row.attempts,
          row.trigger,
          attemptedAt,
          result.status,
          result.latencyMs,
          result.excerpt,
          result.error,
          row.id,
        ],
      );
      if (ok) {
        await this.finishDelivery(em, row, WebhookDeliveryStatus.Succeeded, recordedAt, result.status);
        await em.execute(
          `update "webhook_endpoint" set "status" = ?, "failing_since" = null, "updated_at" = ?
           where "id" = ? and "status" <> ?`,
          [WebhookEndpointStatus.Active, recordedAt, row.endpoint_id, WebhookEndpointStatus.Disabled],
        );
        return 'succeeded';
      }
      if (gone) {
        await this.finishDelivery(em, row, WebhookDeliveryStatus.Failed, recordedAt, result.status);
        await this.disable(em, row.endpoint_id, 'gone', recordedAt);
        return 'disabled';
      }
      const endpoint = await em.execute<{ failing_since: Date | string | null; status: string }[]>(
        `update "webhook_endpoint" set "failing_since" = coalesce("failing_since", ?), "status" = ?, "updated_at" = ?
         where "id" = ? and "status" <> ? returning "failing_since", "status"`,
        [attemptedAt, WebhookEndpointStatus.Failing, recordedAt, row.endpoint_id, WebhookEndpointStatus.Disabled],
      );
      const failingSince = endpoint[0]?.failing_since ? asDate(endpoint[0].failing_since) : null;
      const delay = this.nextDelayMs(row.attempts, result);
      if (delay === null) {
        await this.finishDelivery(em, row, WebhookDeliveryStatus.Failed, recordedAt, result.status);
      } else {
        await em.execute(
          `update "webhook_delivery" set "next_attempt_at" = ?, "lease_until" = null, "last_attempt_at" = ?,
             "last_response_status" = ?, "updated_at" = ? where "id" = ? and "status" = ? and "lease_until" = ?`,
          [
            new Date(recordedAt.getTime() + delay),
            attemptedAt,
            result.status,
            recordedAt,
            row.id,
            WebhookDeliveryStatus.Pending,
            row.lease_until,
          ],
        );
      }
      if (
        failingSince &&
        recordedAt.getTime() - failingSince.getTime() >= (this.options.failingDisableMs ?? FAILING_DISABLE_MS)
      ) {
        await this.disable(em, row.endpoint_id, 'failing', recordedAt);
        return 'disabled';
      }
      return delay === null ? 'failed' : 'retry';
    });
  }

  /**
   * Sends nothing the endpoint's app may no longer receive: the delivery is cancelled, and an app with no
   * live grant left for the business has its endpoint disabled (every pending delivery cancelled).
   */
  private async withhold(
    root: EntityManager,
    row: ClaimedRow,
    access: 'scope_missing' | 'ended',
  ): Promise<DeliveryOutcome> {
    const at = this.now();
    await root.fork().transactional(async (em) => {
      await this.finishDelivery(em, row, WebhookDeliveryStatus.Cancelled, at, null);
      if (access === 'ended') await this.disable(em, row.endpoint_id, APP_ACCESS_ENDED, at);
    });
    return access === 'ended' ? 'disabled' : 'withheld';
  }

  /** Ends a delivery with its claim's result, unless it was re-sent (or re-claimed) meanwhile. */
  private async finishDelivery(
    em: EntityManager,
    row: ClaimedRow,
    status: WebhookDeliveryStatus,
    at: Date,
    responseStatus: number | null,
  ): Promise<void> {
    await em.execute(
      `update "webhook_delivery" set "status" = ?, "lease_until" = null, "last_attempt_at" = ?,
         "last_response_status" = ?, "updated_at" = ? where "id" = ? and "status" = ? and "lease_until" = ?`,
      [status, at, responseStatus, at, row.id, WebhookDeliveryStatus.Pending, row.lease_until],
    );
  }

  /**
   * Disables an endpoint (`gone`: 410; `failing`: 5 days of failures; `app_access_ended`: its app has no
   * live grant for the business) and cancels its pending deliveries.
   */
  private async disable(em: EntityManager, endpointId: string, reason: string, at: Date): Promise<void> {
    await em.execute(
      `update "webhook_endpoint" set "status" = ?, "disabled_at" = ?, "disabled_reason" = ?, "updated_at" = ?
       where "id" = ? and "status" <> ?`,
      [WebhookEndpointStatus.Disabled, at, reason, at, endpointId, WebhookEndpointStatus.Disabled],
    );
    await em.execute(
      `update "webhook_delivery" set "status" = ?, "lease_until" = null, "updated_at" = ? where "endpoint_id" = ? and "status" = ?`,
      [WebhookDeliveryStatus.Cancelled, at, endpointId, WebhookDeliveryStatus.Pending],
    );
    log('warn', 'webhook endpoint disabled', { endpointId, reason });
  }
}

/** The dispatcher as a background loop (woken when events are published, and by its timer for retries). */
export function webhookDispatchLoop(options: DispatcherOptions, intervalMs: number): BackgroundLoop {
  const dispatcher = new WebhookDispatcher(options);
  return {
    name: 'webhooks.dispatch',
    channels: [PUBLISHED_CHANNEL],
    intervalMs,
    run: ({ root, signal }) => dispatcher.runOnce(root, signal),
  };
}
