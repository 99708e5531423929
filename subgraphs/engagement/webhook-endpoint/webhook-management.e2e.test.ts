/**
 * Webhook management over GraphQL and the operator CLI, against a one-process service and a local
 * receiver on a random port: secret rotation with its overlap window (two signatures, each verified by
 * `standardwebhooks`), re-enabling a disabled endpoint, the attempt log as a connection (newest first,
 * cursors), re-sending an event (reset or created, only the business's own kept events), who may call
 * (user tokens refused, another business's endpoint not found), and `webhook:rotate-secret` and
 * `webhook:deliveries`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import {
  business,
  consumer,
  failure,
  sql,
  type Business,
  type Consumer,
} from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { runOps } from '../../../test/ops-runner.js';

const OLD_SECRET = 'the-first-secret-of-this-endpoint';
const NEW_SECRET = 'the-second-secret-of-this-endpoint';
/** The business tokens' scopes: sales.read is the read scope of purchase.completed, the type registered here. */
const SCOPES = ['store.products.read', 'sales.read'];

let service: TestService;
let shop: Business;
let other: Business;
let hanako: Consumer;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  service = await startOAuthService();
  const app = await registerApp(service, SCOPES);
  shop = await business(service, app, SCOPES);
  other = await business(service, app, SCOPES);
  hanako = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

type Data = Record<string, Record<string, unknown>>;
const gql = (query: string, variables: Record<string, unknown>, token = shop.token) =>
  service.graphql<Data>(query, variables, token);

async function endpoint(token = shop.token, secret = OLD_SECRET): Promise<string> {
  const result = await gql(
    'mutation($input: RegisterWebhookEndpointInput!) { registerWebhookEndpoint(input: $input) { id } }',
    { input: { url: receiverUrl, events: ['purchase.completed'], secret } },
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.registerWebhookEndpoint!.id as string;
}

const rotate = (id: string, secret: string, overlapSeconds?: number, token = shop.token) =>
  gql(
    'mutation($id: ID!, $s: String!, $o: Int) { rotateWebhookEndpointSecret(id: $id, secret: $s, overlapSeconds: $o) { id rotationOverlapEndsAt } }',
    { id, s: secret, o: overlapSeconds },
    token,
  );

const testCall = async (id: string, token = shop.token) => {
  received.length = 0;
  const result = await gql('mutation($id: ID!) { testWebhookEndpoint(id: $id) { ok eventId } }', { id }, token);
  expect(result.errors).toBeUndefined();
  return received[0]!;
};

const verifies = (secret: string, hit: { headers: IncomingMessage['headers']; body: string }) => {
  try {
    new Webhook(Buffer.from(secret), { format: 'raw' }).verify(hit.body, hit.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

async function event(businessAccountId: string): Promise<string> {
  const id = randomUUID();
  await sql(
    service,
    `insert into "outbox_event" ("id", "created_at", "updated_at", "type", "business_account_id", "occurred_at", "payload")
     values (?, now(), now(), 'purchase.completed', ?, now(), '{"total": 100}')`,
    [id, businessAccountId],
  );
  return id;
}

const resend = (endpointId: string, eventId: string, token = shop.token) =>
  gql(
    'mutation($e: ID!, $v: ID!) { resendWebhookEvent(endpointId: $e, eventId: $v) { id eventId endpointId status attempts nextAttemptAt } }',
    { e: endpointId, v: eventId },
    token,
  );

describe('rotateWebhookEndpointSecret', () => {
  it('signs with both secrets during the overlap (24 h by default), then with the new one only', async () => {
    const id = await endpoint();
    expect(verifies(OLD_SECRET, await testCall(id))).toBe(true);

    const before = Date.now();
    const rotated = await rotate(id, NEW_SECRET);
    expect(rotated.errors).toBeUndefined();
    const until = new Date(rotated.data!.rotateWebhookEndpointSecret!.rotationOverlapEndsAt as string).getTime();
    expect(until - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 1000);
    expect(until - before).toBeLessThan(24 * 3600 * 1000 + 60_000);

    const during = await testCall(id);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(NEW_SECRET, during)).toBe(true);
    expect(verifies(OLD_SECRET, during)).toBe(true);

    // The overlap ends: only the new secret signs.
    await sql(
      service,
      `update "webhook_endpoint" set "previous_secret_expires_at" = now() - interval '1 second' where "id" = ?`,
      [id],
    );
    const after = await testCall(id);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(NEW_SECRET, after)).toBe(true);
    expect(verifies(OLD_SECRET, after)).toBe(false);
  });

  it('with overlap 0 drops the old secret at once; never returns a secret', async () => {
    const id = await endpoint();
    const rotated = await rotate(id, NEW_SECRET, 0);
    expect(rotated.data!.rotateWebhookEndpointSecret).toEqual({ id, rotationOverlapEndsAt: null });
    const hit = await testCall(id);
    expect(verifies(NEW_SECRET, hit)).toBe(true);
    expect(verifies(OLD_SECRET, hit)).toBe(false);
    expect(JSON.stringify(rotated)).not.toContain(NEW_SECRET);
  });

  it('refuses an overlap above 7 days or below 0 and a bad secret, changing nothing', async () => {
    const id = await endpoint();
    for (const [secret, overlap, path] of [
      [NEW_SECRET, 7 * 24 * 3600 + 1, 'overlapSeconds'],
      [NEW_SECRET, -1, 'overlapSeconds'],
      ['short', 60, 'secret'],
    ] as const) {
      const result = await rotate(id, secret, overlap);
      expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path }] });
    }
    expect((await rotate(id, NEW_SECRET, 7 * 24 * 3600)).errors).toBeUndefined();
    expect(verifies(OLD_SECRET, await testCall(id))).toBe(true);
  });
});

