/**
 * product:create, location:create and stock:adjust end to end: the built `ops.js` against a
 * one-process service, as the operator. The stock adjusted shows in the ledger and the level; a
 * wrong check digit and a non-integer delta are refused with a 400 problem.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { createStore } from '../test/fixtures/receipts.fixtures.js';
import { sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let businessId: string;
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  businessId = await createBusiness(service, 'owner@cli-catalog.example');
  storeId = await createStore(service, businessId);
});

const printed = <T>(run: { stdout: string; stderr: string; code: number | null }): T => {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout.trim()) as T;
};

describe('npm run ops -- product:create, location:create, stock:adjust', () => {
  it('creates a product and a location, then adjusts its stock', async () => {
    const product = printed<{ productId: string; sku: string }>(
      await runOps([
        'product:create',
        ...['--business', businessId, '--sku', 'CLI-1', '--name', 'お茶', '--price', '150', '--tax-rate', '800'],
        ...['--barcode', '4901234567894', '--name-kana', 'オチャ'],
        ...connection,
      ]),
    );
    expect(product.sku).toBe('CLI-1');
    const location = printed<{ locationId: string }>(
      await runOps([
        'location:create',
        ...['--business', businessId, '--name', '売場', '--kind', 'floor', '--store', storeId],
        ...connection,
      ]),
    );
    const args = ['--product', product.productId, '--location', location.locationId];
    const adjusted = printed<{ movementId: string; onHand: number }>(
      await runOps(['stock:adjust', ...args, '--delta', '12', '--reason', '初期在庫', ...connection]),
    );
    expect(adjusted.onHand).toBe(12);
    expect(
      await sql(service, 'select "price_amount", "tax_rate", "barcode" from "product" where "id" = ?', [
        product.productId,
      ]),
    ).toEqual([{ price_amount: 150, tax_rate: 800, barcode: '4901234567894' }]);
    expect(
      await sql(service, 'select "quantity", "kind", "reason", "actor" from "stock_movement" where "id" = ?', [
        adjusted.movementId,
      ]),
    ).toEqual([{ quantity: 12, kind: 'adjustment', reason: '初期在庫', actor: 'operator' }]);

    const tooMany = await runOps(['stock:adjust', ...args, '--delta', '-13', '--reason', '破損', ...connection]);
    expect(tooMany.code).not.toBe(0);
    expect(JSON.parse(tooMany.stderr)).toMatchObject({ status: 409, code: 'insufficient_stock' });
  });

  it('refuses a wrong check digit and a delta that is not an integer (400 problems, exit 2)', async () => {
    const wrong = await runOps([
      'product:create',
      ...['--business', businessId, '--sku', 'CLI-2', '--name', 'x', '--price', '1', '--barcode', '4901234567890'],
      ...connection,
    ]);
    expect(wrong.code).toBe(2);
    expect(JSON.parse(wrong.stderr)).toMatchObject({ status: 400, errors: [{ path: 'barcode' }] });
    const fraction = await runOps([
      'stock:adjust',
      ...['--product', businessId, '--location', businessId, '--delta', '1.5', '--reason', 'x'],
      ...connection,
    ]);
    expect(fraction.code).toBe(2);
    expect(JSON.parse(fraction.stderr)).toMatchObject({ status: 400 });
  });
});
