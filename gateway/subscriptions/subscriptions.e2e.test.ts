/**
 * Live event subscriptions on the one-process service (PGlite, or PostgreSQL with DATABASE_URL):
 * graphql-ws on `/graphql` with a bearer token in connection_init, the business filter, the type
 * filter, refusals (no, invalid, user token), a revoked token disconnected, and resume after an
 * event id. The dispatcher is simulated (subscriptions.fixtures.ts publishEvent).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager, type EntityManager } from '../../subgraphs/kernel/db/orm.js';
import type { TestService } from '../../test/harness.js';
import { createUser, postJson, registerApp, startOAuthService, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { businessOwner } from '../../test/fixtures/stores.fixtures.js';
import { publishEvent, received, TestSubscriber, until } from './subscriptions.fixtures.js';

/** The read scopes of the types these tests publish (post.published, coupon.published). */
const SCOPES = ['store.info.read', 'sns.content.read', 'store.coupons.read'];

let service: TestService;
let em: EntityManager;
let businesses: { a: { id: string; token: string }; b: { id: string; token: string } };
let userToken: string;
const subscribers: TestSubscriber[] = [];

/** A connection with `params` as its connection_init payload; disposed after the test. */
function connect(params: Record<string, unknown> | undefined): TestSubscriber {
  const subscriber = new TestSubscriber(service.url, params);
  subscribers.push(subscriber);
  return subscriber;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  service = await startOAuthService();
  em = rootEntityManager(service.orm);
  const app = await registerApp(service, SCOPES);
  const [a, b] = [await businessOwner(service, app), await businessOwner(service, app)];
  businesses = {
    a: { id: a.businessAccountId, token: await a.token(SCOPES) },
    b: { id: b.businessAccountId, token: await b.token(SCOPES) },
  };
  userToken = (await tokensFor(service, await registerApp(service), await createUser(service))).accessToken;
}, 120_000);

afterEach(async () => {
  await Promise.all(subscribers.splice(0).map((s) => s.dispose()));
});

afterAll(async () => {
  await service?.close();
});

describe('graphql-ws subscriptions on /graphql', () => {
  it("delivers a published event to its business's subscriber, with the webhook's id and payload; another business gets nothing", async () => {
    // Resuming after a marker makes the test independent of when the server has registered the subscription.
    const [markerA, markerB] = [await publishEvent(em, businesses.a.id), await publishEvent(em, businesses.b.id)];
    const a = connect(bearer(businesses.a.token));
    const b = connect({ Authorization: `Bearer ${businesses.b.token}` });
    a.subscribe({ after: markerA.id });
    b.subscribe({ after: markerB.id });

    const event = await publishEvent(em, businesses.a.id, {
      type: 'coupon.published',
      data: { couponId: 'c-1', title: '10% オフ', nested: { amount: 100 } },
    });
    expect(await a.waitForEvents(1)).toEqual([received(event)]);

    // b's first event is its own, published after a's: a's event never reached it.
    const own = await publishEvent(em, businesses.b.id);
    expect(await b.waitForEvents(1)).toEqual([received(own)]);
    expect(a.events).toEqual([received(event)]);
  });

  it('keeps only the asked types, and refuses unknown types with a GraphQL error', async () => {
    const marker = await publishEvent(em, businesses.a.id);
    const filtered = connect({ token: businesses.a.token });
    filtered.subscribe({ after: marker.id, types: ['coupon.published'] });
    await publishEvent(em, businesses.a.id, { type: 'post.published' });
    const coupon = await publishEvent(em, businesses.a.id, { type: 'coupon.published' });
    expect(await filtered.waitForEvents(1)).toEqual([received(coupon)]);

    const unknown = connect(bearer(businesses.a.token));
    unknown.subscribe({ types: ['coupon.published', 'coupon.exploded'] });
    expect(await unknown.waitForError()).toMatchObject({
      message: 'Unknown event types: coupon.exploded.',
      extensions: { code: 'BAD_USER_INPUT', reason: 'unknown_event_type' },
    });
  });

  it('delivers a truncated notification with its data read from the outbox', async () => {
    const marker = await publishEvent(em, businesses.a.id);
    const subscriber = connect(bearer(businesses.a.token));
    subscriber.subscribe({ after: marker.id });
    const big = await publishEvent(em, businesses.a.id, { data: { text: 'x'.repeat(9_000) }, truncated: true });
    expect(await subscriber.waitForEvents(1)).toEqual([received(big)]);
  });

  it('closes with 4401 without a token or with an invalid one, and with 4403 for a user token', async () => {
    const none = connect(undefined);
    const empty = connect({ authorization: '' });
    const invalid = connect(bearer('not-a-token'));
    const notBearer = connect({ authorization: `Basic ${businesses.a.token}` });
    const user = connect(bearer(userToken));
    for (const refused of [none, empty, invalid, notBearer]) {
      expect(await refused.waitForClose()).toEqual({ code: 4401, reason: 'Unauthorized' });
    }
    expect(await user.waitForClose()).toEqual({ code: 4403, reason: 'Forbidden' });
    expect([none, empty, invalid, notBearer, user].some((s) => s.connected)).toBe(false);
  });

  it('disconnects a socket whose token is revoked (4401)', async () => {
    const app = await registerApp(service, SCOPES);
    const owner = await businessOwner(service, app);
    const token = await owner.token(SCOPES);
    const subscriber = connect(bearer(token));
    const marker = await publishEvent(em, owner.businessAccountId);
    subscriber.subscribe({ after: marker.id });
    const before = await publishEvent(em, owner.businessAccountId);
    await subscriber.waitForEvents(1);
    expect(subscriber.events).toEqual([received(before)]);

    const revoked = await postJson(service, '/api/v1/auth/revoke', { token });
    expect(revoked.status).toBe(200);
    const closed = await subscriber.waitForClose(15_000);
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/revoked/);
    expect(service.subscriptions.server.connectionCount).toBe(0);
  }, 30_000);
});

