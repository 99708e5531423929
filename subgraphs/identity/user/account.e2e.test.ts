/**
 * PUT /api/v1/user/password and DELETE /api/v1/user/account through the facade with real tokens:
 * every 400 cause with its field errors, 401 with the RFC 6750 challenge, 403 for a business token,
 * the revocation of the user's other grants, and what a deletion erases in the database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { ANONYMOUS } from '../../kernel/auth/principal.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import {
  createBusiness,
  createUser,
  postJson,
  registerApp,
  startOAuthService,
  tokensFor,
  USER_PASSWORD,
  viewer,
  type App,
} from '../../../test/fixtures/oauth.fixtures.js';
import { findLiveSession, startSession } from '../authorization/browser-session.store.js';
import { accountKey } from './sign-in-throttle.js';
import { User } from './user.entity.js';
import { UserService } from './user.service.js';

const NEW_PASSWORD = 'a lantern glows by the harbour';

let service: TestService;
let app: App;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service);
});

const em = () => rootEntityManager(service.orm).fork();
const users = () => new UserService({ requestId: 'test', principal: ANONYMOUS, em: em(), env: service.env });

const rest = (method: string, path: string, token?: string, body?: unknown) => service.rest(method, path, token, body);

async function registeredUser(): Promise<{ id: string; email: string }> {
  const email = `acct-${uuidv7().slice(-12)}@example.test`;
  return { id: await createUser(service, email), email };
}

describe.each([
  ['PUT', '/api/v1/user/password', { currentPassword: USER_PASSWORD, newPassword: NEW_PASSWORD }],
  ['DELETE', '/api/v1/user/account', { confirm: true, password: USER_PASSWORD }],
])('%s %s authentication', (method, path, body) => {
  it('answers 401 with `WWW-Authenticate: Bearer` without a token', async () => {
    const { response, body: problem } = await rest(method, path, undefined, body);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem).toMatchObject({ status: 401, code: 'unauthenticated', instance: path });
  });

  it('answers 401 invalid_token for a bad token', async () => {
    const { response, body: problem } = await rest(method, path, 'not.a.token', body);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(problem).toMatchObject({ code: 'invalid_token' });
  });

  it('answers 403 to a business token (not a consumer)', async () => {
    const owner = await registeredUser();
    const businessApp = await registerApp(service, ['store.products.read']);
    const businessAccountId = await createBusiness(service, owner.email);
    const { accessToken } = await tokensFor(service, businessApp, owner.id, {
      scopes: ['store.products.read'],
      businessAccountId,
    });
    expect((await rest(method, path, accessToken, body)).status).toBe(403);
  });
});

describe('PUT /api/v1/user/password', () => {
  it.each([
    ['an empty body', {}, 'validation_failed', ['/currentPassword', '/newPassword']],
    ['a number', { currentPassword: 42, newPassword: NEW_PASSWORD }, 'validation_failed', ['/currentPassword']],
    [
      'a wrong current password',
      { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
      'wrong_password',
      ['/currentPassword'],
    ],
    [
      'a short new password',
      { currentPassword: USER_PASSWORD, newPassword: 'too short' },
      'password_policy',
      ['/newPassword'],
    ],
  ])('answers 400 for %s, naming the fields', async (_label, body, code, paths) => {
    const user = await registeredUser();
    const { accessToken } = await tokensFor(service, app, user.id);
    const { status, body: problem } = await rest('PUT', '/api/v1/user/password', accessToken, body);
    expect({ status, code: problem.code }).toEqual({ status: 400, code });
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
  });

  it('answers 400 anonymous_account for an anonymous account', async () => {
    const anonymous = await users().createAnonymous();
    const { accessToken } = await tokensFor(service, app, anonymous.id);
    const body = { currentPassword: USER_PASSWORD, newPassword: NEW_PASSWORD };
    const { status, body: problem } = await rest('PUT', '/api/v1/user/password', accessToken, body);
    expect({ status, code: problem.code }).toEqual({ status: 400, code: 'anonymous_account' });
  });

  it("revokes the user's other grants at once and keeps the caller's", async () => {
    const user = await registeredUser();
    const bystander = await tokensFor(service, app, (await registeredUser()).id);
    const caller = await tokensFor(service, app, user.id);
    const others = [await tokensFor(service, app, user.id), await tokensFor(service, app, user.id)];
    const body = { currentPassword: USER_PASSWORD, newPassword: NEW_PASSWORD };
    const { status, body: result } = await rest('PUT', '/api/v1/user/password', caller.accessToken, body);
    expect(status).toBe(200);
    expect(result).toEqual({ changed: true, changedAt: expect.stringMatching(/Z$/), otherSessionsRevoked: 2 });
    for (const other of others) {
      expect(await viewer(service, other.accessToken)).toEqual({ error: 'UNAUTHENTICATED' });
      const refresh = await postJson(service, '/api/v1/auth/refresh', { ...app, refreshToken: other.refreshToken });
      expect(refresh.status).toBe(401);
    }
    expect(await viewer(service, caller.accessToken)).toMatchObject({ kind: 'user', userId: user.id });
    expect(await viewer(service, bystander.accessToken)).toMatchObject({ kind: 'user' });
    expect((await users().verifyCredentials(user.email, NEW_PASSWORD)).id).toBe(user.id);
  });

  it('signs the user out of every browser as well', async () => {
    const user = await registeredUser();
    const browser = await startSession(em(), user.id);
    expect(await findLiveSession(em(), browser.token)).not.toBeNull();
    const caller = await tokensFor(service, app, user.id);
    const body = { currentPassword: USER_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await rest('PUT', '/api/v1/user/password', caller.accessToken, body)).status).toBe(200);
    expect(await findLiveSession(em(), browser.token)).toBeNull();
  });
});

describe('DELETE /api/v1/user/account', () => {
  it.each([
    ['no confirm', { password: USER_PASSWORD }, 'validation_failed', '/confirm'],
    ['confirm as a string', { confirm: 'yes', password: USER_PASSWORD }, 'validation_failed', '/confirm'],
    ['confirm false', { confirm: false, password: USER_PASSWORD }, 'confirmation_required', '/confirm'],
    ['no password', { confirm: true }, 'password_required', '/password'],
    ['a wrong password', { confirm: true, password: 'not the password at all' }, 'wrong_password', '/password'],
  ])('answers 400 for %s and deletes nothing', async (_label, body, code, path) => {
    const user = await registeredUser();
    const { accessToken } = await tokensFor(service, app, user.id);
    const { status, body: problem } = await rest('DELETE', '/api/v1/user/account', accessToken, body);
    expect({ status, code: problem.code, errors: problem.errors }).toMatchObject({
      status: 400,
      code,
      errors: [{ path }],
    });
    expect(await viewer(service, accessToken)).toMatchObject({ kind: 'user' });
    expect((await em().findOneOrFail(User, user.id)).deletedAt).toBeNull();
  });

  it('erases the personal data, devices, sessions and sign-in counter, and revokes every grant', async () => {
    const user = await registeredUser();
    const tokens = [await tokensFor(service, app, user.id), await tokensFor(service, app, user.id)];
    const [caller] = tokens;
    const device = { deviceId: 'phone-1', platform: 'ios', pushToken: 'apns-1' };
    expect((await rest('POST', '/api/v1/user/devices', caller!.accessToken, device)).status).toBe(201);
    await users()
      .verifyCredentials(user.email, 'a wrong password here')
      .catch(() => undefined);
    const now = new Date();
    await em().execute(
      `insert into "browser_session" ("id", "created_at", "updated_at", "token_hash", "user_id", "expires_at", "idle_expires_at")
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        uuidv7(),
        now,
        now,
        'f'.repeat(64),
        user.id,
        new Date(now.getTime() + 3_600_000),
        new Date(now.getTime() + 600_000),
      ],
    );

    const body = { confirm: true, password: USER_PASSWORD };
    const { status, body: result } = await rest('DELETE', '/api/v1/user/account', caller!.accessToken, body);
    expect(status).toBe(200);
    expect(result).toEqual({
      deleted: true,
      userId: user.id,
      deletedAt: expect.stringMatching(/Z$/),
      erasedFields: ['email', 'password', 'displayName'],
      devicesRemoved: 1,
      sessionsEnded: 1,
      grantsRevoked: 2,
      retained: ['userId', 'createdAt', 'deletedAt', 'revokedGrantRecords'],
    });

    const row = await em().findOneOrFail(User, user.id, { populate: ['passwordHash'] });
    expect(row).toMatchObject({ email: null, passwordHash: null, displayName: null });
    expect(row.deletedAt).toBeInstanceOf(Date);
    const left = await em().execute<{ n: string | number }[]>(
      `select (select count(*) from "user_device" where "user_id" = ?)
            + (select count(*) from "browser_session" where "user_id" = ?)
            + (select count(*) from "oauth_grant" where "user_id" = ? and "revoked_at" is null)
            + (select count(*) from "oauth_refresh_token" rt join "oauth_grant" g on g."id" = rt."grant_id" where g."user_id" = ?)
            + (select count(*) from "sign_in_throttle" where "key" = ?) as "n"`,
      [user.id, user.id, user.id, user.id, accountKey(user.email).id],
    );
    expect(Number(left[0]?.n)).toBe(0);
    for (const token of tokens) expect(await viewer(service, token.accessToken)).toEqual({ error: 'UNAUTHENTICATED' });
    await expect(users().verifyCredentials(user.email, USER_PASSWORD)).rejects.toMatchObject({
      extensions: { code: 'UNAUTHENTICATED', reason: 'invalid_credentials' },
    });
  });

  it('deletes an anonymous account on confirm alone', async () => {
    const anonymous = await users().createAnonymous();
    const { accessToken } = await tokensFor(service, app, anonymous.id);
    const { status, body } = await rest('DELETE', '/api/v1/user/account', accessToken, { confirm: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ deleted: true, userId: anonymous.id, grantsRevoked: 1, devicesRemoved: 0 });
    expect(await viewer(service, accessToken)).toEqual({ error: 'UNAUTHENTICATED' });
  });
});
