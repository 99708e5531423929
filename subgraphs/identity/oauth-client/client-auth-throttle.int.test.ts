/**
 * Client authentication and its throttle against PostgreSQL: secrets compared by digest, unknown and
 * over-long ids refused; 10 failures within 15 minutes lock a client id for 5 minutes, before its secret
 * is even checked, and a success clears the count.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase, type MigratedDatabase } from '../../../test/fixtures/migrated-database.js';
import { storeApp, type TestApp } from '../oauth/oauth-int.fixtures.js';
import { SignInThrottler } from '../user/sign-in-throttle.js';
import { authenticateClientThrottled, CLIENT_AUTH_THROTTLE, clientKey } from './client-auth-throttle.js';
import { authenticateClient, findClient, isRegisteredRedirectUri, secretDigest } from './client-credentials.js';

let db: MigratedDatabase;
let now: Date;

beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(() => db?.close());

const attempt = (app: TestApp, secret: string) =>
  authenticateClientThrottled(db.em(), app.clientId, secret, () => now).then(
    (client) => client?.clientId ?? null,
    (error: { message: string; extensions: Record<string, unknown> }) => ({
      message: error.message,
      ...error.extensions,
    }),
  );

describe('authenticateClient', () => {
  it('finds the client by its secret only', async () => {
    const app = await storeApp(db);
    expect((await authenticateClient(db.em(), app.clientId, app.clientSecret))?.clientId).toBe(app.clientId);
    expect(await authenticateClient(db.em(), app.clientId, `${app.clientSecret}x`)).toBeNull();
    expect(await authenticateClient(db.em(), app.clientId, '')).toBeNull();
    expect(await authenticateClient(db.em(), 'rmp_unknown', app.clientSecret)).toBeNull();
    expect(await authenticateClient(db.em(), '', '')).toBeNull();
    expect(secretDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('looks up ids of 1 to 64 characters only', async () => {
    const app = await storeApp(db);
    expect((await findClient(db.em(), app.clientId))?.clientId).toBe(app.clientId);
    expect(await findClient(db.em(), '')).toBeNull();
    expect(await findClient(db.em(), 'x'.repeat(65))).toBeNull();
    expect(await authenticateClient(db.em(), 'x'.repeat(65), app.clientSecret)).toBeNull();
    const longest = `rmp_${'y'.repeat(48)}${randomBytes(6).toString('hex')}`;
    await db.em().execute('update "oauth_client" set "client_id" = ? where "id" = ?', [longest, app.client.id]);
    expect((await findClient(db.em(), longest))?.id).toBe(app.client.id);
    expect((await authenticateClient(db.em(), longest, app.clientSecret))?.id).toBe(app.client.id);
  });

  it('matches redirect URIs character for character', async () => {
    const app = await storeApp(db);
    expect(isRegisteredRedirectUri(app.client, 'https://app.example.test/callback')).toBe(true);
    expect(isRegisteredRedirectUri(app.client, 'https://app.example.test/callback/')).toBe(false);
    expect(isRegisteredRedirectUri(app.client, 'https://APP.example.test/callback')).toBe(false);
  });
});

describe('authenticateClientThrottled', () => {
  it('locks a client id for 5 minutes at the 10th failure within 15 minutes, even for the right secret', async () => {
    now = new Date('2030-07-01T00:00:00Z');
    const app = await storeApp(db);
    for (let i = 0; i < 9; i++) expect(await attempt(app, 'wrong')).toBeNull();
    expect(await attempt(app, 'wrong')).toBeNull();
    expect(await attempt(app, app.clientSecret)).toEqual({
      message: 'Too many failed authentications of this client. Try again in 300 seconds.',
      code: 'RATE_LIMITED',
      reason: 'rate_limited',
      retryAfter: 300,
    });
    now = new Date(now.getTime() + 299_000);
    expect(await attempt(app, app.clientSecret)).toMatchObject({ retryAfter: 1 });
    now = new Date(now.getTime() + 1000);
    expect(await attempt(app, app.clientSecret)).toBe(app.clientId);
  });

  it('clears the count on success, so failures start over', async () => {
    now = new Date('2030-07-02T00:00:00Z');
    const app = await storeApp(db);
    for (let i = 0; i < 9; i++) await attempt(app, 'wrong');
    expect(await attempt(app, app.clientSecret)).toBe(app.clientId);
    for (let i = 0; i < 9; i++) expect(await attempt(app, 'wrong')).toBeNull();
    expect(await attempt(app, app.clientSecret)).toBe(app.clientId);
    const failures = await new SignInThrottler(db.em(), () => now).recordFailure(clientKey(app.clientId));
    expect(failures.failures).toBe(1);
  });

  it('counts per client id, hashed', async () => {
    now = new Date('2030-07-03T00:00:00Z');
    const [a, b] = [await storeApp(db), await storeApp(db)];
    for (let i = 0; i < 10; i++) await attempt(a, 'wrong');
    expect(await attempt(b, b.clientSecret)).toBe(b.clientId);
    expect(clientKey('rmp_x').id).toMatch(/^client:[A-Za-z0-9_-]{43}$/);
    expect(clientKey('rmp_x').id).not.toContain('rmp_x');
    expect(clientKey('rmp_x').policy).toBe(CLIENT_AUTH_THROTTLE);
    expect(CLIENT_AUTH_THROTTLE).toMatchObject({ maxFailures: 10, windowSeconds: 900, lockSeconds: 300 });
  });
});
