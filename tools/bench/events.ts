/**
 * The event pipeline's two rows: commit-to-delivery latency of webhooks at a fixed rate, and live
 * subscription fan-out. The service (spawnServer with allowPrivateReceivers: NODE_ENV=production
 * refuses loopback receivers) runs the publisher and the webhook dispatcher in its own process, as
 * in production's one-process topology; the bench writes `outbox_event` rows and times what comes out.
 *
 * - Webhooks: a fresh emitter process (event-emitter.ts) inserts rows of one business at the rate,
 *   each committed on its own, and runs the receiver that business's one active endpoint points at;
 *   latency = when the receiver had the POST minus when the row's commit returned, per `webhook-id`.
 * - Fan-out: N graphql-ws sockets of the business (subscriber-process.ts), all subscribed to the
 *   event type, then rows at the fan-out rate from a fresh emitter process; latency per (socket,
 *   event) = when that socket's client handled the event minus when its commit returned.
 *   The sockets are spread over two child processes (one when N = 1): the service writes one frame
 *   per socket per event in a burst, and one client process parsing the whole burst would add its
 *   own queue (the last socket waits for the 999 before it) to the figure; two processes halve that,
 *   and more than the machine's two cores would only time-share. Clocks: every process reads the
 *   epoch at sub-millisecond resolution (performance.timeOrigin + now), one machine, one clock.
 *
 * Setup, not measured: a business of its own and its owner's business token (business-token.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { encryptSecret, resolveSecretsKey } from '../../subgraphs/kernel/auth/secrets-key.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { createBenchBusiness } from './business-token.js';
import { benchServiceEnv } from './credentials.js';
import { emitEventsInProcess, latencySummary } from './event-emitter.js';
import { backendCpuMs, backendTicks, type Target } from './load.js';
import { startSubscriberProcess, type MeasureReply, type SubscriberProcess } from './subscriber-process.js';

/**
 * Business scopes: the token is the business's (subscriptions refuse user tokens), with the read scope
 * of the fanned-out type (post.published), since a subscriber receives only its scopes' types.
 */
const SCOPES = ['store.info.read', 'sns.content.read'];
const WEBHOOK_TYPE = 'purchase.completed';
const FANOUT_TYPE = 'post.published';
/** How long deliveries may still arrive after the last commit. */
const DRAIN_MS = 30_000;
/** How long the sockets may take to be live (every one has received a probe event). */
const LIVE_TIMEOUT_MS = 60_000;
const CLIENT_PROCESSES = 2;

export const WEBHOOK_TARGET_P99_MS = 1_000;
export const FANOUT_TARGET_P99_MS = 250;

/** The business of the event rows and its owner's bearer token. */
export interface EventBusiness {
  readonly businessAccountId: string;
  readonly token: string;
}

/** Webhook row settings: rows per second, seconds measured, seconds of warm-up at the same rate. */
export interface WebhookSettings {
  readonly rate: number;
  readonly duration: number;
  readonly warmup: number;
}

export interface WebhookRow {
  readonly rate: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly sent: number;
  readonly delivered: number;
  /** Deliveries per second the pipeline kept up, first measured commit to last measured receipt. */
  readonly perSecond: number;
  readonly duplicates: number;
  readonly signaturesValid: number;
  readonly signaturesInvalid: number;
  readonly emitterLag: number;
  /** The service's CPU time (publisher, dispatcher, everything) per row, warm-up rows included. */
  readonly serviceCpuMsPerEvent: number;
  /**
   * CPU time per row of the database backends that lived through the run (the service's pool and
   * LISTEN connection; the emitter's own connections close before the second sample, so its inserts
   * are not in it). NaN without Linux /proc.
   */
  readonly postgresCpuMsPerEvent: number;
}

export interface FanOutSettings {
  readonly subscribers: number;
  readonly rate: number;
  readonly duration: number;
  readonly warmup: number;
}

export interface FanOutRow {
  readonly subscribers: number;
  readonly rate: number;
  readonly events: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly received: number;
  readonly expected: number;
  readonly duplicates: number;
  readonly clientProcesses: number;
  readonly emitterLag: number;
  /** The service's CPU time per event (publishing it and writing it to every socket), warm-up events included. */
  readonly serviceCpuMsPerEvent: number;
  /**
   * CPU time per row of the database backends that lived through the run (the service's pool and
   * LISTEN connection; the emitter's own connections close before the second sample, so its inserts
   * are not in it). NaN without Linux /proc.
   */
  readonly postgresCpuMsPerEvent: number;
}

