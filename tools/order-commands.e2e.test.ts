/**
 * order:create end to end: the built `ops.js` against a one-process service. The order it prints is
 * the business's, at its store, with order.created in the outbox; a store of another business and a
 * malformed line are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { createStore } from '../test/fixtures/receipts.fixtures.js';
import { sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let businessAccountId: string;
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  businessAccountId = await createBusiness(service, 'owner@cli-orders.example');
  storeId = await createStore(service, businessAccountId);
});

describe('npm run ops -- order:create', () => {
  it('enters a paid order and prints {orderId, orderNumber, status, totalAmount}', async () => {
    const run = await runOps([
      'order:create',
      '--business',
      businessAccountId,
      '--store',
      storeId,
      '--line',
      'おにぎり:150:2:800',
      '--line',
      'タオル:1100:1:1000',
      '--paid',
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { orderId: string; orderNumber: number; status: string };
    expect(printed).toEqual({ orderId: expect.any(String), orderNumber: 1, status: 'paid', totalAmount: 1400 });
    const [row] = await sql<Record<string, unknown>>(
      service,
      'select "business_account_id", "store_id", "source", "tax_amount" from "sales_order" where "id" = ?',
      [printed.orderId],
    );
    // 300 × 8/108 = 22 (rounded down), 1100 × 10/110 = 100.
    expect(row).toEqual({
      business_account_id: businessAccountId,
      store_id: storeId,
      source: 'manual',
      tax_amount: 122,
    });
    expect(
      await sql(service, `select "type" from "outbox_event" where "payload"->>'orderId' = ?`, [printed.orderId]),
    ).toEqual([{ type: 'order.created' }]);
  });

  it('refuses a malformed line (exit 2) and a store of another business (NOT_FOUND)', async () => {
    const bad = await runOps([
      'order:create',
      '--business',
      businessAccountId,
      '--store',
      storeId,
      '--line',
      'x:1',
      ...connection,
    ]);
    expect(bad.code).toBe(2);
    const other = await createStore(service, await createBusiness(service, 'other@cli-orders.example'));
    const foreign = await runOps([
      'order:create',
      '--business',
      businessAccountId,
      '--store',
      other,
      '--line',
      'x:1:1:1000',
      ...connection,
    ]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('store_not_found');
  });
});
