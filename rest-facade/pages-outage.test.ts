/**
 * The server-rendered pages (OAuth, receipts, dashboard) answer a database outage thrown outside
 * GraphQL with a 503 page and Retry-After, reported once per outage; any other error stays a 500.
 * Each router runs on an executor that throws what it is given, as a failed read on a pool would.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseOutage } from '../subgraphs/kernel/db/outage.js';
import { setSession } from './dashboard/cookies.js';
import { createDashboardRouter } from './dashboard/router.js';
import type { GraphQLExecutor } from './kernel/executor.js';
import { requestIdMiddleware } from './kernel/http.js';
import { createOAuthPagesRouter } from './oauth/pages/router.js';
import { createReceiptPagesRouter } from './receipts/pages/router.js';

const OUTAGE = Object.assign(new Error('database "shop" is not currently accepting connections'), {
  code: '57P03',
});
const BUG = new TypeError('cannot read properties of undefined');

/** What the executor throws on its next call. */
let thrown: Error = OUTAGE;
const executor: GraphQLExecutor = { execute: () => Promise.reject(thrown) };
const cookieKey = randomBytes(32);
let server: ReturnType<express.Express['listen']>;
let base: string;
let sessionCookie: string;

beforeAll(async () => {
  const app = express();
  app.use(requestIdMiddleware);
  app.get('/test-session', (_req, res) => {
    const expiresAt = Date.now() + 3_600_000;
    setSession(res, cookieKey, { accessToken: 'a', refreshToken: 'r', accessExpiresAt: expiresAt, expiresAt }, false);
    res.end();
  });
  app.use('/oauth', createOAuthPagesRouter({ executor, secureCookies: false }));
  const publicUrl = 'http://127.0.0.1';
  app.use(
    '/receipts',
    createReceiptPagesRouter({ executor, publicUrl, secureCookies: false, cookieKey, client: undefined }),
  );
  const client = { clientId: 'rmp_dashboard', clientSecret: 'secret' };
  const dashboard = { executor, publicUrl, secureCookies: false, cookieKey, client, gatewayPublicUrl: undefined };
  app.use('/dashboard', createDashboardRouter({ ...dashboard, eventTypes: [] }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sessionCookie = (await fetch(`${base}/test-session`)).headers.get('set-cookie')?.split(';')[0] ?? '';
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET page of each router that runs an operation (the dashboard's with a signed-in session). */
const PAGES: readonly (readonly [string, string])[] = [
  ['oauth', '/oauth/authorize?client_id=rmp_demo_consumer_app&response_type=code&state=s'],
  ['receipts', '/receipts/terminal/TERM-0001'],
  ['dashboard', '/dashboard/'],
];

const get = (path: string): Promise<Response> =>
  fetch(`${base}${path}`, { headers: { accept: 'text/html', cookie: sessionCookie }, redirect: 'manual' });

describe('page error handlers', () => {
  it.each(PAGES)('%s: a database outage is a 503 page with Retry-After', async (_name, path) => {
    thrown = OUTAGE;
    const failed = vi.spyOn(databaseOutage, 'failed').mockImplementation(() => undefined);
    const response = await get(path);
    // Reported to the outage log (one line per outage), not logged as an unexpected error.
    expect(failed).toHaveBeenCalledTimes(1);
    failed.mockRestore();
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await response.text();
    expect(body).toContain('database_unavailable');
    expect(body).not.toMatch(/accepting connections|57P03/);
  });

  it.each(PAGES)('%s: any other error stays a 500 without Retry-After', async (_name, path) => {
    thrown = BUG;
    const response = await get(path);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
  });
});
