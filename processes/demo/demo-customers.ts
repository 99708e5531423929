/**
 * The demo customer (wallet issue, demo): hanako is a member of the demo shop app さくらマート with
 * 1,200 points, so its membership card config ranks her シルバー, and her wallet passes
 * (`/api/v1/apps/sakura-mart/wallet/mobile-a/{DEMO_CUSTOMER_ID}`) show them after `npm start`. Loaded
 * when absent (by id, or when she is already a member there), so points a business changed stay.
 */
import type { EntityManager } from '../../subgraphs/kernel/db/orm.js';
import { MEMBERSHIP_RECORD_CTE } from '../../subgraphs/wallet/business-customer/business-customer.store.js';
import { DEMO_MEMBERSHIP_RECORD_ID } from './demo-business-customers.js';
import { demoId } from './demo-id.js';

/** Id kind of demo customers, apart from the kinds of other demo rows. */
const CUSTOMER_KIND = 0x40;
/** hanako's membership at さくらマート: the `{customerId}` of the demo wallet passes. */
export const DEMO_CUSTOMER_ID = demoId(CUSTOMER_KIND, 1);
/** hanako@example.com: the first demo user (demo-data.ts, USER_KIND 0x10). */
const HANAKO = demoId(0x10, 1);
/** Printed on her card and in its barcode. */
export const DEMO_MEMBER_NUMBER = '202600000001';
export const DEMO_CUSTOMER_POINTS = 1200;
/** The rank the demo card config (demo-content.ts) gives 1,200 points: silver from 1,000. */
export const DEMO_CUSTOMER_RANK = 'silver';

/**
 * Makes hanako a member of the demo shop app `shopAppId` unless she is one, or the customer id, or her
 * member number there, is taken (ON CONFLICT DO NOTHING); nothing when her demo account is absent.
 * Like a join, the same statement gives さくらマート its record of her (source membership) unless it has one.
 */
export async function loadDemoCustomer(em: EntityManager, shopAppId: string, now = new Date()): Promise<void> {
  await em.execute(
    `with "member" as (
       insert into "customer"
         ("id", "created_at", "updated_at", "shop_app_id", "user_id", "member_number", "points", "rank_code", "pass_updated_at")
       select ?, ?, ?, ?, "u"."id", ?, ?, ?, ? from "user_account" "u" where "u"."id" = ?
       on conflict do nothing
       returning *
     ), ${MEMBERSHIP_RECORD_CTE}
     select "id" from "member"`,
    [
      DEMO_CUSTOMER_ID,
      now,
      now,
      shopAppId,
      DEMO_MEMBER_NUMBER,
      DEMO_CUSTOMER_POINTS,
      DEMO_CUSTOMER_RANK,
      now,
      HANAKO,
      DEMO_MEMBERSHIP_RECORD_ID,
    ],
  );
}
