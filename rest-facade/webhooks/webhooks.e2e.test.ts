/**
 * The five /api/v1/webhooks/ rows through the facade with real business tokens (every answer is
 * checked against the OpenAPI document by the contract setup): register (200, secret never echoed,
 * stored encrypted), list, get, delete (204, its pending deliveries gone), validation 400s naming the
 * field, the 20-endpoint limit (409), another business's id 404, a user token 403, and a test call to a
 * local receiver on a random port whose signature the independent `standardwebhooks` package verifies.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../test/fixtures/oauth.fixtures.js';
import { business, consumer, sql, type Business, type Consumer } from '../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';

const SECRET = 'a-long-enough-raw-secret-for-tests';
/** The read scopes of the event types these tests register (purchase.*, order.*, checkin.*). */
const EVENT_SCOPES = ['sales.read', 'store.orders.read', 'store.campaigns.read'];
const WHSEC = `whsec_${randomBytes(32).toString('base64')}`;

let service: TestService;
let shop: Business;
let other: Business;
let hanako: Consumer;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
let answerStatus = 204;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answerStatus, { 'content-type': 'text/plain' }).end(answerStatus === 204 ? undefined : 'nope');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  service = await startOAuthService();
  const businessApp = await registerApp(service, EVENT_SCOPES);
  shop = await business(service, businessApp, EVENT_SCOPES);
  other = await business(service, businessApp, EVENT_SCOPES);
  hanako = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const register = (body: unknown, token: string | null = shop.token) =>
  service.rest('POST', '/api/v1/webhooks/', token ?? undefined, body);
const valid = (extra: Record<string, unknown> = {}) => ({
  url: receiverUrl,
  events: ['purchase.completed', 'order.shipped'],
  secret: SECRET,
  ...extra,
});
async function registered(token = shop.token, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await register(valid(extra), token);
  expect(answer.status).toBe(200);
  return answer.body.id as string;
}

/** Every response text of a row, to look for the secret in. */
const everywhere = (answers: { body: unknown }[]) => answers.map((a) => JSON.stringify(a.body)).join('\n');

