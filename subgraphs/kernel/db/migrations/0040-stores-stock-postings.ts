import { Migration } from '@mikro-orm/migrations';

/**
 * stores: sales and storefront levels post to the stock ledger. The cursor of each outbox consumer
 * (the stores job reading order and storefront inventory events in publish order), and the links of a
 * business's storefront inventory items to its products and of the shop's locations to its stock
 * locations. A link goes with its business, product or location.
 */
export class Migration0040StoresStockPostings extends Migration {
  override up(): void {
    this.addSql(`create table "outbox_consumer_cursor" (
      "consumer" varchar(64) not null primary key,
      "last_seq" bigint not null,
      "updated_at" timestamptz not null
    );`);

    this.addSql(`create table "storefront_item_link" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "shop_domain" varchar(255) not null,
      "inventory_item_id" varchar(64) not null,
      "product_id" uuid not null references "product" ("id") on update cascade on delete cascade
    );`);
    this.addSql(
      'alter table "storefront_item_link" add constraint "storefront_item_link_item_unique" unique ("business_account_id", "shop_domain", "inventory_item_id");',
    );
    this.addSql('create index "storefront_item_link_product_id_index" on "storefront_item_link" ("product_id");');

    this.addSql(`create table "storefront_location_link" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "shop_domain" varchar(255) not null,
      "storefront_location_id" varchar(64) not null,
      "location_id" uuid not null references "stock_location" ("id") on update cascade on delete cascade
    );`);
    this.addSql(
      'alter table "storefront_location_link" add constraint "storefront_location_link_location_unique" unique ("business_account_id", "shop_domain", "storefront_location_id");',
    );
    this.addSql(
      'create index "storefront_location_link_location_id_index" on "storefront_location_link" ("location_id");',
    );
  }
}
