import { Migration } from '@mikro-orm/migrations';

/**
 * stores: the products of a business (its catalogue for partner apps: SKU, barcode, names, price and
 * tax rate, status, images, backorder) and the business's stores each is sold at (`product_store`).
 * SKU and barcode are unique per business (a NULL barcode is no barcode). `search_text` is generated
 * from name, kana, SKU and barcode, lower-cased and joined by U+001F, behind a trigram index for the
 * back office's text search; the two list orders (name, last change) have keyset indexes per business.
 * A product goes with its business, its store links with the product or the store.
 */
export class Migration0034StoresProducts extends Migration {
  override up(): void {
    this.addSql(`create table "product" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "sku" varchar(64) not null,
      "barcode" varchar(14) null,
      "name" varchar(200) not null,
      "name_kana" varchar(200) not null,
      "description" varchar(4000) not null,
      "price_amount" int not null,
      "currency" varchar(3) not null,
      "tax_rate" int not null,
      "status" varchar(16) not null,
      "image_urls" jsonb not null default '[]',
      "allows_backorder" boolean not null default false
    );`);
    this.addSql(
      `alter table "product" add column "search_text" text generated always as (lower("name" || chr(31) || "name_kana" || chr(31) || "sku" || chr(31) || coalesce("barcode", ''))) stored;`,
    );
    this.addSql(
      'alter table "product" add constraint "product_business_account_id_sku_unique" unique ("business_account_id", "sku");',
    );
    this.addSql(
      'alter table "product" add constraint "product_business_account_id_barcode_unique" unique ("business_account_id", "barcode");',
    );
    this.addSql(
      'create index "product_business_account_id_name_id_index" on "product" ("business_account_id", "name", "id");',
    );
    this.addSql(
      'create index "product_business_account_id_updated_at_id_index" on "product" ("business_account_id", "updated_at", "id");',
    );
    this.addSql('create index "product_search_text_trgm_idx" on "product" using gin ("search_text" gin_trgm_ops);');

    this.addSql(`create table "product_store" (
      "product_id" uuid not null references "product" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      primary key ("product_id", "store_id")
    );`);
    this.addSql('create index "product_store_store_id_index" on "product_store" ("store_id");');
  }
}
