/**
 * POST /api/v1/user/devices and DELETE /api/v1/user/devices/{deviceId} through the facade with real
 * user tokens: 201 new / 200 existing, 400 naming every bad field, 401, and 404 for a device that is
 * not the caller's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../../../test/harness.js';
import { createUser, registerApp, startOAuthService, tokensFor } from '../../../test/fixtures/oauth.fixtures.js';

let service: TestService;
let hanako: string;
let taro: string;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service);
  hanako = (await tokensFor(service, app, await createUser(service))).accessToken;
  taro = (await tokensFor(service, app, await createUser(service))).accessToken;
});

const rest = (method: string, path: string, token?: string, body?: unknown) => service.rest(method, path, token, body);

const register = (token: string | undefined, body: unknown) => rest('POST', '/api/v1/user/devices', token, body);
const remove = (token: string | undefined, deviceId: string) =>
  rest('DELETE', `/api/v1/user/devices/${encodeURIComponent(deviceId)}`, token);

describe('POST /api/v1/user/devices', () => {
  it('answers 201 for a new device and 200 when it is registered again', async () => {
    const input = { deviceId: 'ios:A1.b_2-3', platform: 'iOS', name: 'Hanako の iPhone', pushToken: 'apns-1' };
    const first = await register(hanako, input);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      deviceId: 'ios:A1.b_2-3',
      platform: 'ios',
      name: 'Hanako の iPhone',
      lastSeenAt: expect.stringMatching(/Z$/),
      createdAt: expect.stringMatching(/Z$/),
      created: true,
    });
    const again = await register(hanako, { ...input, name: '新しい名前', unknownField: 1 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: '新しい名前', createdAt: first.body.createdAt, created: false });
  });

  it.each([
    ['an empty body', {}, ['/deviceId', '/platform']],
    ['wrong types', { deviceId: 7, platform: 'web', name: false }, ['/deviceId', '/name']],
    [
      'invalid values',
      { deviceId: 'has spaces', platform: 'windows', appVersion: 'v'.repeat(33) },
      ['/deviceId', '/platform', '/appVersion'],
    ],
    ['a body that is not an object', ['ios'], ['']],
  ])('answers 400 for %s, naming every field', async (_label, body, paths) => {
    const { status, body: problem } = await register(hanako, body);
    expect({ status, code: problem.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual(paths);
  });

  it('answers 401 without a token and with a bad one', async () => {
    const input = { deviceId: 'd1', platform: 'web' };
    const none = await register(undefined, input);
    expect(none.status).toBe(401);
    expect(none.response.headers.get('www-authenticate')).toBe('Bearer');
    const bad = await register('x.y.z', input);
    expect(bad.status).toBe(401);
    expect(bad.response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });
});

describe('DELETE /api/v1/user/devices/{deviceId}', () => {
  it("answers 404 for another user's device, leaving it in place, and 204 for the owner", async () => {
    expect((await register(hanako, { deviceId: 'android-7', platform: 'android' })).status).toBe(201);
    const foreign = await remove(taro, 'android-7');
    expect(foreign.status).toBe(404);
    expect(foreign.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(foreign.body).toMatchObject({
      status: 404,
      code: 'device_not_found',
      instance: '/api/v1/user/devices/android-7',
    });
    expect((await register(hanako, { deviceId: 'android-7', platform: 'android' })).status).toBe(200);

    const removed = await remove(hanako, 'android-7');
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect((await remove(hanako, 'android-7')).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await remove(hanako, 'never-registered')).status).toBe(404);
    expect((await remove(hanako, 'x'.repeat(300))).status).toBe(404);
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect((await remove(undefined, 'android-7')).status).toBe(401);
    const bad = await remove('x.y.z', 'android-7');
    expect(bad.status).toBe(401);
    expect(bad.response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });
});