describe('enableWebhookEndpoint', () => {
  it('sets a disabled endpoint back to active and clears its failure record', async () => {
    const id = await endpoint();
    await sql(
      service,
      `update "webhook_endpoint" set "status" = 'disabled', "disabled_at" = now(), "disabled_reason" = 'gone',
         "failing_since" = now() - interval '1 day' where "id" = ?`,
      [id],
    );
    const shown = await gql('query($id: ID!) { webhookEndpoint(id: $id) { status disabledReason disabledAt } }', {
      id,
    });
    expect(shown.data!.webhookEndpoint).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    const enabled = await gql(
      'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { status disabledAt disabledReason failingSince } }',
      { id },
    );
    expect(enabled.data!.enableWebhookEndpoint).toEqual({
      status: 'active',
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    });
  });
});

describe('events only within consent', () => {
  it('refuses registering types whose read scope the token lacks: FORBIDDEN insufficient_scope naming them', async () => {
    const infoOnly = await business(service, await registerApp(service, ['store.info.read']), ['store.info.read']);
    const result = await gql(
      'mutation($input: RegisterWebhookEndpointInput!) { registerWebhookEndpoint(input: $input) { id } }',
      { input: { url: receiverUrl, events: ['purchase.completed', 'customer.updated'], secret: OLD_SECRET } },
      infoOnly.token,
    );
    expect(result.errors?.[0]).toMatchObject({
      message:
        'The token lacks the scope of these event types: purchase.completed (sales.read), customer.updated (store.customers.read).',
      extensions: {
        code: 'FORBIDDEN',
        reason: 'insufficient_scope',
        scope: 'sales.read store.customers.read',
        types: ['purchase.completed', 'customer.updated'],
      },
    });
    expect(
      await sql(service, 'select 1 from "webhook_endpoint" where "business_account_id" = ?', [
        infoOnly.businessAccountId,
      ]),
    ).toEqual([]);
  });

  it('keeps an endpoint disabled while its app has no live grant for the business (CONFLICT webhook_app_access_ended)', async () => {
    const mine = await business(service, await registerApp(service, SCOPES), SCOPES);
    const id = await endpoint(mine.token);
    await sql(service, `update "oauth_grant" set "revoked_at" = now() where "business_account_id" = ?`, [
      mine.businessAccountId,
    ]);
    await sql(
      service,
      `update "webhook_endpoint" set "status" = 'disabled', "disabled_reason" = 'app_access_ended' where "id" = ?`,
      [id],
    );
    const enabled = await gql(
      'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { status } }',
      { id },
      TEST_OPERATOR_TOKEN,
    );
    expect(failure(enabled)).toMatchObject({ code: 'CONFLICT', reason: 'webhook_app_access_ended' });
    const [row] = await sql<{ status: string }>(service, 'select "status" from "webhook_endpoint" where "id" = ?', [
      id,
    ]);
    expect(row).toEqual({ status: 'disabled' });
  });
});

