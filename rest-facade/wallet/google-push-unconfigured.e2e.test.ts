/**
 * mobile-b and wallet push where no Google or APNs material is configured (the service account file
 * named does not exist, so a developer's own `.data/wallet-dev` is not read): mobile-b is a 503
 * problem `wallet_not_configured` (after the 404 checks) and creates no pass; push skips both
 * platforms and answers 0, never an error. Answers are checked against the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerToken } from '../../subgraphs/wallet/notification-token/notification-token.store.js';
import { createBusiness, createUser } from '../../test/fixtures/oauth.fixtures.js';
import { createShopApp, sql } from '../../test/fixtures/stores.fixtures.js';
import { insertCustomer } from '../../test/fixtures/wallet.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../../test/harness.js';

let service: TestService;
let shopId: string;

beforeAll(async () => {
  service = await startTestService({
    demoData: false,
    env: { GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: join(tmpdir(), `no-such-${randomUUID()}.json`) },
  });
  shopId = `gw-none-${process.pid}`;
  await createShopApp(service, shopId, await createBusiness(service, `o-${randomUUID()}@example.test`));
});

describe('wallet without Google or APNs material', () => {
  it('mobile-b: 503 wallet_not_configured, and no pass is created', async () => {
    const customerId = await insertCustomer(service, shopId, await createUser(service));
    const answer = await service.rest(
      'GET',
      `/api/v1/apps/${shopId}/wallet/mobile-b/${customerId}`,
      TEST_OPERATOR_TOKEN,
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 503, code: 'wallet_not_configured' });
    expect(await sql(service, 'select 1 from "wallet_pass" where "customer_id" = ?', [customerId])).toEqual([]);
  });

  it('mobile-b: 404 before 503 for an unknown customer', async () => {
    const answer = await service.rest(
      'GET',
      `/api/v1/apps/${shopId}/wallet/mobile-b/${randomUUID()}`,
      TEST_OPERATOR_TOKEN,
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'customer_not_found' });
  });

  it('push: 200 with 0 updates, both platforms skipped', async () => {
    const customerId = await insertCustomer(service, shopId, await createUser(service));
    await registerToken(rootEntityManager(service.orm).fork(), service.env, {
      customerId,
      channel: 'apple-wallet',
      deviceId: 'device-1',
      pushToken: 'aa'.repeat(32),
    });
    const answer = await service.rest('POST', `/api/v1/apps/${shopId}/wallet/push/${customerId}`, TEST_OPERATOR_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updates: 0, apple: 0, google: 0 });
  });
});
