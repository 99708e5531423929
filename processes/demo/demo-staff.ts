/**
 * The demo staff (issue 14): a manager and two staff of the demo business さくらマート株式会社 at its
 * stores 渋谷店 and 新宿店, records of the business (none linked to a user account). Loaded when absent
 * (by id, ON CONFLICT DO NOTHING), so changes a business made stay; nothing when the business or a
 * store is absent.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { demoId } from './demo-id.js';

/** Id kind of demo staff members, apart from the kinds of other demo rows. */
const STAFF_KIND = 0x54;
/** さくらマート株式会社 and its stores 渋谷店 and 新宿店 (demo-data.ts). */
const SAKURA = demoId(1, 1);
const SHIBUYA = demoId(2, 1);
const SHINJUKU = demoId(2, 2);

/** The demo staff: id, name, reading, email, employee code, role, stores. */
export const DEMO_STAFF = [
  [
    demoId(STAFF_KIND, 1),
    '田中 誠',
    'タナカ マコト',
    'tanaka@sakura-mart.example',
    'S0001',
    'manager',
    [SHIBUYA, SHINJUKU],
  ],
  [demoId(STAFF_KIND, 2), '佐藤 美咲', 'サトウ ミサキ', 'sato@sakura-mart.example', 'S0002', 'staff', [SHIBUYA]],
  [demoId(STAFF_KIND, 3), '高橋 翔', 'タカハシ ショウ', null, 'P0001', 'part_time', [SHIBUYA]],
] as const;

/** Loads the demo staff members and their stores where absent. */
export async function loadDemoStaff(em: EntityManager, now = new Date()): Promise<void> {
  for (const [id, name, kana, email, code, role, stores] of DEMO_STAFF) {
    await em.execute(
      `insert into "staff_member"
         ("id", "created_at", "updated_at", "business_account_id", "display_name", "name_kana", "email",
          "employee_code", "role", "status")
       select ?, ?, ?, "b"."id", ?, ?, ?, ?, ?, 'active' from "business_account" "b" where "b"."id" = ?
       on conflict do nothing`,
      [id, now, now, name, kana, email, code, role, SAKURA],
    );
    await em.execute(
      `insert into "staff_member_store" ("staff_member_id", "store_id")
       select "m"."id", "s"."id" from "staff_member" "m" join "store" "s" on "s"."business_account_id" = "m"."business_account_id"
       where "m"."id" = ? and "s"."id" in (${stores.map(() => '?').join(', ')})
       on conflict do nothing`,
      [id, ...stores],
    );
  }
}
