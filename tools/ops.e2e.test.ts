/**
 * The operator CLI end to end: the built `ops.js` as a child process against a one-process service.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps as ops } from '../test/ops-runner.js';
import { LOCAL_COMMANDS, OPS_COMMANDS } from './ops/commands.js';

function json(text: string): Record<string, unknown> {
  const lines = text.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

let service: TestService;
let connection: string[];
beforeAll(async () => {
  service = await startTestService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
});

describe('npm run ops', () => {
  it('leaves no temporary data directory behind (test/ops-runner.ts)', async () => {
    const run = await ops(['business:create', '--name', 'x', ...connection]);
    expect(run.code).not.toBeNull();
    expect(existsSync(dirname(run.dataDir)), dirname(run.dataDir)).toBe(false);
  });

  it('creates a business, then a public store that the public directory shows', async () => {
    const business = await ops([
      'business:create',
      '--name',
      'オペ商店',
      '--owner-email',
      'owner@ope.example',
      ...connection,
    ]);
    expect(business.stderr).toBe('');
    expect(business.code).toBe(0);
    const { businessAccountId } = json(business.stdout);
    expect(businessAccountId).toMatch(/^[0-9a-f-]{36}$/);

    const store = await ops([
      'store:create',
      '--business',
      String(businessAccountId),
      '--name',
      'オペ商店 本店',
      '--prefecture',
      '東京都',
      '--store-type',
      'supermarket',
      '--public',
      '--address=千代田区1-1',
      '--name-kana',
      'オペショウテン ホンテン',
      ...connection,
    ]);
    expect(store.code, store.stderr).toBe(0);
    const { storeId } = json(store.stdout);
    expect(Object.keys(json(store.stdout))).toEqual(['storeId']);

    const response = await service.call(`/api/v1/public/stores/${String(storeId)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      storeId,
      name: 'オペ商店 本店',
      prefecture: '東京都',
      storeType: 'supermarket',
      address: '千代田区1-1',
      business: { businessAccountId, name: 'オペ商店' },
    });
  });

  it('creates a terminal and records a sale that last-receipt and the transaction-QR token show', async () => {
    const run = async (args: string[]) => {
      const result = await ops([...args, ...connection]);
      expect(result.code, result.stderr).toBe(0);
      return json(result.stdout);
    };
    const { businessAccountId } = await run([
      'business:create',
      '--name',
      'レジ商店',
      '--owner-email',
      'till@ope.example',
    ]);
    const { storeId } = await run([
      'store:create',
      '--business',
      String(businessAccountId),
      '--name',
      'レジ商店 本店',
      '--prefecture',
      '13',
      '--store-type',
      'supermarket',
    ]);
    const terminal = await run(['terminal:create', '--store', String(storeId), '--allow-multiple-claims']);
    expect(Object.keys(terminal)).toEqual(['publicTerminalId']);
    const sale = await run([
      'transaction:record',
      '--terminal',
      String(terminal.publicTerminalId),
      '--total',
      '500',
      '--item',
      'コーヒー:Lサイズ:300:1',
      '--item=パン:100:2:BREAD-6',
    ]);
    expect(sale).toMatchObject({
      transactionId: expect.any(String),
      transactionQrToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    const last = await service.rest('GET', `/api/v1/terminals/${String(terminal.publicTerminalId)}/last-receipt`);
    expect(last.body).toMatchObject({
      allowMultipleClaims: true,
      receipt: {
        transactionId: sale.transactionId,
        totalAmount: 500,
        currency: 'JPY',
        items: [
          { name: 'コーヒー:Lサイズ', unitPrice: 300, quantity: 1 },
          { name: 'パン', unitPrice: 100, quantity: 2 },
        ],
      },
    });
    expect((await service.rest('GET', `/api/v1/rx/${String(sale.transactionQrToken)}`)).status).toBe(200);
    // An item's fourth part is its SKU, carried to the sale's order line (so the sale can move stock).
    const lines = await rootEntityManager(service.orm)
      .fork()
      .execute<{ name: string; sku: string | null }[]>(
        `select l."name", l."sku" from "sales_order_line" l join "sales_order" o on o."id" = l."order_id"
         where o."transaction_id" = ? order by l."position"`,
        [sale.transactionId],
      );
    expect(lines).toEqual([
      { name: 'コーヒー:Lサイズ', sku: null },
      { name: 'パン', sku: 'BREAD-6' },
    ]);

    const bad = await ops([
      'transaction:record',
      '--terminal',
      String(terminal.publicTerminalId),
      '--total',
      '5',
      '--item',
      'パン',
      ...connection,
    ]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr)).toMatchObject({ status: 400, code: 'validation_failed' });
    const mismatch = await ops([
      'transaction:record',
      '--terminal',
      String(terminal.publicTerminalId),
      '--total',
      '5',
      '--item',
      'パン:100:2',
      ...connection,
    ]);
    expect(mismatch.code).toBe(2);
    expect(JSON.parse(mismatch.stderr)).toMatchObject({ status: 400, errors: [{ path: 'items' }] });
  });

  it('registers an OAuth app with user scopes as pending, then approves it', async () => {
    const registered = await ops([
      'app:register',
      '--name',
      'Receipt Wallet',
      '--redirect-uri',
      'https://wallet.example/cb',
      '--redirect-uri',
      'com.example.wallet:/cb',
      '--scopes',
      'user.receipts.read user.profile.read',
      ...connection,
    ]);
    expect(registered.code, registered.stderr).toBe(0);
    const app = json(registered.stdout);
    expect(app).toMatchObject({
      redirectUris: ['https://wallet.example/cb', 'com.example.wallet:/cb'],
      userScopeStatus: 'pending',
    });
    expect(String(app.clientSecret)).toMatch(/^rmps_/);

    const approved = await ops(['app:approve', '--client-id', String(app.clientId), ...connection]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(json(approved.stdout)).toEqual({ clientId: app.clientId, userScopeStatus: 'approved' });
  });

  it('registers a store-scoped partner app with no review', async () => {
    const registered = await ops([
      'app:register',
      '--name=POS link',
      '--redirect-uri=https://pos.example/cb',
      '--scopes=store.orders.read store.products.read',
      '--business=01900000-0000-7000-8001-000000000002',
      ...connection,
    ]);
    expect(registered.code, registered.stderr).toBe(0);
    expect(json(registered.stdout)).toMatchObject({ userScopeStatus: null });
  });

  it('answers an unknown command with a 400 problem, a usage hint and the command list', async () => {
    const run = await ops(['store:destroy', ...connection]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const problem = json(run.stderr);
    expect(problem).toMatchObject({
      type: '/problems/unknown_command',
      status: 400,
      code: 'unknown_command',
      instance: 'ops:store:destroy',
    });
    expect(problem.usage).toEqual(expect.stringContaining('npm run ops --'));
    expect(problem.commands).toEqual(expect.arrayContaining([expect.objectContaining({ command: 'store:create' })]));
  });

  it('answers missing, unknown and valueless flags with a 400 problem naming each', async () => {
    const run = await ops([
      'store:create',
      '--business',
      '01900000-0000-7000-8001-000000000001',
      '--bogus',
      'x',
      '--name',
      ...connection,
    ]);
    expect(run.code).toBe(2);
    const problem = json(run.stderr);
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((problem.errors as { path: string }[]).map((e) => e.path).sort()).toEqual([
      'bogus',
      'name',
      'prefecture',
      'store-type',
    ]);
    expect(problem.usage).toEqual(
      expect.stringContaining('store:create --business ID --name N --prefecture P --store-type T [--public]'),
    );
  });

  it('passes the service validation errors through as problems', async () => {
    const run = await ops([
      'store:create',
      '--business',
      '01900000-0000-7000-8001-000000000001',
      '--name',
      'x',
      '--prefecture',
      'Atlantis',
      '--store-type',
      'supermarket',
      ...connection,
    ]);
    expect(run.code).toBe(2);
    expect(json(run.stderr)).toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: expect.stringContaining('prefecture') })],
    });
  });

  it('answers a wrong operator token with a 401 problem', async () => {
    const run = await ops([
      'business:create',
      '--name',
      'x',
      '--owner-email',
      'x@example.com',
      '--url',
      `${service.url}/graphql`,
      '--token',
      'wrong-token-wrong-token',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(json(run.stderr)).toMatchObject({ status: 401, code: 'invalid_token', title: 'Unauthorized' });
  });

  it('answers a missing operator token with a 401 problem without calling the service', async () => {
    const run = await ops([
      'business:create',
      '--name',
      'x',
      '--owner-email',
      'x@example.com',
      '--url',
      `${service.url}/graphql`,
    ]);
    expect(run.code).toBe(1);
    expect(json(run.stderr)).toMatchObject({ status: 401, code: 'operator_token_missing' });
  });

  it('answers an unreachable service with a 503 problem', async () => {
    const run = await ops([
      'business:create',
      '--name',
      'x',
      '--owner-email',
      'x@example.com',
      '--url',
      'http://127.0.0.1:1/graphql',
      '--token',
      TEST_OPERATOR_TOKEN,
    ]);
    expect(run.code).toBe(1);
    expect(json(run.stderr)).toMatchObject({ status: 503, code: 'service_unreachable' });
  });

  it('lists the commands as JSON with help --json', async () => {
    const run = await ops(['help', '--json']);
    expect(run.code).toBe(0);
    const listed = (json(run.stdout).commands as { command: string }[]).map((c) => c.command);
    expect(listed).toEqual([...OPS_COMMANDS, ...LOCAL_COMMANDS].map((c) => c.name));
    expect(listed).toEqual(expect.arrayContaining(['business:create', 'store:create', 'app:register', 'app:approve']));
  });
});
