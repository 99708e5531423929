/**
 * The event stage's emitter, in a fresh child process of the bench (as open-loop-process.ts, so no
 * garbage of earlier stages stalls it): `outbox_event` rows at a fixed rate, evenly spaced, each
 * INSERT committed in a transaction of its own (one statement in autocommit: its answer arrives once
 * COMMIT is done), written exactly as the pipeline's tests write them. Records when each measured
 * row's commit returned, on the epoch clock every bench process shares ({@link epochNow}).
 *
 * With `receiver` set (the webhook row) the same process also runs the receiver: a local HTTP server
 * answering 204, registered as the one active endpoint of the business. Emitter and receiver share
 * one clock and one event loop that does little else (a POST's timestamp is taken before its
 * signature is checked). Every body's Standard Webhooks signature is verified with the independent
 * `standardwebhooks` package; a `webhook-id` seen twice counts as a duplicate.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { quantile } from './open-loop.js';

/** Milliseconds since the epoch, sub-millisecond: comparable across the bench's processes on one machine. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** What the emitter process is asked to do. */
export interface EmitPlan {
  readonly databaseUrl: string;
  readonly businessAccountId: string;
  readonly type: string;
  /** Rows per second. */
  readonly rate: number;
  /** Rows sent first at the same rate and not measured. */
  readonly warmup: number;
  /** Measured rows, sent right after the warm-up ones. */
  readonly count: number;
  /** Run a receiver and register it as the business's endpoint (the webhook row). */
  readonly receiver?: { readonly secret: string; readonly secretCiphertext: string };
  /** How long to wait for the measured rows' deliveries after the last commit. */
  readonly drainMs: number;
}

/** What the receiver saw. */
export interface WebhookReceipts {
  /** Commit-to-receipt latency (ms) of each delivered measured row, ascending. */
  readonly latencies: number[];
  readonly delivered: number;
  /** Measured deliveries per second, from the first measured commit to the last measured receipt. */
  readonly perSecond: number;
  /** Requests whose `webhook-id` had been received before. */
  readonly duplicates: number;
  readonly signaturesValid: number;
  readonly signaturesInvalid: number;
}

export interface EmitResult {
  /** Measured row id → when its commit returned ({@link epochNow}). */
  readonly commits: Record<string, number>;
  readonly sent: number;
  /** Inserts that failed (not counted as sent). */
  readonly errors: number;
  /** Largest delay (ms) between a row's due time and its INSERT leaving: the emitter's own lag. */
  readonly maxSendLag: number;
  readonly webhooks?: WebhookReceipts;
}

const INSERT = `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
  values ($1, now(), now(), $2, $3, now(), $4::jsonb)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The local receiver: first receipt time per `webhook-id`, duplicates, signature checks. */
async function startReceiver(secret: string) {
  const verifier = new Webhook(secret);
  const firstSeen = new Map<string, number>();
  const counts = { duplicates: 0, signaturesValid: 0, signaturesInvalid: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = epochNow();
      response.writeHead(204).end();
      const id = String(request.headers['webhook-id'] ?? '');
      if (firstSeen.has(id)) counts.duplicates += 1;
      else firstSeen.set(id, at);
      try {
        verifier.verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
        counts.signaturesValid += 1;
      } catch {
        counts.signaturesInvalid += 1;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bench-hooks`,
    firstSeen,
    counts,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends `total` inserts evenly spaced at `rate`; `measured(i)` says whose commit time to keep. */
