/**
 * The consumer history lists at a size where the planner's choice means something (PostgreSQL,
 * 20,000 receipt claims and check-ins, 2,000 of each held by one user): a page of `myReceipts` (the
 * first, and the second through its cursor) and of `checkins/me` is read in order from the
 * (user, time, id) indexes of migration 0032, never by sorting the user's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, openServiceDatabase, type ServiceDatabase } from '../../../test/fixtures/service-database.js';
import { queriesDuring } from '../../../test/fixtures/query-log.js';
import { hasPostgres } from '../../../test/requirements.js';
import { CheckInService } from '../../engagement/check-in/check-in.service.js';
import { RECEIPT_PAGE_SQL } from '../../receipts/consumer/consumer.service.js';
import type { EntityManager } from './orm.js';

let db: ServiceDatabase;
const em = (): EntityManager => db.context(OPERATOR).em;
const HEAVY = '00000000-0000-7000-8000-000000000000';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

/** Every node of the statement's plan, e.g. `Limit`, `Index Scan Backward on …`, `Sort`. */
async function nodes(sql: string, params: readonly unknown[]): Promise<string[]> {
  const [row] = await em().execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`explain (format json) ${sql}`, [
    ...params,
  ]);
  const found: string[] = [];
  const walk = (node: PlanNode): void => {
    const type = `${node['Node Type']}${node['Scan Direction'] === 'Backward' ? ' Backward' : ''}`;
    found.push(node['Index Name'] ? `${type} on ${node['Index Name']}` : type);
    node.Plans?.forEach(walk);
  };
  walk(row!['QUERY PLAN'][0].Plan);
  return found;
}

/** Row i of 20,000 belongs to the heavy user when i is a multiple of 10, else to one of 100 others. */
const USER_OF_ROW = `case when i % 10 = 0 then '${HEAVY}'::uuid else md5((i % 100)::text)::uuid end`;

describe.skipIf(!hasPostgres('plans of the consumer history lists at 20,000 rows'))(
  'plans of the consumer history lists (PostgreSQL, 20,000 rows, 2,000 of one user)',
  () => {
    beforeAll(async () => {
      db = await openServiceDatabase();
      const statements = [
        `insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous")
         select distinct ${USER_OF_ROW}, now(), now(), true from generate_series(1, 100) as i`,
        `insert into "business_account" ("id", "created_at", "updated_at", "name", "owner_email")
         values ('00000000-0000-7000-8000-0000000000b1', now(), now(), 'Plan', 'plan@example.com')`,
        `insert into "store" ("id", "created_at", "updated_at", "business_account_id", "name", "name_kana", "prefecture_code",
           "store_type", "address", "is_public_listing")
         values ('00000000-0000-7000-8000-0000000000c1', now(), now(), '00000000-0000-7000-8000-0000000000b1', '店', 'テン', '13',
           'cafe', '町', true)`,
        `insert into "terminal" ("id", "created_at", "updated_at", "public_terminal_id", "store_id")
         values ('00000000-0000-7000-8000-0000000000d1', now(), now(), 'PLAN0001', '00000000-0000-7000-8000-0000000000c1')`,
        `insert into "check_in_campaign" ("id", "created_at", "updated_at", "business_account_id", "store_id", "token", "name",
           "is_active", "allow_repeat_check_ins")
         values ('00000000-0000-7000-8000-0000000000e1', now(), now(), '00000000-0000-7000-8000-0000000000b1',
           '00000000-0000-7000-8000-0000000000c1', 'plan-campaign', 'Plan', true, true)`,
        `insert into "transaction" ("id", "created_at", "updated_at", "terminal_id", "store_id", "total_amount", "items", "occurred_at")
         select md5('t' || i)::uuid, now(), now(), '00000000-0000-7000-8000-0000000000d1', '00000000-0000-7000-8000-0000000000c1',
           100, '[]', timestamptz '2025-01-01' + i * interval '1 minute'
         from generate_series(1, 20000) as i`,
        // Claims and check-ins in pairs at the same minute: ties on the time, broken by the id.
        `insert into "receipt_claim" ("id", "created_at", "updated_at", "transaction_id", "kind", "user_id", "token_ref", "claimed_at")
         select md5('c' || i)::uuid, now(), now(), md5('t' || i)::uuid, 'terminal', ${USER_OF_ROW}, 'plan',
           timestamptz '2025-01-01' + (i / 20) * interval '1 minute'
         from generate_series(1, 20000) as i`,
        `insert into "check_in" ("id", "created_at", "updated_at", "campaign_id", "user_id", "store_id", "checked_in_at",
           "local_date", "counts_once")
         select md5('k' || i)::uuid, now(), now(), '00000000-0000-7000-8000-0000000000e1', ${USER_OF_ROW},
           '00000000-0000-7000-8000-0000000000c1', timestamptz '2025-01-01' + (i / 20) * interval '1 minute', date '2025-01-01', false
         from generate_series(1, 20000) as i`,
        'vacuum analyze "user_account", "transaction", "receipt_claim", "check_in"',
      ];
      for (const sql of statements) await em().execute(sql);
    });

    afterAll(async () => {
      await db?.close();
    });

    const inOrderFromIndex = (plan: string[], index: string) => {
      expect(plan.filter((node) => node.includes('Sort'))).toEqual([]);
      expect(plan).toContain(`Index Scan Backward on ${index}`);
    };

    it('reads page 1 of myReceipts in order from (user_id, claimed_at, id)', async () => {
      inOrderFromIndex(await nodes(RECEIPT_PAGE_SQL(false), [HEAVY, 21]), 'receipt_claim_user_id_claimed_at_id_index');
    });

    it('reads the page after a cursor in order from (user_id, claimed_at, id), the cursor an index condition', async () => {
      const [edge] = await em().execute<{ claimed_at: Date | string; id: string }[]>(
        `select "claimed_at", "id" from "receipt_claim" where "user_id" = ? order by "claimed_at" desc, "id" desc offset 19 limit 1`,
        [HEAVY],
      );
      const params = [HEAVY, new Date(edge!.claimed_at).toISOString(), edge!.id, 21];
      inOrderFromIndex(await nodes(RECEIPT_PAGE_SQL(true), params), 'receipt_claim_user_id_claimed_at_id_index');
    });

    it('reads checkins/me (the statement CheckInService.mine issues) in order from (user_id, checked_in_at, id)', async () => {
      const principal = {
        kind: 'user' as const,
        userId: HEAVY,
        clientId: 'plan',
        grantId: 'plan',
        scopes: new Set<string>(),
        expiresAt: new Date(Date.now() + 60_000),
      };
      const service = new CheckInService(db.context(principal));
      const { result, queries } = await queriesDuring(db.orm, () => service.mine(200));
      expect(result).toHaveLength(200);
      expect(queries).toHaveLength(1);
      // The logged statement has placeholders for the user and the limit.
      inOrderFromIndex(await nodes(queries[0]!, [HEAVY, 200]), 'check_in_user_id_checked_in_at_id_index');
    });
  },
);