/** A new business, its owner and the owner's business token (through the code exchange on `service`). */
export function createEventBusiness(service: Target, databaseUrl: string): Promise<EventBusiness> {
  return createBenchBusiness(service, databaseUrl, {
    name: 'ベンチ イベント',
    appName: 'Bench events',
    scopes: SCOPES,
  });
}

/** Webhooks at `settings.rate` for `settings.duration` s after `settings.warmup` s of warm-up. */
export async function measureWebhookDelivery(
  service: Target,
  databaseUrl: string,
  business: EventBusiness,
  settings: WebhookSettings,
): Promise<WebhookRow> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const cpuBefore = (await service.cpuMs?.()) ?? Number.NaN;
  const backendsBefore = await backendTicks(databaseUrl);
  const result = await emitEventsInProcess({
    databaseUrl,
    businessAccountId: business.businessAccountId,
    type: WEBHOOK_TYPE,
    rate: settings.rate,
    warmup: Math.round(settings.rate * settings.warmup),
    count: Math.max(1, Math.round(settings.rate * settings.duration)),
    receiver: { secret, secretCiphertext: encryptSecret(resolveSecretsKey(benchServiceEnv(databaseUrl)), secret) },
    drainMs: DRAIN_MS,
  });
  const cpuAfter = (await service.cpuMs?.()) ?? Number.NaN;
  const postgresMs = backendCpuMs(backendsBefore, await backendTicks(databaseUrl));
  if (result.errors > 0) throw new Error(`webhook row: ${result.errors} inserts failed`);
  const webhooks = result.webhooks!;
  const rows = result.sent + Math.round(settings.rate * settings.warmup);
  return {
    rate: settings.rate,
    ...latencySummary(webhooks.latencies),
    sent: result.sent,
    delivered: webhooks.delivered,
    perSecond: webhooks.perSecond,
    duplicates: webhooks.duplicates,
    signaturesValid: webhooks.signaturesValid,
    signaturesInvalid: webhooks.signaturesInvalid,
    emitterLag: result.maxSendLag,
    serviceCpuMsPerEvent: (cpuAfter - cpuBefore) / rows,
    postgresCpuMsPerEvent: postgresMs / rows,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Publishes probe rows (one every 200 ms) until every socket has received one: the subscriptions are live. */
async function untilLive(
  databaseUrl: string,
  business: EventBusiness,
  clients: readonly SubscriberProcess[],
  sockets: number,
) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = performance.now() + LIVE_TIMEOUT_MS;
    for (;;) {
      await db.query(
        `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
         values ($1, now(), now(), $2, $3, now(), '{"probe":true}'::jsonb)`,
        [uuidv7(), FANOUT_TYPE, business.businessAccountId],
      );
      await sleep(200);
      const statuses = await Promise.all(clients.map((c) => c.status()));
      const live = statuses.reduce((sum, s) => sum + s.live, 0);
      if (live === sockets) return;
      const errors = statuses.flatMap((s) => s.errors);
      const closed = statuses.reduce((sum, s) => sum + s.closed, 0);
      if (errors.length > 0 || closed > 0 || performance.now() > deadline)
        throw new Error(
          `fan-out: ${live} of ${sockets} sockets live, ${closed} closed, errors ${JSON.stringify(errors)}`,
        );
    }
  } finally {
    await db.end();
  }
}

/** Opens the sockets over the client processes; throws unless every one connected. */
async function openSockets(
  service: Target,
  business: EventBusiness,
  clients: readonly SubscriberProcess[],
  total: number,
) {
  const shares = clients.map((_, i) => Math.floor(total / clients.length) + (i < total % clients.length ? 1 : 0));
  const opened = await Promise.all(clients.map((c, i) => c.open(service.url, business.token, FANOUT_TYPE, shares[i]!)));
  const connected = opened.reduce((sum, o) => sum + o.connected, 0);
  if (connected !== total)
    throw new Error(
      `fan-out: ${connected} of ${total} sockets connected; closes: ${JSON.stringify(opened.flatMap((o) => o.failures))}`,
    );
}

