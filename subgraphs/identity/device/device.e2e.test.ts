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
    expect(stored).toMatchObject({ name: '新しい名前', pushToken: 'apns-token-0002', appVersion: '3.3.0' });
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