describe('webhookAttempts', () => {
  it('pages the attempts newest first with cursors, of one endpoint or of the whole business', async () => {
    const mine = await business(service, await registerApp(service, SCOPES), SCOPES);
    const a = await endpoint(mine.token);
    const b = await endpoint(mine.token);
    const events: string[] = [];
    for (const id of [a, b, a]) {
      const result = await gql('mutation($id: ID!) { testWebhookEndpoint(id: $id) { eventId } }', { id }, mine.token);
      events.push(result.data!.testWebhookEndpoint!.eventId as string);
    }
    const page = (variables: Record<string, unknown>) =>
      gql(
        `query($e: ID, $first: Int, $after: String) { webhookAttempts(endpointId: $e, first: $first, after: $after) {
          edges { cursor node { eventId endpointId trigger attempt eventType responseStatus } } pageInfo { hasNextPage endCursor } } }`,
        variables,
        mine.token,
      );
    const all = await page({});
    const edges = all.data!.webhookAttempts!.edges as { cursor: string; node: Record<string, unknown> }[];
    expect(edges.map((e) => e.node.eventId)).toEqual([...events].reverse());
    expect(edges[0]!.node).toMatchObject({
      trigger: 'test',
      attempt: 1,
      eventType: 'webhook.test',
      responseStatus: 200,
    });

    const first = await page({ e: a, first: 1 });
    const firstPage = first.data!.webhookAttempts as {
      edges: { node: { eventId: string } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    expect(firstPage.edges.map((e) => e.node.eventId)).toEqual([events[2]]);
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const second = await page({ e: a, first: 1, after: firstPage.pageInfo.endCursor });
    const secondPage = second.data!.webhookAttempts as typeof firstPage;
    expect(secondPage.edges.map((e) => e.node.eventId)).toEqual([events[0]]);
    expect(secondPage.pageInfo.hasNextPage).toBe(false);

    expect(failure(await page({ after: 'not-a-cursor' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'after' }],
    });
    expect(failure(await page({ first: 0 }))).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'first' }] });
    // Another business sees none of them (a fresh one: the running dispatcher delivers other tests' events to `other`).
    const stranger = await business(service, await registerApp(service, ['store.products.read']), [
      'store.products.read',
    ]);
    const theirs = await gql(
      'query($e: ID) { webhookAttempts(endpointId: $e) { nodes { id } } }',
      { e: a },
      stranger.token,
    );
    expect(failure(theirs)).toMatchObject({ code: 'NOT_FOUND', reason: 'webhook_endpoint_not_found' });
    const own = await gql('query { webhookAttempts { nodes { id } } }', {}, stranger.token);
    expect(own.data!.webhookAttempts!.nodes).toEqual([]);
  });
});

/** Waits until the endpoint's attempt log holds `count` attempts with trigger manual (and no more). */
async function manualAttempts(endpointId: string, count: number): Promise<void> {
  const manual = async () =>
    Number(
      (
        await sql<{ n: string }>(
          service,
          `select count(*) as "n" from "webhook_attempt" where "endpoint_id" = ? and "trigger" = 'manual'`,
          [endpointId],
        )
      )[0]!.n,
    );
  const deadline = Date.now() + 10_000;
  while ((await manual()) < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await manual()).toBe(count);
}

describe('resendWebhookEvent', () => {
  it('creates a pending delivery due now, or resets an existing one with a fresh schedule', async () => {
    const id = await endpoint();
    const eventId = await event(shop.businessAccountId);
    const created = await resend(id, eventId);
    expect(created.errors).toBeUndefined();
    expect(created.data!.resendWebhookEvent).toMatchObject({ eventId, endpointId: id, status: 'pending', attempts: 0 });
    // Its next attempt is a manual one. The service's dispatcher runs meanwhile and may claim the
    // delivery at once (the claim resets next_trigger), so the test waits for the attempt it records.
    await manualAttempts(id, 1);
    await sql(
      service,
      `update "webhook_delivery" set "status" = 'failed', "attempts" = 8, "next_attempt_at" = now() + interval '1 day',
         "next_trigger" = 'scheduled'
       where "endpoint_id" = ?`,
      [id],
    );
    const reset = await resend(id, eventId);
    expect(reset.data!.resendWebhookEvent).toMatchObject({
      id: created.data!.resendWebhookEvent!.id,
      status: 'pending',
      attempts: 0,
    });
    expect(new Date(reset.data!.resendWebhookEvent!.nextAttemptAt as string).getTime()).toBeLessThanOrEqual(
      Date.now() + 1000,
    );
    await manualAttempts(id, 2);
    expect(await sql(service, 'select 1 from "webhook_delivery" where "endpoint_id" = ?', [id])).toHaveLength(1);
  });

  it('refuses an event of another business, an unknown event, and a disabled endpoint', async () => {
    const id = await endpoint();
    for (const eventId of [await event(other.businessAccountId), randomUUID(), 'nope']) {
      expect(failure(await resend(id, eventId))).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'webhook_event_not_found',
      });
    }
    const theirEndpoint = await endpoint(other.token);
    expect(failure(await resend(theirEndpoint, await event(other.businessAccountId)))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'webhook_endpoint_not_found',
    });
    await sql(service, `update "webhook_endpoint" set "status" = 'disabled' where "id" = ?`, [id]);
    expect(failure(await resend(id, await event(shop.businessAccountId)))).toMatchObject({
      code: 'CONFLICT',
      reason: 'webhook_endpoint_disabled',
    });
    expect(await sql(service, 'select 1 from "webhook_delivery" where "endpoint_id" = ?', [id])).toEqual([]);
  });
});

