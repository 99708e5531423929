/**
 * Failed client authentication is throttled per client id (issue 6, item 8): after 10 failures at
 * the token, refresh, verify or revoke endpoints, in either dialect, the client answers 429 with
 * Retry-After before its secret is checked; a success resets the count; concurrent failures are
 * counted exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { RACE_ROUNDS, releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { AppError } from '../../kernel/errors.js';
import {
  basic,
  postForm,
  postJson,
  registerApp,
  startOAuthService,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';
import { authenticateClientThrottled, CLIENT_AUTH_THROTTLE, clientKey } from './client-auth-throttle.js';

let service: TestService;
beforeAll(async () => {
  service = await startOAuthService();
});

const MAX = CLIENT_AUTH_THROTTLE.maxFailures;
const wrong = (app: App): App => ({ clientId: app.clientId, clientSecret: `${app.clientSecret}x` });

/** One client-authenticating request per endpoint and dialect, with the given credentials. */
const ATTEMPTS: Record<string, (app: App) => Promise<Response>> = {
  'token JSON': (app) =>
    postJson(service, '/api/v1/auth/token', { grantType: 'authorization_code', ...app, code: 'c', redirectUri: 'x' }),
  'token form (Basic)': (app) =>
    postForm(
      service,
      '/api/v1/auth/token',
      { grant_type: 'refresh_token', refresh_token: 'r' },
      { authorization: basic(app) },
    ),
  'token form (post)': (app) =>
    postForm(service, '/api/v1/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: 'r',
      client_id: app.clientId,
      client_secret: app.clientSecret,
    }),
  'refresh JSON': (app) => postJson(service, '/api/v1/auth/refresh', { refreshToken: 'r', ...app }),
  'verify form': (app) => postForm(service, '/api/v1/auth/verify', { token: 't' }, { authorization: basic(app) }),
  'revoke form': (app) =>
    postForm(service, '/api/v1/auth/revoke', { token: 't', client_id: app.clientId, client_secret: app.clientSecret }),
};
const attempts = Object.values(ATTEMPTS);

/** Status of a request whose client authentication fails (401 invalid_client while not locked). */
async function fail(app: App, i: number): Promise<number> {
  const response = await attempts[i % attempts.length]!(wrong(app));
  await response.body?.cancel();
  return response.status;
}

async function expectLocked(response: Response): Promise<void> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(CLIENT_AUTH_THROTTLE.lockSeconds);
  expect(body).toMatchObject({ error: 'temporarily_unavailable', code: 'rate_limited', status: 429 });
  expect(body.error_description).toMatch(/Try again in \d+ seconds/);
}

async function failuresOf(app: App): Promise<number> {
  const rows = await rootEntityManager(service.orm)
    .fork()
    .execute<{ failures: number }[]>('select "failures" from "sign_in_throttle" where "key" = ?', [
      clientKey(app.clientId).id,
    ]);
  return Number(rows[0]?.failures ?? 0);
}

describe('client authentication throttle', () => {
  it('locks a client after 10 failures across endpoints: 429 with Retry-After on every endpoint, even with the right secret', async () => {
    const app = await registerApp(service);
    const other = await registerApp(service);
    for (let i = 0; i < MAX; i++) expect(await fail(app, i)).toBe(401);
    for (const [name, attempt] of Object.entries(ATTEMPTS)) {
      const response = await attempt(app);
      await expectLocked(response).catch((error: unknown) => {
        throw new Error(`${name}: ${String(error)}`);
      });
    }
    // Another client is not affected.
    const revoked = await ATTEMPTS['revoke form']!(other);
    expect(revoked.status).toBe(200);
  });

  it('counts only until a success: a successful authentication resets the count', async () => {
    const app = await registerApp(service);
    for (let i = 0; i < MAX - 1; i++) expect(await fail(app, i)).toBe(401);
    expect(await failuresOf(app)).toBe(MAX - 1);
    expect((await ATTEMPTS['revoke form']!(app)).status).toBe(200);
    expect(await failuresOf(app)).toBe(0);
    for (let i = 0; i < MAX - 1; i++) expect(await fail(app, i)).toBe(401);
    expect((await ATTEMPTS['verify form']!(app)).status).toBe(200);
    expect(await fail(app, 0)).toBe(401);
  });

  it.skipIf(!hasPostgres('client authentication throttle race'))(
    'counts concurrent failures exactly and locks once the threshold is crossed (PostgreSQL: released together)',
    async () => {
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const app = await registerApp(service);
        const burst = 3 * MAX;
        // The service's pool has 10 connections: the rest of the burst queues for one, not for the lock.
        const released = await releasedTogether(
          service.env.databaseUrl!,
          'sign_in_throttle',
          Array.from({ length: burst }, (_, i) => () => fail(app, i)),
          { waiters: 10 },
        );
        expect(released.waiting, `round ${round}`).toBe(10);
        const statuses = valuesOf(released);
        const refused = statuses.filter((s) => s === 429).length;
        expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
        expect((await failuresOf(app)) + refused, `round ${round}`).toBe(burst);
        await expectLocked(await ATTEMPTS['token JSON']!(app));
      }
    },
  );

  it('lets the client in again once the lock has passed', async () => {
    const app = await registerApp(service);
    let now = new Date('2031-01-01T00:00:00Z');
    const clock = () => now;
    const em = () => rootEntityManager(service.orm).fork();
    for (let i = 0; i < MAX; i++)
      expect(await authenticateClientThrottled(em(), app.clientId, 'wrong', clock)).toBeNull();
    const locked = await authenticateClientThrottled(em(), app.clientId, app.clientSecret, clock).catch(
      (e: unknown) => e,
    );
    expect(locked).toBeInstanceOf(AppError);
    expect((locked as AppError).extensions).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: CLIENT_AUTH_THROTTLE.lockSeconds,
    });
    now = new Date(now.getTime() + CLIENT_AUTH_THROTTLE.lockSeconds * 1000);
    expect((await authenticateClientThrottled(em(), app.clientId, app.clientSecret, clock))?.clientId).toBe(
      app.clientId,
    );
  });
});