describe('POST /api/v1/webhooks/', () => {
  it('answers 200 with id, url, events, status active and createdAt, never the secret, stored encrypted', async () => {
    const answer = await register(valid());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: receiverUrl,
      events: ['purchase.completed', 'order.shipped'],
      status: 'active',
      createdAt: expect.stringMatching(/Z$/),
    });
    const [row] = await sql<{ secret_ciphertext: string; business_account_id: string }>(
      service,
      'select "secret_ciphertext", "business_account_id" from "webhook_endpoint" where "id" = ?',
      [answer.body.id],
    );
    expect(row!.business_account_id).toBe(shop.businessAccountId);
    expect(row!.secret_ciphertext).not.toContain(SECRET);
    expect(row!.secret_ciphertext.length).toBeGreaterThan(SECRET.length);
  });

  it.each([
    ['a missing url', { url: undefined }, '/url'],
    ['a relative url', { url: '/hooks' }, '/url'],
    ['a url with user info', { url: 'https://user:pw@example.test/hooks' }, '/url'],
    ['an ftp url', { url: 'ftp://example.test/hooks' }, '/url'],
    ['no events', { events: [] }, '/events'],
    ['events not strings', { events: [1] }, '/events/0'],
    ['an unknown event type', { events: ['purchase.completed', 'purchase.refunded'] }, '/events'],
    ['a short secret', { secret: 'short' }, '/secret'],
    ['a whsec_ secret of 15 bytes', { secret: `whsec_${randomBytes(15).toString('base64')}` }, '/secret'],
    ['a secret that is not a string', { secret: 42 }, '/secret'],
  ])('answers 400 naming the field by its JSON pointer for %s, and stores nothing', async (_label, extra, path) => {
    const before = await sql(service, 'select 1 from "webhook_endpoint" where "business_account_id" = ?', [
      other.businessAccountId,
    ]);
    const answer = await register(valid(extra), other.token);
    expect(answer.status).toBe(400);
    expect(answer.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ path }] });
    const after = await sql(service, 'select 1 from "webhook_endpoint" where "business_account_id" = ?', [
      other.businessAccountId,
    ]);
    expect(after).toHaveLength(before.length);
  });

  it('names every unknown event type in the 400', async () => {
    const answer = await register(valid({ events: ['purchase.refunded', 'checkin.recorded', 'coupon.expired'] }));
    const errors = answer.body.errors as { path: string; message: string }[];
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^unknown event types: purchase\.refunded, coupon\.expired \(known: /);
  });

  it('answers 403 insufficient_scope naming the types whose read scope the token lacks, and stores nothing', async () => {
    const infoOnly = await business(service, await registerApp(service, ['store.info.read']), ['store.info.read']);
    const answer = await register(
      valid({ events: ['purchase.completed', 'customer.updated', 'webhook.test'] }),
      infoOnly.token,
    );
    expect(answer.status).toBe(403);
    expect(answer.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      detail:
        'The token lacks the scope of these event types: purchase.completed (sales.read), customer.updated (store.customers.read).',
    });
    expect(answer.response.headers.get('www-authenticate')).toBe(
      'Bearer error="insufficient_scope", scope="sales.read store.customers.read"',
    );
    expect(
      await sql(service, 'select 1 from "webhook_endpoint" where "business_account_id" = ?', [
        infoOnly.businessAccountId,
      ]),
    ).toHaveLength(0);
    // The test call needs no scope: the same token may register it alone.
    expect((await register(valid({ events: ['webhook.test'] }), infoOnly.token)).status).toBe(200);
  });

  it('accepts a whsec_ secret of 16 to 64 bytes', async () => {
    expect((await register(valid({ secret: WHSEC }))).status).toBe(200);
  });

  it('answers 401 without a token, 403 for a user token and for the operator', async () => {
    expect((await register(valid(), null)).status).toBe(401);
    for (const token of [hanako.token, TEST_OPERATOR_TOKEN]) {
      const answer = await register(valid(), token);
      expect(answer).toMatchObject({ status: 403, body: { status: 403, code: 'business_token_required' } });
    }
  });

  it('refuses a 21st endpoint of a business with 409 webhook_endpoint_limit_reached', async () => {
    const full = await business(service, await registerApp(service, EVENT_SCOPES), EVENT_SCOPES);
    const answers = await Promise.all(Array.from({ length: 21 }, () => register(valid(), full.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 409, body: { code: 'webhook_endpoint_limit_reached' } });
    const [count] = await sql<{ n: number }>(
      service,
      'select count(*)::int as "n" from "webhook_endpoint" where "business_account_id" = ?',
      [full.businessAccountId],
    );
    expect(count!.n).toBe(20);
  });
});

describe('GET /api/v1/webhooks/ and /api/v1/webhooks/{id}', () => {
  it('lists the business’s own endpoints newest first and gets one, never with the secret', async () => {
    const mine = await business(service, await registerApp(service, EVENT_SCOPES), EVENT_SCOPES);
    const first = await registered(mine.token);
    const second = await registered(mine.token, { events: ['checkin.recorded'] });
    await registered(other.token);
    const list = await service.rest('GET', '/api/v1/webhooks/', mine.token);
    expect(list.status).toBe(200);
    const items = list.body.items as { id: string; events: string[]; status: string }[];
    expect(items.map((i) => i.id)).toEqual([second, first]);
    expect(items[0]).toMatchObject({ events: ['checkin.recorded'], status: 'active' });
    const one = await service.rest('GET', `/api/v1/webhooks/${first}`, mine.token);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: first,
      url: receiverUrl,
      events: ['purchase.completed', 'order.shipped'],
      status: 'active',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
      rotationOverlapEndsAt: null,
    });
    expect(everywhere([list, one])).not.toContain(SECRET);
  });

  it('answers 404 for another business’s endpoint, an unknown id and a malformed one', async () => {
    const theirs = await registered(other.token);
    for (const id of [theirs, randomUUID(), 'not-a-uuid']) {
      for (const [method, path] of [
        ['GET', `/api/v1/webhooks/${id}`],
        ['POST', `/api/v1/webhooks/test/${id}`],
        ['DELETE', `/api/v1/webhooks/${id}`],
      ] as const) {
        const answer = await service.rest(method, path, shop.token);
        expect(answer, `${method} ${path}`).toMatchObject({
          status: 404,
          body: { code: 'webhook_endpoint_not_found' },
        });
      }
    }
    expect((await service.rest('GET', `/api/v1/webhooks/${theirs}`, other.token)).status).toBe(200);
  });

  it('answers 401 without a token and 403 for a user token on every row', async () => {
    const id = await registered();
    for (const [method, path] of [
      ['GET', '/api/v1/webhooks/'],
      ['GET', `/api/v1/webhooks/${id}`],
      ['POST', `/api/v1/webhooks/test/${id}`],
      ['DELETE', `/api/v1/webhooks/${id}`],
    ] as const) {
      expect((await service.rest(method, path)).status, `${method} ${path}`).toBe(401);
      expect(await service.rest(method, path, hanako.token), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'business_token_required' },
      });
    }
    expect((await service.rest('GET', `/api/v1/webhooks/${id}`, shop.token)).status).toBe(200);
  });
});

