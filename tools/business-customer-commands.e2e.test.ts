/**
 * business-customer:create and business-customer:list end to end: the built `ops.js` against a
 * one-process service. A record the operator enters is stored as the service normalizes it (source
 * staff, consent recorded only for the switches given) and is listed for its business only; bad
 * fields, an unknown business and a missing --business are problems that create nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let business: string;
let other: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  business = await createBusiness(service, 'owner@cli-business-customers.example');
  other = await createBusiness(service, 'owner@cli-business-customers-other.example');
});

const recordsOf = (businessAccountId: string) =>
  sql<Record<string, unknown>>(
    service,
    `select "id", "source", "name", "name_kana", "email", "phone", "note", "marketing_email", "marketing_push",
       "data_sharing", "marketing_email_changed_at" is not null as "email_recorded",
       "marketing_push_changed_at" is not null as "push_recorded", "data_sharing_changed_at" is not null as "sharing_recorded"
     from "business_customer" where "business_account_id" = ? order by "id"`,
    [businessAccountId],
  );

async function create(businessAccountId: string, ...flags: string[]): Promise<string> {
  const run = await runOps(['business-customer:create', '--business', businessAccountId, ...flags, ...connection]);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const printed = JSON.parse(run.stdout.trim()) as { customerId: string };
  expect(Object.keys(printed)).toEqual(['customerId']);
  return printed.customerId;
}

describe('npm run ops -- business-customer:create', () => {
  it('enters a staff record as the service stores it, consent recorded only for the switches given', async () => {
    const id = await create(
      business,
      '--name',
      ' 佐藤 一郎 ',
      '--kana',
      'サトウ イチロウ',
      '--email',
      'Ichiro.Sato@Example.COM',
      '--phone',
      '090-1234-5678',
      '--marketing-email',
      '--data-sharing',
      '--note',
      '紙の会員カードから移行',
    );
    const rows = await recordsOf(business);
    expect(rows.find((r) => r.id === id)).toEqual({
      id,
      source: 'staff',
      name: '佐藤 一郎',
      name_kana: 'サトウ イチロウ',
      email: 'ichiro.sato@example.com',
      phone: '09012345678',
      note: '紙の会員カードから移行',
      marketing_email: true,
      marketing_push: false,
      data_sharing: true,
      email_recorded: true,
      push_recorded: false,
      sharing_recorded: true,
    });
  });

  it('refuses bad fields with a 400 problem naming each (exit 2), creating nothing', async () => {
    const before = await recordsOf(other);
    const run = await runOps([
      'business-customer:create',
      '--business',
      other,
      '--name',
      'x',
      '--kana',
      'Sato',
      '--phone',
      '12',
      ...connection,
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const problem = JSON.parse(run.stderr) as { status: number; errors: { path: string }[] };
    expect(problem).toMatchObject({ status: 400 });
    expect(problem.errors.map((e) => e.path).sort()).toEqual(['nameKana', 'phone']);
    expect(await recordsOf(other)).toEqual(before);
  });

  it('refuses an unknown business (404) and a missing --business or --name (400)', async () => {
    const unknown = await runOps([
      'business-customer:create',
      '--business',
      '01900000-0000-7000-8000-000000000000',
      '--name',
      'x',
      ...connection,
    ]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ status: 404, code: 'business_not_found' });
    const missing = await runOps(['business-customer:create', '--marketing-push', ...connection]);
    expect(missing.code).toBe(2);
    const problem = JSON.parse(missing.stderr) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(['business', 'name']);
  });
});

describe('npm run ops -- business-customer:list', () => {
  it("prints the business's records newest first, filtered by --text, never another business's", async () => {
    const listing = await createBusiness(service, 'owner@cli-business-customers-list.example');
    await create(business, '--name', '高橋 別人', '--kana', 'タカハシ ベツジン');
    const listed = await runOps(['business-customer:list', '--business', listing, ...connection]);
    expect(JSON.parse(listed.stdout.trim())).toEqual({ customers: [], more: false });

    const first = await create(listing, '--name', '高橋 美咲', '--kana', 'タカハシ ミサキ', '--marketing-push');
    const second = await create(listing, '--name', '伊藤 健', '--email', 'ken@example.com');
    const all = await runOps(['business-customer:list', '--business', listing, ...connection]);
    expect(all.stderr).toBe('');
    expect(all.code).toBe(0);
    const printed = JSON.parse(all.stdout.trim()) as { customers: Record<string, unknown>[]; more: boolean };
    expect(printed.more).toBe(false);
    expect(printed.customers.map((c) => c.id)).toEqual([second, first]);
    expect(printed.customers[1]).toMatchObject({
      source: 'staff',
      name: '高橋 美咲',
      nameKana: 'タカハシ ミサキ',
      email: null,
      marketingEmail: false,
      marketingPush: true,
      dataSharing: false,
    });

    const found = await runOps(['business-customer:list', '--business', listing, '--text', 'タカハシ', ...connection]);
    expect((JSON.parse(found.stdout.trim()) as { customers: { id: string }[] }).customers.map((c) => c.id)).toEqual([
      first,
    ]);
  });

  it('refuses an empty --text (400, exit 2) and requires --business', async () => {
    const empty = await runOps(['business-customer:list', '--business', business, '--text', ' ', ...connection]);
    expect(empty.code).toBe(2);
    expect(JSON.parse(empty.stderr)).toMatchObject({ status: 400, errors: [{ path: 'text' }] });
    const missing = await runOps(['business-customer:list', ...connection]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/business/);
  });
});