describe('who may manage webhooks', () => {
  it('refuses a user token with business_token_required, and finds no other business’s endpoint', async () => {
    const id = await endpoint();
    for (const [query, variables] of [
      ['query { webhookEndpoints { id } }', {}],
      ['query($id: ID!) { webhookEndpoint(id: $id) { id } }', { id }],
      ['mutation($id: ID!) { enableWebhookEndpoint(id: $id) { id } }', { id }],
      [
        'mutation($i: RegisterWebhookEndpointInput!) { registerWebhookEndpoint(input: $i) { id } }',
        { i: { url: receiverUrl, events: ['purchase.completed'], secret: OLD_SECRET } },
      ],
    ] as const) {
      expect(failure(await gql(query, variables, hanako.token)), query).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'business_token_required',
      });
    }
    for (const query of [
      'query($id: ID!) { webhookEndpoint(id: $id) { id } }',
      'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { id } }',
      'mutation($id: ID!) { testWebhookEndpoint(id: $id) { ok } }',
      'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }',
    ]) {
      expect(failure(await gql(query, { id }, other.token)), query).toMatchObject({
        code: 'NOT_FOUND',
        reason: 'webhook_endpoint_not_found',
      });
    }
    expect(failure(await rotate(id, NEW_SECRET, 60, other.token))).toMatchObject({ code: 'NOT_FOUND' });
    const listed = await gql('query { webhookEndpoints { id } }', {}, other.token);
    expect((listed.data!.webhookEndpoints as unknown as { id: string }[]).map((e) => e.id)).not.toContain(id);
  });
});

describe('npm run ops -- webhook:rotate-secret and webhook:deliveries', () => {
  const connection = () => ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];

  it('webhook:rotate-secret rotates with the overlap given and prints no secret', async () => {
    const id = await endpoint();
    const run = await runOps([
      'webhook:rotate-secret',
      '--endpoint',
      id,
      '--secret',
      NEW_SECRET,
      '--overlap-seconds',
      '3600',
      ...connection(),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { endpointId: string; rotationOverlapEndsAt: string };
    expect(printed.endpointId).toBe(id);
    const until = new Date(printed.rotationOverlapEndsAt).getTime() - Date.now();
    expect(until).toBeGreaterThan(3500 * 1000);
    expect(until).toBeLessThanOrEqual(3600 * 1000);
    expect(run.stdout).not.toContain(NEW_SECRET);
    const hit = await testCall(id);
    expect(verifies(NEW_SECRET, hit) && verifies(OLD_SECRET, hit)).toBe(true);

    const bad = await runOps([
      'webhook:rotate-secret',
      '--endpoint',
      id,
      '--secret',
      NEW_SECRET,
      '--overlap-seconds',
      'soon',
      ...connection(),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/overlap-seconds/);
  });

  it('webhook:deliveries lists the business’s recent attempts, newest first, up to --limit', async () => {
    const mine = await business(service, await registerApp(service, SCOPES), SCOPES);
    const id = await endpoint(mine.token);
    const events: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await gql('mutation($id: ID!) { testWebhookEndpoint(id: $id) { eventId } }', { id }, mine.token);
      events.push(result.data!.testWebhookEndpoint!.eventId as string);
    }
    const run = await runOps([
      'webhook:deliveries',
      '--business',
      mine.businessAccountId,
      '--limit',
      '2',
      ...connection(),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { attempts: Record<string, unknown>[]; more: boolean };
    expect(printed.attempts.map((a) => a.eventId)).toEqual([events[2], events[1]]);
    expect(printed.attempts[0]).toMatchObject({ endpointId: id, trigger: 'test', responseStatus: 200, error: null });
    expect(printed.more).toBe(true);
  });
});