async function emitOpenLoop(pool: pg.Pool, plan: EmitPlan) {
  const total = plan.warmup + plan.count;
  const commits: Record<string, number> = {};
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  let maxSendLag = 0;
  const send = (i: number, due: number) => {
    maxSendLag = Math.max(maxSendLag, performance.now() - due);
    const id = uuidv7();
    return pool.query(INSERT, [id, plan.type, plan.businessAccountId, JSON.stringify({ n: i })]).then(
      () => {
        const at = epochNow();
        if (i >= plan.warmup) commits[id] = at;
      },
      (error: unknown) => {
        errors += 1;
        if (errors === 1) process.stderr.write(`event emitter: insert failed: ${String(error)}\n`);
      },
    );
  };
  const interval = 1000 / plan.rate;
  const started = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * interval <= now) {
        inFlight.push(send(next, started + next * interval));
        next += 1;
      }
      if (next >= total) return done();
      setTimeout(tick, Math.max(0, started + next * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  return { commits, errors, maxSendLag };
}

/** Inserts the business's one active endpoint, pointing at `url`, for `type`; its id. */
async function insertEndpoint(pool: pg.Pool, plan: EmitPlan, url: string, ciphertext: string): Promise<string> {
  const id = uuidv7();
  await pool.query(
    `insert into "webhook_endpoint" ("id", "created_at", "updated_at", "business_account_id", "url", "events", "status",
       "secret_ciphertext")
     values ($1, now(), now(), $2, $3, $4::jsonb, 'active', $5)`,
    [id, plan.businessAccountId, url, JSON.stringify([plan.type]), ciphertext],
  );
  return id;
}

/** Runs `plan` in this process (the child's work). */
export async function emitEvents(plan: EmitPlan): Promise<EmitResult> {
  const pool = new pg.Pool({ connectionString: plan.databaseUrl, max: 16 });
  const receiver = plan.receiver ? await startReceiver(plan.receiver.secret) : undefined;
  let endpointId: string | undefined;
  try {
    if (receiver && plan.receiver)
      endpointId = await insertEndpoint(pool, plan, receiver.url, plan.receiver.secretCiphertext);
    // Connections opened before the clock starts: the first rows do not pay for them.
    await Promise.all(Array.from({ length: 4 }, () => pool.query('select 1')));
    const { commits, errors, maxSendLag } = await emitOpenLoop(pool, plan);
    const ids = Object.keys(commits);
    const base = { commits, sent: ids.length, errors, maxSendLag };
    if (!receiver) return base;
    const deadline = performance.now() + plan.drainMs;
    while (ids.some((id) => !receiver.firstSeen.has(id)) && performance.now() < deadline) await sleep(20);
    const delivered = ids.filter((id) => receiver.firstSeen.has(id));
    const latencies = delivered.map((id) => receiver.firstSeen.get(id)! - commits[id]!).sort((a, b) => a - b);
    const firstCommit = Math.min(...ids.map((id) => commits[id]!));
    const lastReceipt = Math.max(...delivered.map((id) => receiver.firstSeen.get(id)!));
    const perSecond = (delivered.length / (lastReceipt - firstCommit)) * 1000;
    return { ...base, webhooks: { latencies, delivered: delivered.length, perSecond, ...receiver.counts } };
  } finally {
    // No later event of this type may be delivered to a receiver that is gone (it would be retried).
    if (endpointId)
      await pool.query(
        `update "webhook_endpoint" set "status" = 'disabled', "disabled_at" = now(), "disabled_reason" = 'bench', "updated_at" = now()
         where "id" = $1`,
        [endpointId],
      );
    await receiver?.close();
    await pool.end();
  }
}

/** Runs `plan` in a fresh child process. */
export function emitEventsInProcess(plan: EmitPlan): Promise<EmitResult> {
  const child = fork(fileURLToPath(import.meta.url), ['event-emitter'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: EmitResult | undefined;
    let failure: string | undefined;
    child.once('message', (message) => {
      const reply = message as { result?: EmitResult; error?: string };
      result = reply.result;
      failure = reply.error;
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result
        ? resolve(result)
        : reject(new Error(`event emitter exited (code ${code}) without a result${failure ? `: ${failure}` : ''}`)),
    );
    child.send(plan);
  });
}

/** The p-quantiles of ascending latencies, for a report row. */
export function latencySummary(sorted: ArrayLike<number>) {
  return {
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

if (process.argv[2] === 'event-emitter' && process.send) {
  // The bench died: do not linger.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (message) => {
    void emitEvents(message as EmitPlan).then(
      (result) => process.send!({ result }),
      (error: unknown) =>
        process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}
