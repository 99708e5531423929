import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createUser } from '../../../test/fixtures/oauth.fixtures.js';
import { createShopApp, sql } from '../../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../../test/fixtures/wallet.fixtures.js';
import { startTestService, type TestService } from '../../../test/harness.js';
import { rootEntityManager } from '../../kernel/db/orm.js';
import { deliverableTokens, registerToken, unregisterToken } from './notification-token.store.js';

let service: TestService;
let customerId: string;
const em = () => rootEntityManager(service.orm).fork();

beforeAll(async () => {
  service = await startTestService({ demoData: false });
  const shopId = `tokens-${process.pid}`;
  await createShopApp(service, shopId, await createBusiness(service, `owner-${process.pid}@example.test`));
  customerId = await insertCustomer(service, shopId, await createUser(service));
});

describe('notification token store', () => {
  it('creates a token, then on the same triple replaces it and bumps lastSeenAt', async () => {
    const first = await registerToken(
      em(),
      service.env,
      { customerId, channel: 'ios', deviceId: 'd-1', pushToken: 'first' },
      new Date('2026-01-01T00:00:00Z'),
    );
    const again = await registerToken(
      em(),
      service.env,
      { customerId, channel: 'ios', deviceId: 'd-1', pushToken: 'second' },
      new Date('2026-02-01T00:00:00Z'),
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false, lastSeenAt: new Date('2026-02-01T00:00:00Z') });
    const tokens = await deliverableTokens(em(), service.env, customerId, 'ios');
    expect(tokens.map((t) => [t.id, t.deviceId, t.pushToken])).toEqual([[first.id, 'd-1', 'second']]);
  });

  it('stores the push token sealed, never as sent', async () => {
    await registerToken(em(), service.env, {
      customerId,
      channel: 'web',
      deviceId: 'd-2',
      pushToken: 'plain-token-value',
    });
    const rows = await sql<{ push_token: string }>(
      service,
      'select "push_token" from "notification_token" where "customer_id" = ? and "device_id" = ?',
      [customerId, 'd-2'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.push_token).not.toContain('plain-token-value');
    expect(Buffer.from(rows[0]!.push_token, 'base64url').toString('utf8')).not.toContain('plain-token-value');
  });

  it('leaves one row after 20 concurrent registrations of one triple', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        registerToken(em(), service.env, { customerId, channel: 'android', deviceId: 'd-3', pushToken: `t${i}` }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await sql(service, 'select 1 from "notification_token" where "customer_id" = ? and "device_id" = ?', [
      customerId,
      'd-3',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('unregisters a token once', async () => {
    await registerToken(em(), service.env, { customerId, channel: 'ios', deviceId: 'd-4', pushToken: 'x' });
    expect(await unregisterToken(em(), { customerId, channel: 'ios', deviceId: 'd-4' })).toBe(true);
    expect(await unregisterToken(em(), { customerId, channel: 'ios', deviceId: 'd-4' })).toBe(false);
    expect((await deliverableTokens(em(), service.env, customerId)).map((t) => t.deviceId)).not.toContain('d-4');
  });
});
