import { Migration } from '@mikro-orm/migrations';

/**
 * receipts: inbound storefront webhooks (anchor: Shopify).
 *
 * - `shop_installation`: a shop (its domain, a lowercase DNS hostname, unique) with its shared secret
 *   sealed with the secrets key; once installed for a business account, the store that receives its
 *   orders and the terminal created for it there (every transaction has a terminal); active or
 *   uninstalled. The operator may set a shop's secret before it is installed (operator
 *   CLI, `webhook-secret:set`): such a row has no business account, store or terminal (its webhooks
 *   verify; its orders are recorded as skipped) until `shop:install` attaches them.
 * - `storefront_webhook`: every accepted delivery, deduplicated per shop by its event id; the raw
 *   body is kept until the worker has processed it (then cleared: the effects hold what is needed).
 * - `storefront_order`: one row per shop order, its customer fields (erased on redact) and the
 *   `transaction` it created.
 * - `storefront_stock_level`: available quantity per (shop, inventory item, location).
 * - `storefront_privacy_request`: data requests (with the export) and erasures.
 */
export class Migration0029ReceiptsStorefront extends Migration {
  override up(): void {
    this.addSql(`create table "shop_installation" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid null references "business_account" ("id") on delete cascade,
      "shop_domain" varchar(255) not null,
      "secret_ciphertext" varchar(1024) not null,
      "store_id" uuid null references "store" ("id") on delete cascade,
      "terminal_id" uuid null references "terminal" ("id") on delete cascade,
      "status" varchar(16) not null default 'active',
      "installed_at" timestamptz not null,
      "uninstalled_at" timestamptz null
    );`);
    this.addSql(
      'alter table "shop_installation" add constraint "shop_installation_shop_domain_unique" unique ("shop_domain");',
    );
    this.addSql(
      'create index "shop_installation_business_account_id_index" on "shop_installation" ("business_account_id");',
    );

    this.addSql(`create table "storefront_webhook" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "installation_id" uuid not null references "shop_installation" ("id") on delete cascade,
      "kind" varchar(32) not null,
      "topic" varchar(128) not null,
      "event_id" varchar(255) not null,
      "payload" text null,
      "received_at" timestamptz not null,
      "processed_at" timestamptz null,
      "attempts" int not null default 0,
      "last_error" varchar(1024) null
    );`);
    this.addSql(
      'alter table "storefront_webhook" add constraint "storefront_webhook_installation_id_event_id_unique" unique ("installation_id", "event_id");',
    );
    this.addSql(
      'create index "storefront_webhook_pending_idx" on "storefront_webhook" ("received_at") where "processed_at" is null;',
    );

    this.addSql(`create table "storefront_order" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "installation_id" uuid not null references "shop_installation" ("id") on delete cascade,
      "shop_order_id" varchar(64) not null,
      "order_name" varchar(64) null,
      "transaction_id" uuid null references "transaction" ("id") on delete set null,
      "shop_customer_id" varchar(64) null,
      "customer_email" varchar(320) null,
      "customer_name" varchar(200) null,
      "customer_phone" varchar(64) null,
      "shipped_at" timestamptz null,
      "redacted_at" timestamptz null
    );`);
    this.addSql(
      'alter table "storefront_order" add constraint "storefront_order_installation_id_shop_order_id_unique" unique ("installation_id", "shop_order_id");',
    );
    this.addSql('create index "storefront_order_transaction_id_index" on "storefront_order" ("transaction_id");');

    this.addSql(`create table "storefront_stock_level" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "installation_id" uuid not null references "shop_installation" ("id") on delete cascade,
      "inventory_item_id" varchar(64) not null,
      "location_id" varchar(64) not null,
      "available" int null,
      "shop_updated_at" timestamptz null
    );`);
    this.addSql(
      'alter table "storefront_stock_level" add constraint "storefront_stock_level_item_location_unique" unique ("installation_id", "inventory_item_id", "location_id");',
    );

    this.addSql(`create table "storefront_privacy_request" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "installation_id" uuid not null references "shop_installation" ("id") on delete cascade,
      "webhook_id" uuid not null references "storefront_webhook" ("id") on delete cascade,
      "kind" varchar(32) not null,
      "shop_customer_id" varchar(64) null,
      "export" jsonb null,
      "erased_orders" int null,
      "completed_at" timestamptz not null
    );`);
    this.addSql(
      'create index "storefront_privacy_request_installation_id_index" on "storefront_privacy_request" ("installation_id");',
    );
    this.addSql(
      'alter table "storefront_privacy_request" add constraint "storefront_privacy_request_webhook_id_unique" unique ("webhook_id");',
    );
  }
}