describe('POST /api/v1/webhooks/test/{id}', () => {
  it('sends webhook.test now, signed so that standardwebhooks verifies it, and answers status and latency', async () => {
    for (const secret of [SECRET, WHSEC]) {
      const id = await registered(shop.token, { secret });
      received.length = 0;
      answerStatus = 204;
      const answer = await service.rest('POST', `/api/v1/webhooks/test/${id}`, shop.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: true, status: 204, error: null, responseExcerpt: '' });
      expect(answer.body.latencyMs).toEqual(expect.any(Number));
      const [hit, ...more] = received;
      expect(more).toEqual([]);
      const verifier = secret.startsWith('whsec_')
        ? new Webhook(secret)
        : new Webhook(Buffer.from(secret), { format: 'raw' });
      const event = verifier.verify(hit!.body, hit!.headers as Record<string, string>) as Record<string, unknown>;
      expect(event).toMatchObject({
        id: answer.body.eventId,
        type: 'webhook.test',
        businessAccountId: shop.businessAccountId,
        data: { endpointId: id },
      });
      expect(hit!.headers['webhook-id']).toBe(answer.body.eventId);
      expect(() =>
        new Webhook(Buffer.from('another-secret-another-secret'), { format: 'raw' }).verify(
          hit!.body,
          hit!.headers as Record<string, string>,
        ),
      ).toThrow();
      const attempts = await sql<{ trigger: string; event_type: string; response_status: number; delivery_id: null }>(
        service,
        'select "trigger", "event_type", "response_status", "delivery_id" from "webhook_attempt" where "endpoint_id" = ?',
        [id],
      );
      expect(attempts).toEqual([
        { trigger: 'test', event_type: 'webhook.test', response_status: 204, delivery_id: null },
      ]);
    }
  });

  it('answers 200 with ok false and the receiver’s status when the receiver fails', async () => {
    const id = await registered();
    answerStatus = 500;
    try {
      const answer = await service.rest('POST', `/api/v1/webhooks/test/${id}`, shop.token);
      expect(answer).toMatchObject({ status: 200, body: { ok: false, status: 500, responseExcerpt: 'nope' } });
    } finally {
      answerStatus = 204;
    }
  });

  it('answers 200 with error connection when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const id = await registered(shop.token, { url: `http://127.0.0.1:${port}/gone` });
    const answer = await service.rest('POST', `/api/v1/webhooks/test/${id}`, shop.token);
    expect(answer).toMatchObject({ status: 200, body: { ok: false, status: null, error: 'connection' } });
  });
});

describe('DELETE /api/v1/webhooks/{id}', () => {
  it('answers 204, the endpoint is gone, and so is its pending delivery', async () => {
    const id = await registered();
    const eventId = randomUUID();
    await sql(
      service,
      `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
       values (?, now(), now(), 'purchase.completed', ?, now(), '{}')`,
      [eventId, shop.businessAccountId],
    );
    const resent = await service.graphql<{ resendWebhookEvent: { status: string } }>(
      'mutation($e: ID!, $v: ID!) { resendWebhookEvent(endpointId: $e, eventId: $v) { status } }',
      { e: id, v: eventId },
      shop.token,
    );
    expect(resent.data?.resendWebhookEvent.status).toBe('pending');
    expect(await sql(service, 'select 1 from "webhook_delivery" where "endpoint_id" = ?', [id])).toHaveLength(1);

    const answer = await service.rest('DELETE', `/api/v1/webhooks/${id}`, shop.token);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
    expect(await sql(service, 'select 1 from "webhook_delivery" where "endpoint_id" = ?', [id])).toEqual([]);
    expect((await service.rest('GET', `/api/v1/webhooks/${id}`, shop.token)).status).toBe(404);
    expect((await service.rest('DELETE', `/api/v1/webhooks/${id}`, shop.token)).status).toBe(404);
  });
});
