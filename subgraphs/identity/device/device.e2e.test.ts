import { beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { RACE_ROUNDS, releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';
import { ANONYMOUS } from '../../kernel/auth/principal.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { UserService } from '../user/user.service.js';
import { UserDevice } from './device.entity.js';
import type { RegisterDeviceInput } from './device.input.js';
import { DeviceService } from './device.service.js';
import { pushTokenDigest, sealClearPushTokens, unsealPushToken } from './push-token.js';

const REGISTER =
  'mutation($input: RegisterDeviceInput!) { registerDevice(input: $input) { created device { deviceId platform name lastSeenAt createdAt } } }';
const REMOVE = 'mutation($deviceId: String!) { removeDevice(deviceId: $deviceId) }';

let service: TestService;
let hanako: string;
let taro: string;

const context = () => ({
  requestId: 'test',
  principal: ANONYMOUS,
  em: rootEntityManager(service.orm).fork(),
  env: service.env,
});
const devices = () => new DeviceService(context());
const input = (overrides: Partial<RegisterDeviceInput> = {}): RegisterDeviceInput => ({
  deviceId: 'ios:8F2C-11AA.b_7',
  platform: 'ios',
  name: 'Hanako の iPhone',
  pushToken: 'apns-token-0001',
  appVersion: '3.2.1',
  ...overrides,
});

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  hanako = (await new UserService(context()).createAnonymous()).id;
  taro = (await new UserService(context()).createAnonymous()).id;
});

