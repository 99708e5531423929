import { Migration } from '@mikro-orm/migrations';

/**
 * stores: the store directory. Substring search (q) runs on one generated, lower-cased column
 * (name, kana and address joined by U+001F, which a query never contains) with one trigram index:
 * at 100k stores a kana search's count takes ~2 ms instead of ~15 ms for ILIKE over three columns
 * (npm run bench, EXPLAIN section). The partial indexes serve the filter-only listing in order.
 */
export class Migration0003Stores extends Migration {
  override up(): void {
    this.addSql(`create table "store" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade,
      "name" varchar(200) not null,
      "name_kana" varchar(200) not null,
      "prefecture_code" char(2) not null,
      "store_type" varchar(32) not null,
      "address" varchar(300) not null,
      "postal_code" varchar(8) null,
      "phone" varchar(32) null,
      "is_public_listing" boolean not null default false,
      "place_id" varchar(128) null,
      "latitude" double precision null,
      "longitude" double precision null
    );`);
    this.addSql('create index "store_business_account_id_index" on "store" ("business_account_id");');
    this.addSql('alter table "store" add constraint "store_place_id_unique" unique ("place_id");');
    this.addSql(
      'create index "store_public_listing_idx" on "store" ("prefecture_code", "store_type", "name_kana", "id") where "is_public_listing" or "place_id" is not null;',
    );
    this.addSql(
      'create index "store_public_order_idx" on "store" ("name_kana", "id") where "is_public_listing" or "place_id" is not null;',
    );
    this.addSql(
      'alter table "store" add column "search_text" text generated always as (lower("name" || chr(31) || "name_kana" || chr(31) || "address")) stored;',
    );
    this.addSql('create index "store_search_text_trgm_idx" on "store" using gin ("search_text" gin_trgm_ops);');
  }
}
