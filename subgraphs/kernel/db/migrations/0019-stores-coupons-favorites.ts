import { Migration } from '@mikro-orm/migrations';

/**
 * stores: consumers' favorite stores, and coupons of a business with the stores they target. Favorites
 * go with the user or the store; a coupon goes with its business, its store links with the coupon or
 * the store. Statuses and discount kinds are checked by the service (no enum types to migrate later).
 */
export class Migration0019StoresCouponsFavorites extends Migration {
  override up(): void {
    this.addSql(`create table "favorite_store" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "user_id" uuid not null references "user_account" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade
    );`);
    this.addSql(
      'alter table "favorite_store" add constraint "favorite_store_user_id_store_id_unique" unique ("user_id", "store_id");',
    );
    this.addSql(
      'create index "favorite_store_user_id_created_at_index" on "favorite_store" ("user_id", "created_at");',
    );
    this.addSql('create index "favorite_store_store_id_index" on "favorite_store" ("store_id");');

    this.addSql(`create table "coupon" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "title" varchar(200) not null,
      "description" varchar(2000) not null,
      "terms" varchar(4000) not null,
      "benefit" varchar(100) null,
      "discount_kind" varchar(16) null,
      "discount_value" int null,
      "image_url" varchar(2048) null,
      "valid_from" timestamptz null,
      "valid_to" timestamptz null,
      "status" varchar(16) not null default 'draft',
      "published_at" timestamptz null,
      "limit_per_user" int null,
      "total_limit" int null
    );`);
    this.addSql('create index "coupon_business_account_id_index" on "coupon" ("business_account_id");');

    this.addSql(`create table "coupon_store" (
      "coupon_id" uuid not null references "coupon" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      primary key ("coupon_id", "store_id")
    );`);
    this.addSql('create index "coupon_store_store_id_index" on "coupon_store" ("store_id");');
  }
}
