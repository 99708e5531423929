/**
 * The graphql-ws server on a bare HTTP server with a stand-in token verifier: expiry, the periodic
 * re-check (once per distinct token), an outage while authenticating, other upgrade paths, and
 * shutdown closing the sockets (1001) so the HTTP listener can close.
 */
import express from 'express';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Authenticator, type AccessTokenVerifier } from '../../subgraphs/kernel/auth/authenticate.js';
import type { GrantPrincipal } from '../../subgraphs/kernel/auth/principal.js';
import { listenHttp, type HttpListener } from '../../subgraphs/kernel/http/app.js';
import { setLogLevel } from '../../subgraphs/kernel/logger.js';
import { EventHub, type EventStore } from './event-hub.js';
import {
  attachSubscriptions,
  connectionToken,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  type SubscriptionServer,
} from './server.js';
import { TestSubscriber, until } from './subscriptions.fixtures.js';

const BUSINESS = '01900000-0000-7000-8000-00000000000a';

const emptyStore: EventStore = {
  load: () => Promise.resolve(null),
  page: () => Promise.resolve([]),
  resumePoint: () => Promise.resolve(null),
  latestSeq: () => Promise.resolve(0n),
};

/** Tokens are whatever this map says; every verification is counted by token. */
class StandInVerifier implements AccessTokenVerifier {
  readonly principals = new Map<string, GrantPrincipal | 'outage'>();
  readonly calls = new Map<string, number>();
  verify(token: string): Promise<GrantPrincipal | null> {
    this.calls.set(token, (this.calls.get(token) ?? 0) + 1);
    const principal = this.principals.get(token);
    if (principal === 'outage') return Promise.reject(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }));
    return Promise.resolve(principal ?? null);
  }
}

function business(expiresInMs = 3_600_000): GrantPrincipal {
  return {
    kind: 'business',
    businessAccountId: BUSINESS,
    userId: 'u',
    clientId: 'c',
    grantId: 'g',
    scopes: new Set(),
    expiresAt: new Date(Date.now() + expiresInMs),
  };
}

let listener: HttpListener | undefined;
let server: SubscriptionServer | undefined;
const subscribers: TestSubscriber[] = [];

async function start(verifier: StandInVerifier, recheckMs = 60_000, production = false): Promise<string> {
  listener = await listenHttp(express(), 0, '127.0.0.1', { shutdownTimeoutMs: 2_000 });
  server = attachSubscriptions(listener.httpServer, {
    authenticator: new Authenticator('operator-token-for-this-test', verifier),
    hub: new EventHub(emptyStore),
    retentionDays: 30,
    production,
    recheckMs,
  });
  return listener.url;
}

function connect(url: string, token: string): TestSubscriber {
  const subscriber = new TestSubscriber(url, { authorization: `Bearer ${token}` });
  subscribers.push(subscriber);
  return subscriber;
}

// The outage cases log warnings by design.
beforeAll(() => setLogLevel('error'));

afterEach(async () => {
  await Promise.all(subscribers.splice(0).map((s) => s.dispose()));
  await server?.close();
  await listener?.close();
  server = listener = undefined;
});

describe('connectionToken', () => {
  it('reads authorization, Authorization and token, and nothing else', () => {
    expect(connectionToken({ authorization: 'Bearer abc' })).toBe('abc');
    expect(connectionToken({ Authorization: 'bearer abc' })).toBe('abc');
    expect(connectionToken({ token: 'abc' })).toBe('abc');
    expect(connectionToken({ token: 'Bearer abc' })).toBe('abc');
    for (const payload of [undefined, {}, { authorization: 'abc' }, { token: 'a b' }, { token: 7 }, { auth: 'x' }])
      expect(connectionToken(payload as Record<string, unknown> | undefined)).toBeUndefined();
  });
});

