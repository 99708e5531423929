import { Migration } from '@mikro-orm/migrations';

/**
 * wallet: a business's customer records (entity BusinessCustomer, store.customers.*): from memberships,
 * storefront shops or its staff, with consent flags. A record goes with its business account, and a
 * membership record with its user account; one record per business and user, and per business and
 * storefront customer. The memberships of before are filled in (one record per business and user, as
 * old as the user's first membership there), with a UUIDv7 made from that time.
 */
export class Migration0038WalletBusinessCustomers extends Migration {
  override up(): void {
    this.addSql(`create table "business_customer" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on delete cascade,
      "source" varchar(16) not null,
      "user_id" uuid null references "user_account" ("id") on delete cascade,
      "shop_domain" varchar(255) null,
      "shop_customer_id" varchar(64) null,
      "name" varchar(200) null,
      "name_kana" varchar(200) null,
      "email" varchar(320) null,
      "phone" varchar(32) null,
      "birthday" date null,
      "note" varchar(2000) null,
      "marketing_email" boolean not null default false,
      "marketing_email_changed_at" timestamptz null,
      "marketing_push" boolean not null default false,
      "marketing_push_changed_at" timestamptz null,
      "data_sharing" boolean not null default false,
      "data_sharing_changed_at" timestamptz null,
      constraint "business_customer_source_check" check ("source" in ('membership', 'storefront', 'staff')),
      constraint "business_customer_storefront_identity_check" check (("shop_domain" is null) = ("shop_customer_id" is null))
    );`);
    this.addSql(
      'alter table "business_customer" add constraint "business_customer_business_account_id_user_id_unique" unique ("business_account_id", "user_id");',
    );
    this.addSql(
      'alter table "business_customer" add constraint "business_customer_storefront_identity_unique" unique ("business_account_id", "shop_domain", "shop_customer_id");',
    );
    this.addSql(
      'create index "business_customer_business_account_id_created_at_id_index" on "business_customer" ("business_account_id", "created_at", "id");',
    );
    this.addSql('create index "business_customer_user_id_index" on "business_customer" ("user_id");');
    this
      .addSql(`insert into "business_customer" ("id", "created_at", "updated_at", "business_account_id", "source", "user_id")
      select cast(lpad(to_hex(floor(extract(epoch from min(c."created_at")) * 1000)::bigint), 12, '0')
          || '7' || substr(md5(random()::text || c."user_id"::text), 1, 3)
          || '8' || substr(md5(random()::text || s."business_account_id"::text), 1, 15) as uuid),
        min(c."created_at"), min(c."created_at"), s."business_account_id", 'membership', c."user_id"
      from "customer" c join "shop_app" s on s."id" = c."shop_app_id"
      group by s."business_account_id", c."user_id";`);
  }
}