describe('DeviceService.register', () => {
  it('stores a new device (created) and updates it when registered again (not created)', async () => {
    const first = await devices().register(hanako, input());
    expect(first.created).toBe(true);
    expect(first.device).toMatchObject({
      userId: hanako,
      deviceId: 'ios:8F2C-11AA.b_7',
      platform: 'ios',
      name: 'Hanako の iPhone',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await devices().register(
      hanako,
      input({ name: '新しい名前', pushToken: 'apns-token-0002', appVersion: '3.3.0' }),
    );
    expect(again.created).toBe(false);
    expect(again.device.id).toBe(first.device.id);
    expect(again.device.createdAt).toEqual(first.device.createdAt);
    expect(again.device.lastSeenAt.getTime()).toBeGreaterThan(first.device.lastSeenAt.getTime());
    const stored = await rootEntityManager(service.orm).fork().findOneOrFail(UserDevice, first.device.id);
    expect(stored).toMatchObject({ name: '新しい名前', appVersion: '3.3.0' });
    expect(unsealPushToken(service.env, stored.sealedPushToken!)).toBe('apns-token-0002');
  });

  it('stores the push token sealed, never in clear, with its keyed digest for lookups', async () => {
    const token = `apns-${'ab'.repeat(32)}`;
    const { device } = await devices().register(taro, input({ deviceId: 'sealed-1', pushToken: token }));
    const [row] = await rootEntityManager(service.orm)
      .fork()
      .execute<{ push_token: string; push_token_digest: string }[]>(
        'select "push_token", "push_token_digest" from "user_device" where "id" = ?',
        [device.id],
      );
    expect(row!.push_token).not.toContain(token);
    expect(unsealPushToken(service.env, row!.push_token)).toBe(token);
    expect(row!.push_token_digest).toBe(pushTokenDigest(service.env, token));
    // Found by its token without unsealing any row.
    const found = await rootEntityManager(service.orm)
      .fork()
      .execute<{ id: string }[]>('select "id" from "user_device" where "push_token_digest" = ?', [
        pushTokenDigest(service.env, token),
      ]);
    expect(found).toEqual([{ id: device.id }]);
  });

  it('seals in place the push tokens written in clear before sealing, once, after migrating', async () => {
    const { device } = await devices().register(taro, input({ deviceId: 'legacy-1', pushToken: 'apns-legacy-0001' }));
    const em = () => rootEntityManager(service.orm).fork();
    // A row as it was before: the token in clear, no digest.
    await em().execute(
      `update "user_device" set "push_token" = 'apns-legacy-0001', "push_token_digest" = null where "id" = ?`,
      [device.id],
    );
    expect(await sealClearPushTokens(em(), service.env)).toBeGreaterThanOrEqual(1);
    const read = async () =>
      (
        await em().execute<{ push_token: string; push_token_digest: string }[]>(
          'select "push_token", "push_token_digest" from "user_device" where "id" = ?',
          [device.id],
        )
      )[0]!;
    const sealed = await read();
    expect(sealed.push_token).not.toBe('apns-legacy-0001');
    expect(unsealPushToken(service.env, sealed.push_token)).toBe('apns-legacy-0001');
    expect(sealed.push_token_digest).toBe(pushTokenDigest(service.env, 'apns-legacy-0001'));
    // Again: nothing left in clear, nothing sealed twice.
    await sealClearPushTokens(em(), service.env);
    expect(await read()).toEqual(sealed);
  });

  it('keeps devices of different users apart even with the same deviceId', async () => {
    const shared = input({ deviceId: 'web-shared-1', platform: 'WEB' });
    expect((await devices().register(hanako, shared)).created).toBe(true);
    const other = await devices().register(taro, shared);
    expect(other).toMatchObject({ created: true, device: { userId: taro, platform: 'web' } });
  });

  it.skipIf(!hasPostgres('device registration race'))(
    'creates a device exactly once under concurrent registrations (PostgreSQL: released together)',
    async () => {
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const register = () =>
          devices().register(hanako, input({ deviceId: `android-race-${round}`, platform: 'android' }));
        const released = await releasedTogether(
          service.env.databaseUrl!,
          'user_device',
          Array.from({ length: 8 }, () => register),
        );
        expect(released.waiting, `round ${round}`).toBe(8);
        const results = valuesOf(released);
        expect(
          results.filter((r) => r.created),
          `round ${round}`,
        ).toHaveLength(1);
        expect(new Set(results.map((r) => r.device.id)).size).toBe(1);
      }
    },
  );

  it('names every invalid field', async () => {
    const error = await devices()
      .register(hanako, {
        deviceId: 'has spaces',
        platform: 'windows',
        name: 'な'.repeat(101),
        pushToken: 't'.repeat(513),
        appVersion: 'v'.repeat(33),
      })
      .catch((e: { extensions: Record<string, unknown> }) => e.extensions);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((error as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'deviceId',
      'platform',
      'name',
      'pushToken',
      'appVersion',
    ]);
  });

  it.each([
    ['an empty deviceId', { deviceId: '' }],
    ['a 129-character deviceId', { deviceId: 'd'.repeat(129) }],
    ['a deviceId with a slash', { deviceId: 'a/b' }],
  ])('refuses %s', async (_label, overrides) => {
    await expect(devices().register(hanako, input(overrides))).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', errors: [{ path: 'deviceId' }] },
    });
  });

  it('accepts the longest values allowed', async () => {
    const longest = input({
      deviceId: 'd'.repeat(128),
      name: 'な'.repeat(100),
      pushToken: 't'.repeat(512),
      appVersion: 'v'.repeat(32),
    });
    expect((await devices().register(hanako, longest)).created).toBe(true);
  });
});

describe('DeviceService.remove', () => {
  it("removes the caller's device, and answers NOT_FOUND for another user's or an unknown one", async () => {
    await devices().register(hanako, input({ deviceId: 'to-remove' }));
    await expect(devices().remove(taro, 'to-remove')).rejects.toMatchObject({
      extensions: { code: 'NOT_FOUND', reason: 'device_not_found' },
    });
    expect(await devices().remove(hanako, 'to-remove')).toBe(true);
    await expect(devices().remove(hanako, 'to-remove')).rejects.toMatchObject({
      extensions: { code: 'NOT_FOUND', reason: 'device_not_found' },
    });
  });
});

describe('device mutations (GraphQL)', () => {
  it('need a token', async () => {
    const register = await service.graphql(REGISTER, { input: input() });
    expect(register.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const remove = await service.graphql(REMOVE, { deviceId: 'x' });
    expect(remove.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('need a user token: the operator is FORBIDDEN', async () => {
    const register = await service.graphql(REGISTER, { input: input() }, TEST_OPERATOR_TOKEN);
    expect(register.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const remove = await service.graphql(REMOVE, { deviceId: 'x' }, TEST_OPERATOR_TOKEN);
    expect(remove.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });
});
