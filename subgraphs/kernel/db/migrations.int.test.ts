import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/fixtures/database.js';
import { ALL_ENTITIES } from '../../index.js';
import { migrations } from './migrations/index.js';
import { createOrm, migrate, type Orm } from './orm.js';

/**
 * Foreign keys that only the database knows: they join tables of different subgraphs (or plain uuid
 * columns), which entity metadata deliberately does not model as relations, so the schema diff would
 * drop them. Each must exist, and no other difference may.
 */
const DATABASE_ONLY_FOREIGN_KEYS = [
  'app_page.app_page_shop_app_id_fkey',
  'app_post.app_post_shop_app_id_fkey',
  'browser_session.browser_session_user_id_fkey',
  'budget.budget_user_id_fkey',
  'business_owner.business_owner_business_account_id_fkey',
  'business_owner.business_owner_user_id_fkey',
  'email_verification_token.email_verification_token_user_id_fkey',
  'owner_invitation.owner_invitation_accepted_by_user_id_fkey',
  'owner_invitation.owner_invitation_business_account_id_fkey',
  // issue 14: staff
  'owner_invitation.owner_invitation_staff_member_id_fkey',
  'staff_member.staff_member_business_account_id_fkey',
  'staff_member.staff_member_user_id_fkey',
  'staff_member_store.staff_member_store_staff_member_id_fkey',
  'staff_member_store.staff_member_store_store_id_fkey',
  'check_in.check_in_campaign_id_fkey',
  'check_in.check_in_store_id_fkey',
  'check_in.check_in_user_id_fkey',
  'check_in_campaign.check_in_campaign_business_account_id_fkey',
  'check_in_campaign.check_in_campaign_store_id_fkey',
  'coupon.coupon_business_account_id_fkey',
  'business_customer.business_customer_business_account_id_fkey',
  'business_customer.business_customer_user_id_fkey',
  'customer.customer_shop_app_id_fkey',
  'customer.customer_user_id_fkey',
  'coupon_store.coupon_store_coupon_id_fkey',
  'coupon_store.coupon_store_store_id_fkey',
  'favorite_store.favorite_store_store_id_fkey',
  'notification_token.notification_token_customer_id_fkey',
  'favorite_store.favorite_store_user_id_fkey',
  'oauth_client.oauth_client_business_account_id_fkey',
  'receipt_claim.receipt_claim_transaction_id_fkey',
  'receipt_claim.receipt_claim_user_id_fkey',
  'shop_app.shop_app_business_account_id_fkey',
  'shop_app_store.shop_app_store_shop_app_id_fkey',
  'shop_app_store.shop_app_store_store_id_fkey',
  'store.store_business_account_id_fkey',
  'store_special_day.store_special_day_store_id_fkey',
  'store_weekly_hours.store_weekly_hours_store_id_fkey',
  'survey_campaign.survey_campaign_business_account_id_fkey',
  'survey_campaign.survey_campaign_store_id_fkey',
  'survey_response.survey_response_campaign_id_fkey',
  'survey_response.survey_response_user_id_fkey',
  'terminal.terminal_store_id_fkey',
  'transaction.transaction_store_id_fkey',
  'transaction.transaction_terminal_id_fkey',
  'transaction_qr_token.transaction_qr_token_transaction_id_fkey',
  'wallet_pass.wallet_pass_customer_id_fkey',
  'webhook_attempt.webhook_attempt_delivery_id_fkey',
  'webhook_attempt.webhook_attempt_endpoint_id_fkey',
  'webhook_delivery.webhook_delivery_endpoint_id_fkey',
  'webhook_delivery.webhook_delivery_event_id_fkey',
  'webhook_endpoint.webhook_endpoint_business_account_id_fkey',
  'shop_installation.shop_installation_business_account_id_fkey',
  'shop_installation.shop_installation_store_id_fkey',
  'shop_installation.shop_installation_terminal_id_fkey',
  'storefront_webhook.storefront_webhook_installation_id_fkey',
  'storefront_order.storefront_order_installation_id_fkey',
  'storefront_order.storefront_order_transaction_id_fkey',
  'storefront_stock_level.storefront_stock_level_installation_id_fkey',
  'storefront_privacy_request.storefront_privacy_request_installation_id_fkey',
  'storefront_privacy_request.storefront_privacy_request_webhook_id_fkey',
  // issue 14: orders
  'sales_order.sales_order_business_account_id_fkey',
  'sales_order.sales_order_store_id_fkey',
  'sales_order.sales_order_transaction_id_fkey',
  'sales_order_counter.sales_order_counter_business_account_id_fkey',
  'sales_order_line.sales_order_line_order_id_fkey',
  // issue 14: reservations
  'reservation_resource.reservation_resource_business_account_id_fkey',
  'reservation_resource.reservation_resource_store_id_fkey',
  'reservation.reservation_business_account_id_fkey',
  'reservation.reservation_store_id_fkey',
  'reservation.reservation_resource_id_fkey',
  // issue 14: products and inventory
  'product.product_business_account_id_fkey',
  'product_store.product_store_product_id_fkey',
  'product_store.product_store_store_id_fkey',
  'stock_location.stock_location_business_account_id_fkey',
  'stock_location.stock_location_store_id_fkey',
  'stock_level.stock_level_product_id_fkey',
  'stock_level.stock_level_location_id_fkey',
  'stock_movement.stock_movement_product_id_fkey',
  'stock_movement.stock_movement_location_id_fkey',
  'stocktake.stocktake_location_id_fkey',
  'stocktake_line.stocktake_line_stocktake_id_fkey',
  'stocktake_line.stocktake_line_product_id_fkey',
  // issue 14: flyers
  'flyer.flyer_business_account_id_fkey',
  'flyer.flyer_store_id_fkey',
  'flyer_page.flyer_page_flyer_id_fkey',
  'flyer_item.flyer_item_flyer_id_fkey',
  'flyer_item.flyer_item_product_id_fkey',
  // issue 14: sales and storefront inventory post to the ledger
  'storefront_item_link.storefront_item_link_business_account_id_fkey',
  'storefront_item_link.storefront_item_link_product_id_fkey',
  'storefront_location_link.storefront_location_link_business_account_id_fkey',
  'storefront_location_link.storefront_location_link_location_id_fkey',
  // issue 15: analytics snapshots
  'content_view_day.content_view_day_store_id_fkey',
  'analytics_snapshot.analytics_snapshot_store_id_fkey',
  // issue 15: segments
  'segment.segment_business_account_id_fkey',
  'segment_target.segment_target_segment_id_fkey',
];

const DROP_FOREIGN_KEY = /^alter table "(\w+)" drop constraint "(\w+_fkey)";$/;

let database: TestDatabase;
let orm: Orm;
let applied: string[];

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  orm = await createOrm({
    env: { databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR, debugSql: false },
    entities: ALL_ENTITIES,
  });
  applied = await migrate(orm);
});

afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

describe('migrations', () => {
  it('apply in order on an empty database, and once only', async () => {
    expect(applied).toEqual(migrations.map((m) => m.name));
    expect(await migrate(orm)).toEqual([]);
  });

  it('leave the database exactly as the entity metadata describes it', async () => {
    const statements = (await orm.schema.getUpdateSchemaSQL())
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && line !== "set names 'utf8';");
    const droppedForeignKeys = statements.flatMap((s) => {
      const match = DROP_FOREIGN_KEY.exec(s);
      return match ? [`${match[1]}.${match[2]}`] : [];
    });
    expect(statements.filter((s) => !DROP_FOREIGN_KEY.test(s))).toEqual([]);
    expect(droppedForeignKeys.sort()).toEqual([...DATABASE_ONLY_FOREIGN_KEYS].sort());
  });
});