/** Fan-out of rows at `settings.rate` to `settings.subscribers` sockets; the sockets closed at the end, also on failure. */
export async function measureSubscriptionFanOut(
  service: Target,
  databaseUrl: string,
  business: EventBusiness,
  settings: FanOutSettings,
): Promise<FanOutRow> {
  const clients = Array.from({ length: Math.min(CLIENT_PROCESSES, Math.max(1, settings.subscribers)) }, () =>
    startSubscriberProcess(),
  );
  try {
    await openSockets(service, business, clients, settings.subscribers);
    await untilLive(databaseUrl, business, clients, settings.subscribers);
    const cpuBefore = (await service.cpuMs?.()) ?? Number.NaN;
    const backendsBefore = await backendTicks(databaseUrl);
    const emitted = await emitEventsInProcess({
      databaseUrl,
      businessAccountId: business.businessAccountId,
      type: FANOUT_TYPE,
      rate: settings.rate,
      warmup: Math.round(settings.rate * settings.warmup),
      count: Math.max(1, Math.round(settings.rate * settings.duration)),
      drainMs: 0,
    });
    if (emitted.errors > 0) throw new Error(`fan-out: ${emitted.errors} inserts failed`);
    const replies: MeasureReply[] = await Promise.all(clients.map((c) => c.measure(emitted.commits, DRAIN_MS)));
    const cpuAfter = (await service.cpuMs?.()) ?? Number.NaN;
    const postgresMs = backendCpuMs(backendsBefore, await backendTicks(databaseUrl));
    const events = emitted.sent + Math.round(settings.rate * settings.warmup);
    const latencies = Float64Array.from(replies.flatMap((r) => r.latencies)).sort();
    const errors = replies.flatMap((r) => r.errors);
    if (errors.length > 0) throw new Error(`fan-out: subscription errors ${JSON.stringify(errors)}`);
    const { p50, p99, max } = latencySummary(latencies);
    return {
      subscribers: settings.subscribers,
      rate: settings.rate,
      events: emitted.sent,
      p50,
      p99,
      max,
      received: latencies.length,
      expected: settings.subscribers * emitted.sent,
      duplicates: replies.reduce((sum, r) => sum + r.duplicates, 0),
      clientProcesses: clients.length,
      emitterLag: emitted.maxSendLag,
      serviceCpuMsPerEvent: (cpuAfter - cpuBefore) / events,
      postgresCpuMsPerEvent: postgresMs / events,
    };
  } finally {
    await Promise.all(clients.map((c) => c.stop()));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The webhook row and its checks, two lines. */
export function webhookReport(row: WebhookRow): string {
  return (
    `  ${`webhook delivery at ${row.rate}/s`.padEnd(40)} p50 ${ms(row.p50)}  p90 ${ms(row.p90)}  p99 ${ms(row.p99)}  max ${ms(row.max)}  ` +
    `delivered ${row.delivered}/${row.sent} (${row.perSecond.toFixed(0)}/s)  (target p99 <= ${WEBHOOK_TARGET_P99_MS} ms)\n` +
    `    signatures (standardwebhooks, every request): ${row.signaturesValid} valid, ${row.signaturesInvalid} invalid; ` +
    `${row.duplicates} duplicates; emitter at most ${ms(row.emitterLag)} late; service CPU ${ms(row.serviceCpuMsPerEvent)} and its PostgreSQL backends' ${ms(row.postgresCpuMsPerEvent)} per event`
  );
}

/** The fan-out row, two lines. */
export function fanOutReport(row: FanOutRow): string {
  return (
    `  ${`subscription fan-out to ${row.subscribers} at ${row.rate}/s`.padEnd(40)} p50 ${ms(row.p50)}  p99 ${ms(row.p99)}  max ${ms(row.max)}  ` +
    `received ${row.received}/${row.expected}  (target p99 <= ${FANOUT_TARGET_P99_MS} ms)\n` +
    `    ${row.events} events x ${row.subscribers} sockets in ${row.clientProcesses} client processes; ${row.duplicates} duplicates; emitter at most ${ms(row.emitterLag)} late; ` +
    `service CPU ${ms(row.serviceCpuMsPerEvent)} and its PostgreSQL backends' ${ms(row.postgresCpuMsPerEvent)} per event`
  );
}
