/**
 * checkin-campaign:create end to end: the built `ops.js` against a one-process service. It prints the
 * campaign's generated token, which a consumer then checks in with; a store of another business is
 * refused and creates nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, registerApp, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { createStore } from '../test/fixtures/receipts.fixtures.js';
import { consumer, sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let businessId: string;
let storeId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  businessId = await createBusiness(service, 'owner@cli-checkins.example');
  storeId = await createStore(service, businessId);
});

describe('npm run ops -- checkin-campaign:create', () => {
  it('creates a campaign and prints {token}, with which a consumer checks in', async () => {
    const run = await runOps([
      'checkin-campaign:create',
      '--business',
      businessId,
      '--store',
      storeId,
      '--name',
      '来店スタンプ',
      '--starts',
      '2026-01-01T00:00:00Z',
      '--ends',
      '2099-01-01T00:00:00Z',
      ...connection,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { token: string };
    expect(Object.keys(printed)).toEqual(['token']);
    expect(printed.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await sql<{ name: string; business_account_id: string; ends_at: Date }>(
      service,
      'select "name", "business_account_id", "ends_at" from "check_in_campaign" where "token" = ?',
      [printed.token],
    );
    expect(row).toMatchObject({ name: '来店スタンプ', business_account_id: businessId });
    expect(new Date(row!.ends_at).toISOString()).toBe('2099-01-01T00:00:00.000Z');

    const hanako = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
    const answer = await service.rest('POST', '/api/v1/checkins', hanako.token, { token: printed.token });
    expect(answer.body).toMatchObject({ status: 'recorded' });
  });

  it('refuses a store of another business and creates nothing', async () => {
    const other = await createBusiness(service, 'other@cli-checkins.example');
    const before = await sql(service, 'select "id" from "check_in_campaign"');
    const run = await runOps([
      'checkin-campaign:create',
      '--business',
      other,
      '--store',
      storeId,
      '--name',
      'N',
      ...connection,
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/store_not_found|No store/);
    expect(await sql(service, 'select "id" from "check_in_campaign"')).toEqual(before);
  });

  it('requires --business, --store and --name', async () => {
    const run = await runOps(['checkin-campaign:create', '--store', storeId, ...connection]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/--business|--name/);
  });
});
