/**
 * coupon:create end to end: the built `ops.js` against a one-process service. The coupon it prints is
 * published at once (coupon.published in the outbox) and shows in a consumer's coupons of that store.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { createBusiness } from '../test/fixtures/oauth.fixtures.js';
import { createStore } from '../test/fixtures/receipts.fixtures.js';
import { consumer, sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  storeId = await createStore(service, await createBusiness(service, 'owner@cli-coupons.example'));
});

describe('npm run ops -- coupon:create', () => {
  it('creates a published coupon and prints {storeId, couponId}', async () => {
    const run = await runOps([
      'coupon:create',
      '--store',
      storeId,
      '--title',
      '開店記念クーポン',
      '--valid-from',
      '2026-01-01T00:00:00Z',
      '--valid-to',
      '2099-01-01T00:00:00Z',
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { storeId: string; couponId: string };
    expect(Object.keys(printed)).toEqual(['storeId', 'couponId']);
    expect(printed.storeId).toBe(storeId);

    const [row] = await sql<{ status: string; valid_to: Date }>(
      service,
      'select "status", "valid_to" from "coupon" where "id" = ?',
      [printed.couponId],
    );
    expect(row?.status).toBe('published');
    expect(new Date(row!.valid_to).toISOString()).toBe('2099-01-01T00:00:00.000Z');
    expect(
      await sql(service, `select "type" from "outbox_event" where "payload"->>'couponId' = ?`, [printed.couponId]),
    ).toEqual([{ type: 'coupon.published' }]);

    const hanako = await consumer(service, await registerApp(service, ['user.favorites.write', 'user.coupons.read']), [
      'user.favorites.write',
      'user.coupons.read',
    ]);
    await service.rest('POST', `/api/v1/user/favorites/${storeId}`, hanako.token);
    const coupons = await service.rest('GET', '/api/v1/user/coupons', hanako.token);
    expect(coupons.body).toMatchObject([{ storeId, couponId: printed.couponId, title: '開店記念クーポン' }]);
  });

  it('refuses an unknown store (404 problem on stderr, non-zero exit) and a missing title (400)', async () => {
    const unknown = await runOps([
      'coupon:create',
      '--store',
      '01900000-0000-7000-8000-000000000000',
      '--title',
      'x',
      ...connection,
    ]);
    expect(unknown.code).not.toBe(0);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ status: 404, code: 'store_not_found' });
    const untitled = await runOps(['coupon:create', '--store', storeId, ...connection]);
    expect(untitled.code).toBe(2);
    expect(JSON.parse(untitled.stderr)).toMatchObject({ status: 400 });
  });
});
