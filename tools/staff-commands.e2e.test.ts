/**
 * staff:create end to end: the built `ops.js` against a one-process service. The staff member it
 * prints works at the stores given, of the business named; a store of another business is refused.
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
let stores: string[];

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  businessAccountId = await createBusiness(service, 'owner@cli-staff.example');
  stores = [await createStore(service, businessAccountId), await createStore(service, businessAccountId)];
});

describe('npm run ops -- staff:create', () => {
  it('creates a staff member at the stores given and prints {staffMemberId, storeIds}', async () => {
    const run = await runOps([
      'staff:create',
      ...['--business', businessAccountId, '--name', '田中 誠', '--kana', 'タナカ マコト', '--role', 'manager'],
      ...['--email', 'Tanaka@CLI-Staff.example', '--employee-code', 'S0001'],
      ...['--store', stores[0]!, '--store', stores[1]!],
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { staffMemberId: string; storeIds: string[] };
    expect(Object.keys(printed)).toEqual(['staffMemberId', 'storeIds']);
    expect(printed.storeIds).toEqual([...stores].sort());
    const [row] = await sql<Record<string, unknown>>(
      service,
      'select "business_account_id", "email", "role", "employee_code" from "staff_member" where "id" = ?',
      [printed.staffMemberId],
    );
    expect(row).toEqual({
      business_account_id: businessAccountId,
      email: 'tanaka@cli-staff.example',
      role: 'manager',
      employee_code: 'S0001',
    });
  });

  it('refuses a store of another business as not found (exit 1)', async () => {
    const other = await createStore(service, await createBusiness(service, 'other@cli-staff.example'));
    const run = await runOps([
      'staff:create',
      ...['--business', businessAccountId, '--name', 'x', '--kana', 'エックス', '--role', 'staff', '--store', other],
      ...connection,
    ]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr)).toMatchObject({ status: 404, code: 'store_not_found' });
  });
});
