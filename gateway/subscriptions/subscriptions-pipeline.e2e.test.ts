/**
 * The whole pipeline on the one-process service (PGlite, or PostgreSQL with DATABASE_URL): a domain
 * change writes its outbox row, the publisher (background loop) numbers it and NOTIFYs
 * `event_published`, and a graphql-ws subscriber of that business receives it with the outbox row's
 * id, type, time and payload: the same event a registered webhook receiver gets (signature verified
 * with `standardwebhooks`).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import type { TestService } from '../../test/harness.js';
import {
  createBusiness,
  createUser,
  postJson,
  registerApp,
  startOAuthService,
  tokensFor,
  type App,
} from '../../test/fixtures/oauth.fixtures.js';
import { startWebhookReceiver } from '../../test/fixtures/webhook-receiver.js';
import { uuidv7 } from '../../subgraphs/kernel/db/uuid.js';
import { createStore } from '../../test/fixtures/receipts.fixtures.js';
import { business, COUPON_FIELDS, COUPON_SCOPES, createCoupon, sql } from '../../test/fixtures/stores.fixtures.js';
import { publishEvent, TestSubscriber, until } from './subscriptions.fixtures.js';

const SECRET = 'the-secret-of-the-pipeline-receiver';

let service: TestService;
const subscribers: TestSubscriber[] = [];
let receiver: Server;
let receiverUrl: string;
const deliveries: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  service = await startOAuthService();
}, 120_000);
afterEach(async () => {
  await Promise.all(subscribers.splice(0).map((s) => s.dispose()));
});
afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('outbox -> publisher -> graphql-ws', () => {
  it('delivers a published coupon to its business as the outbox recorded it, and not to another business', async () => {
    const app = await registerApp(service, COUPON_SCOPES);
    const [mine, theirs] = [await business(service, app), await business(service, app)];
    const store = await createStore(service, mine.businessAccountId);
    const em = rootEntityManager(service.orm);
    const [markerMine, markerTheirs] = [
      await publishEvent(em, mine.businessAccountId),
      await publishEvent(em, theirs.businessAccountId),
    ];
    const subscriber = new TestSubscriber(service.url, { authorization: `Bearer ${mine.token}` });
    const other = new TestSubscriber(service.url, { authorization: `Bearer ${theirs.token}` });
    subscribers.push(subscriber, other);
    subscriber.subscribe({ after: markerMine.id, types: ['coupon.published'] });
    other.subscribe({ after: markerTheirs.id });
    const registered = await service.graphql<{ registerWebhookEndpoint: { id: string } }>(
      'mutation($input: RegisterWebhookEndpointInput!) { registerWebhookEndpoint(input: $input) { id } }',
      { input: { url: receiverUrl, events: ['coupon.published'], secret: SECRET } },
      mine.token,
    );
    expect(registered.errors).toBeUndefined();

    const draft = await createCoupon(service, mine.token, {
      storeIds: [store],
      title: '秋のセール',
      benefit: '100円引き',
      discount: { kind: 'amount', value: 100 },
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2036-01-01T00:00:00.000Z',
    });
    const published = await service.graphql(
      `mutation($id: ID!) { publishCoupon(id: $id) { ${COUPON_FIELDS} } }`,
      { id: draft.id },
      mine.token,
    );
    expect(published.errors).toBeUndefined();

    const [event] = await subscriber.waitForEvents(1, 15_000);
    const [row] = await sql<{ id: string; occurred_at: Date | string; payload: Record<string, unknown> }>(
      service,
      `select "id", "occurred_at", "payload" from "outbox_event" where "type" = 'coupon.published' and "payload"->>'couponId' = ?`,
      [draft.id],
    );
    expect(event).toEqual({
      id: row!.id,
      type: 'coupon.published',
      occurredAt: new Date(row!.occurred_at).toISOString(),
      businessAccountId: mine.businessAccountId,
      data: typeof row!.payload === 'string' ? JSON.parse(row!.payload) : row!.payload,
    });
    expect(event!.data).toMatchObject({ couponId: draft.id, storeIds: [store], title: '秋のセール' });

    // The webhook receiver gets the same event: same id (webhook-id), type, time, business and data.
    await until(() => deliveries.length > 0, 15_000, 'a webhook delivery');
    const delivery = deliveries[0]!;
    const verified = new Webhook(Buffer.from(SECRET).toString('base64')).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    });
    expect(verified).toEqual(event);
    expect(delivery.headers['webhook-id']).toBe(event!.id);

    // The other business's first event is its own, published after the coupon (of a type its token may receive).
    const own = await publishEvent(em, theirs.businessAccountId, { type: 'coupon.published' });
    expect((await other.waitForEvents(1)).map((e) => e.id)).toEqual([own.id]);
  }, 60_000);
});

describe('webhooks only within consent', () => {
  it("stops delivering to an endpoint whose app's grant for the business is revoked, and disables it", async () => {
    // One owner, one business, two apps: the revoked one's endpoint stops, the other's still receives.
    const email = `owner-${randomUUID()}@example.test`;
    const ownerId = await createUser(service, email);
    const businessAccountId = await createBusiness(service, email);
    const tokenOf = async (app: App) =>
      (await tokensFor(service, app, ownerId, { scopes: COUPON_SCOPES, businessAccountId })).accessToken;
    const [revoked, kept] = [
      await tokenOf(await registerApp(service, COUPON_SCOPES)),
      await tokenOf(await registerApp(service, COUPON_SCOPES)),
    ];
    const [revokedReceiver, keptReceiver] = [await startWebhookReceiver(), await startWebhookReceiver()];
    try {
      const register = async (url: string, token: string) => {
        const answer = await service.rest('POST', '/api/v1/webhooks/', token, {
          url,
          events: ['coupon.published'],
          secret: SECRET,
        });
        expect(answer.status).toBe(200);
        return answer.body.id as string;
      };
      const revokedEndpoint = await register(revokedReceiver.url, revoked);
      const keptEndpoint = await register(keptReceiver.url, kept);
      expect((await postJson(service, '/api/v1/auth/revoke', { token: revoked })).status).toBe(200);
      const [endpoint] = await sql<{ status: string; disabled_reason: string | null }>(
        service,
        'select "status", "disabled_reason" from "webhook_endpoint" where "id" = ?',
        [revokedEndpoint],
      );
      expect(endpoint).toEqual({ status: 'disabled', disabled_reason: 'app_access_ended' });

      // An event of the business after the revocation (committed to the outbox as a change would).
      const eventId = uuidv7();
      await sql(
        service,
        `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
         values (?, now(), now(), 'coupon.published', ?, now(), ?::jsonb)`,
        [eventId, businessAccountId, JSON.stringify({ couponId: randomUUID(), title: 'after revocation' })],
      );
      await until(() => keptReceiver.received.length > 0, 15_000, 'the live app’s delivery');
      expect(keptReceiver.received[0]!.headers['webhook-id']).toBe(eventId);
      // Fanned out in one transaction with the live app's: the revoked app's endpoint got no delivery at all.
      const deliveries = await sql(service, 'select "endpoint_id" from "webhook_delivery" where "event_id" = ?', [
        eventId,
      ]);
      expect(deliveries).toEqual([{ endpoint_id: keptEndpoint }]);
      expect(revokedReceiver.received).toEqual([]);
    } finally {
      await Promise.all([revokedReceiver.close(), keptReceiver.close()]);
    }
  }, 60_000);
});
