import { Migration } from '@mikro-orm/migrations';
import { STOCK_MOVEMENT_APPEND_ONLY_BODY } from '../../../stores/inventory/stock-movement-guard.js';

/**
 * stores: inventory. Stock locations of a business (store floors, backrooms, warehouses); stock levels
 * per product and location; the append-only ledger of stock movements that explains every level
 * (a trigger refuses updates, and deletes other than the cascade of a deleted product or location);
 * stocktake sessions with their counted lines. A movement's (business, source, source_ref) is unique,
 * so a posting from a receipt, an order or a webhook is recorded once (a NULL source_ref, a manual
 * movement, is never a duplicate). Levels, movements and stocktakes go with their product or location,
 * and so with their business.
 */
export class Migration0035StoresInventory extends Migration {
  override up(): void {
    this.addSql(`create table "stock_location" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "name" varchar(100) not null,
      "kind" varchar(16) not null,
      "store_id" uuid null references "store" ("id") on update cascade on delete set null
    );`);
    this.addSql(
      'alter table "stock_location" add constraint "stock_location_business_account_id_name_unique" unique ("business_account_id", "name");',
    );
    this.addSql('create index "stock_location_store_id_index" on "stock_location" ("store_id");');

    this.addSql(`create table "stock_level" (
      "product_id" uuid not null references "product" ("id") on update cascade on delete cascade,
      "location_id" uuid not null references "stock_location" ("id") on update cascade on delete cascade,
      "business_account_id" uuid not null,
      "on_hand" int not null,
      "updated_at" timestamptz not null,
      primary key ("product_id", "location_id")
    );`);
    this.addSql(
      'create index "stock_level_business_account_id_product_id_location_id_index" on "stock_level" ("business_account_id", "product_id", "location_id");',
    );
    this.addSql('create index "stock_level_location_id_index" on "stock_level" ("location_id");');

    this.addSql(`create table "stock_movement" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null,
      "product_id" uuid not null references "product" ("id") on update cascade on delete cascade,
      "location_id" uuid not null references "stock_location" ("id") on update cascade on delete cascade,
      "quantity" int not null,
      "kind" varchar(16) not null,
      "reason" varchar(500) null,
      "transfer_id" uuid null,
      "source" varchar(32) not null,
      "source_ref" varchar(200) null,
      "actor" varchar(200) not null,
      "occurred_at" timestamptz not null,
      "on_hand_after" int not null
    );`);
    this.addSql(
      'alter table "stock_movement" add constraint "stock_movement_business_account_id_source_source_ref_unique" unique ("business_account_id", "source", "source_ref");',
    );
    this.addSql(
      'create index "stock_movement_business_account_id_id_index" on "stock_movement" ("business_account_id", "id");',
    );
    this.addSql('create index "stock_movement_product_id_id_index" on "stock_movement" ("product_id", "id");');
    this.addSql('create index "stock_movement_location_id_id_index" on "stock_movement" ("location_id", "id");');
    this.addSql(
      `create or replace function "stock_movement_append_only_fn"() returns trigger as $$ begin ${STOCK_MOVEMENT_APPEND_ONLY_BODY} end; $$ language plpgsql;`,
    );
    this.addSql(
      'create trigger "append_only" before update or delete on "stock_movement" for each row execute function "stock_movement_append_only_fn"();',
    );

    this.addSql(`create table "stocktake" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null,
      "location_id" uuid not null references "stock_location" ("id") on update cascade on delete cascade,
      "status" varchar(16) not null,
      "applied_at" timestamptz null
    );`);
    this.addSql('create index "stocktake_business_account_id_id_index" on "stocktake" ("business_account_id", "id");');
    this.addSql('create index "stocktake_location_id_index" on "stocktake" ("location_id");');
    this.addSql(`create table "stocktake_line" (
      "stocktake_id" uuid not null references "stocktake" ("id") on update cascade on delete cascade,
      "product_id" uuid not null references "product" ("id") on update cascade on delete cascade,
      "counted" int not null,
      primary key ("stocktake_id", "product_id")
    );`);
    this.addSql('create index "stocktake_line_product_id_index" on "stocktake_line" ("product_id");');
  }
}
