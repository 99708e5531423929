/**
 * Webhook delivery survives a killed worker (separate topology, real PostgreSQL): a worker process
 * delivers events to a local receiver; while the receiver holds one request the worker is killed with
 * SIGKILL (no shutdown, claims left leased, events left unpublished); a second worker takes over. Every
 * event reaches the receiver, signed so that `standardwebhooks` verifies it, and a duplicate carries
 * the same `webhook-id` and body as the first delivery.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY_POINTS, spawnService, stopServices, waitUntilReady, exitOf } from '../processes/child-services.js';
import { ALL_ENTITIES } from '../subgraphs/index.js';
import { encryptSecret } from '../subgraphs/kernel/auth/secrets-key.js';
import { createOrm, migrate, rootEntityManager, type Orm } from '../subgraphs/kernel/db/orm.js';
import { uuidv7 } from '../subgraphs/kernel/db/uuid.js';
import { childProcessEnv } from '../subgraphs/kernel/env.js';
import { createTestDatabase } from './fixtures/database.js';
import { freePort } from './fixtures/ports.js';
import { startWebhookReceiver } from './fixtures/webhook-receiver.js';
import { hasPostgres } from './requirements.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const EVENTS = 30;
const HELD = 10;
/** WEBHOOK_TIMEOUT_MS below plus the dispatcher's 10 s lease margin: the held claim is free after it. */
const LEASE_MS = 1_000 + 10_000;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function emit(orm: Orm, businessAccountId: string, n: number): Promise<string> {
  const id = uuidv7();
  await rootEntityManager(orm)
    .fork()
    .execute(
      `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
       values (?, now(), now(), 'purchase.completed', ?, now(), ?::jsonb)`,
      [id, businessAccountId, JSON.stringify({ n })],
    );
  return id;
}

describe.skipIf(!hasPostgres('webhook-durability.e2e.test (worker processes on one PostgreSQL)'))(
  'webhook delivery across a killed worker',
  () => {
    it('delivers every event after kill -9 mid-delivery; duplicates only with the same webhook-id', async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      const orm = await createOrm({
        env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
        entities: ALL_ENTITIES,
      });
      cleanups.push(() => orm.close(true));
      await migrate(orm);

      const held: ServerResponse[] = [];
      const receiver = await startWebhookReceiver((request, response, index) => {
        if (index === HELD) held.push(response);
        else response.end('ok');
      });
      cleanups.push(() => receiver.close());

      const key = randomBytes(32);
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const shop = uuidv7();
      const em = rootEntityManager(orm).fork();
      await em.execute(
        `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email") values (?, now(), now(), 'Shop', 'o@example.com')`,
        [shop],
      );
      await em.execute(
        `insert into "webhook_endpoint" ("id", "created_at", "updated_at", "business_account_id", "url", "events", "status", "secret_ciphertext")
         values (?, now(), now(), ?, ?, '["purchase.completed"]'::jsonb, 'active', ?)`,
        [uuidv7(), shop, receiver.url, encryptSecret(key, secret)],
      );

      const startWorker = async (name: string) => {
        const port = await freePort();
        const worker = spawnService(name, ENTRY_POINTS.worker, [], {
          capture: true,
          env: childProcessEnv({
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            DATABASE_URL: database.env.DATABASE_URL,
            DATA_DIR: 'memory://',
            SECRETS_KEY: key.toString('base64url'),
            WORKER_PORT: String(port),
            // The lease of a claim is the timeout + 10 s: the killed worker's claim is taken after it.
            WEBHOOK_TIMEOUT_MS: '1000',
            EVENT_DISPATCH_POLL_MS: '200',
            LOG_LEVEL: 'info',
          }),
        });
        cleanups.push(() => stopServices([worker], 'SIGKILL'));
        await waitUntilReady(worker, `http://127.0.0.1:${port}/readyz`, 20_000);
        return worker;
      };

      const first = await startWorker('worker-1');
      const ids: string[] = [];
      // Events keep arriving while the first worker delivers; it dies holding a claim mid-request.
      for (let n = 0; n < EVENTS && held.length === 0; n += 1) ids.push(await emit(orm, shop, n));
      await until(() => held.length > 0, 10_000, 'the receiver holds a request');
      const heldAt = Date.now();
      first.child.kill('SIGKILL');
      expect(await exitOf(first.child)).toBe('SIGKILL');
      // More events while no worker runs: they wait in the outbox.
      while (ids.length < EVENTS) ids.push(await emit(orm, shop, ids.length));

      const second = await startWorker('worker-2');
      const deliveredIds = () => new Set(receiver.received.map((request) => String(request.headers['webhook-id'])));
      await until(() => ids.every((id) => deliveredIds().has(id)), 25_000, 'every event delivered');
      await until(
        async () => {
          const rows = await rootEntityManager(orm)
            .fork()
            .execute<{ n: string }[]>(`select count(*) as "n" from "webhook_delivery" where "status" = 'succeeded'`);
          return Number(rows[0]!.n) === EVENTS;
        },
        // The held delivery is retried only once its lease (taken before heldAt) has run out.
        Math.max(0, heldAt + LEASE_MS - Date.now()) + 15_000,
        'every delivery recorded as succeeded',
      );
      await stopServices([second], 'SIGTERM');

      // Nothing else was delivered, and each delivery verifies; a duplicate is the same message.
      expect(deliveredIds()).toEqual(new Set(ids));
      const verifier = new Webhook(secret);
      const bodies = new Map<string, string>();
      for (const request of receiver.received) {
        const id = String(request.headers['webhook-id']);
        const body = verifier.verify(request.body, request.headers as Record<string, string>) as { id: string };
        expect(body.id).toBe(id);
        const seen = bodies.get(id);
        if (seen !== undefined) expect(request.body).toBe(seen);
        bodies.set(id, request.body);
      }
      // The held request was delivered again by the second worker, with the same webhook-id.
      expect(receiver.received.length).toBeGreaterThan(EVENTS);
    }, 90_000);
  },
);