describe('attachSubscriptions', () => {
  it('closes a socket at its token expiry (4401)', async () => {
    const verifier = new StandInVerifier();
    verifier.principals.set('short', business(400));
    const url = await start(verifier);
    const subscriber = connect(url, 'short');
    await expect(subscriber.waitForClose(5_000)).resolves.toEqual({
      code: 4401,
      reason: 'Unauthorized: the token expired',
    });
    expect(subscriber.connected).toBe(true);
  });

  it('verifies each distinct token once per round and closes the sockets of one no longer valid', async () => {
    const verifier = new StandInVerifier();
    verifier.principals.set('shared', business());
    verifier.principals.set('other', business());
    const url = await start(verifier, 100);
    const shared = [connect(url, 'shared'), connect(url, 'shared'), connect(url, 'shared')];
    const other = connect(url, 'other');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect.poll(() => server!.connectionCount).toBe(4);
    const before = verifier.calls.get('shared')!;
    await new Promise((resolve) => setTimeout(resolve, 550));
    const rounds = verifier.calls.get('other')! - 1;
    expect(rounds).toBeGreaterThanOrEqual(2);
    // Three connections, one verification per round.
    expect(verifier.calls.get('shared')! - before).toBeLessThanOrEqual(rounds + 1);

    verifier.principals.delete('shared');
    for (const subscriber of shared) expect((await subscriber.waitForClose(5_000)).code).toBe(4401);
    expect(other.closed).toBeUndefined();
    expect(server!.connectionCount).toBe(1);
  });

  it('keeps sockets through an outage during the re-check, and answers 1013 to a connection during one', async () => {
    const verifier = new StandInVerifier();
    verifier.principals.set('token', business());
    const url = await start(verifier, 50);
    const kept = connect(url, 'token');
    await expect.poll(() => server!.connectionCount).toBe(1);
    verifier.principals.set('token', 'outage');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kept.closed).toBeUndefined();
    expect((await connect(url, 'token').waitForClose()).code).toBe(1013);
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per socket; one more is an error, the socket stays`, async () => {
    const verifier = new StandInVerifier();
    verifier.principals.set('token', business());
    const url = await start(verifier);
    const subscriber = connect(url, 'token');
    await expect.poll(() => subscriber.connected).toBe(true);
    const unsubscribes = Array.from({ length: MAX_SUBSCRIPTIONS_PER_CONNECTION }, () => subscriber.subscribe());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscriber.errors).toEqual([]);
    subscriber.subscribe();
    expect(await subscriber.waitForError()).toMatchObject({
      message: `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection; complete one first.`,
      extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
    });
    // Completing one makes room for another.
    unsubscribes[0]!();
    await new Promise((resolve) => setTimeout(resolve, 100));
    subscriber.subscribe();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscriber.errors).toHaveLength(1);
    expect(subscriber.closed).toBeUndefined();
  });

  it('names no schema field, argument or type in production (no "Did you mean")', async () => {
    const verifier = new StandInVerifier();
    verifier.principals.set('token', business());
    const url = await start(verifier, 60_000, true);
    const subscriber = connect(url, 'token');
    const misspelled = [
      'subscription { evnts { id } }',
      'subscription { events(typs: []) { id } }',
      'subscription($types: [Strng!]) { events(types: $types) { id } }',
    ];
    for (const query of misspelled) subscriber.subscribe({}, query);
    await until(() => subscriber.errors.length >= misspelled.length, 5_000, 'an error per document');
    expect(subscriber.errors.map((e) => e.message).sort()).toEqual([
      'Cannot query field "evnts" on type "Subscription".',
      'Unknown argument "typs" on field "Subscription.events".',
      'Unknown type "Strng".',
    ]);
    for (const error of subscriber.errors) expect(error.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(subscriber.closed).toBeUndefined();
  });

  it('refuses upgrades on other paths', async () => {
    const url = await start(new StandInVerifier());
    const socket = new WebSocket(`${url.replace('http', 'ws')}/elsewhere`, 'graphql-transport-ws');
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.on('error', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });

  it('closes every socket with 1001 on close, so the HTTP listener closes too', async () => {
    const verifier = new StandInVerifier();
    verifier.principals.set('token', business());
    const url = await start(verifier);
    const subscriber = connect(url, 'token');
    await expect.poll(() => server!.connectionCount).toBe(1);
    const started = Date.now();
    await Promise.all([server!.close(), listener!.close()]);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await subscriber.waitForClose()).code).toBe(1001);
  });
});