describe('events only within consent', () => {
  it("sends a subscription without types only its token's types, and refuses asking for others (FORBIDDEN)", async () => {
    const app = await registerApp(service, ['store.info.read']);
    const owner = await businessOwner(service, app);
    const infoOnly = await owner.token(['store.info.read']);
    const marker = await publishEvent(em, owner.businessAccountId);
    const all = connect(bearer(infoOnly));
    all.subscribe({ after: marker.id });
    await publishEvent(em, owner.businessAccountId, {
      type: 'survey.submitted',
      data: { responseId: 'r-1', answers: [{ questionId: 'q-1', text: '店員さんの名前は山田さん' }] },
    });
    await publishEvent(em, owner.businessAccountId, { type: 'purchase.completed' });
    // The test call needs no scope: it arrives, and everything published before it was passed over.
    const test = await publishEvent(em, owner.businessAccountId, { type: 'webhook.test' });
    expect(await all.waitForEvents(1)).toEqual([received(test)]);

    const asked = connect(bearer(infoOnly));
    asked.subscribe({ types: ['webhook.test', 'survey.submitted', 'customer.updated'] });
    expect(await asked.waitForError()).toMatchObject({
      message:
        'The token lacks the scope of these event types: survey.submitted (store.campaigns.read), customer.updated (store.customers.read).',
      extensions: {
        code: 'FORBIDDEN',
        reason: 'insufficient_scope',
        scope: 'store.campaigns.read store.customers.read',
        types: ['survey.submitted', 'customer.updated'],
      },
    });
    expect(asked.events).toEqual([]);
  });
});

describe('resume after an event id', () => {
  it('replays the events published after it in order, then continues live with no gap and no duplicate', async () => {
    const first = await publishEvent(em, businesses.a.id);
    // Published while the client was away (no notification reaches anyone).
    const missed = [
      await publishEvent(em, businesses.a.id, { notify: false }),
      await publishEvent(em, businesses.b.id, { notify: false }),
      await publishEvent(em, businesses.a.id, { type: 'coupon.published', notify: false }),
    ];
    const subscriber = connect(bearer(businesses.a.token));
    subscriber.subscribe({ after: first.id });
    // Published while the subscription replays or right after: delivered once, in order.
    const live = [await publishEvent(em, businesses.a.id), await publishEvent(em, businesses.a.id)];
    const expected = [missed[0]!, missed[2]!, ...live].map(received);
    expect(await subscriber.waitForEvents(4)).toEqual(expected);
    const later = await publishEvent(em, businesses.a.id);
    await until(() => subscriber.events.length >= 5);
    expect(subscriber.events).toEqual([...expected, received(later)]);
  });

  it('replays more than one page of missed events', async () => {
    const first = await publishEvent(em, businesses.b.id);
    const missed = [];
    for (let i = 0; i < 230; i += 1) missed.push(await publishEvent(em, businesses.b.id, { notify: false }));
    const subscriber = connect(bearer(businesses.b.token));
    subscriber.subscribe({ after: first.id });
    expect(await subscriber.waitForEvents(230, 20_000)).toEqual(missed.map(received));
  }, 60_000);

  it("refuses an unknown id, another business's event and an event older than EVENT_RETENTION_DAYS", async () => {
    const other = await publishEvent(em, businesses.b.id);
    const old = await publishEvent(em, businesses.a.id, {
      publishedAt: new Date(Date.now() - (service.env.events.retentionDays + 1) * 86_400_000),
      notify: false,
    });
    const cases = [
      ['01900000-0000-7000-8000-00000000dead', 'resume_point_unknown'],
      ['not-a-uuid', 'resume_point_unknown'],
      [other.id, 'resume_point_unknown'],
      [old.id, 'resume_point_expired'],
    ] as const;
    for (const [after, reason] of cases) {
      const subscriber = connect(bearer(businesses.a.token));
      subscriber.subscribe({ after });
      expect(await subscriber.waitForError(), after).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', reason },
      });
    }
  });
});
