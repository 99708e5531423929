import { Migration } from '@mikro-orm/migrations';

/**
 * wallet: customers (a user's membership at a shop app) and, now that they exist, wallet passes and
 * notification tokens that belong to a customer. The two tables of 0006 never held rows (nothing wrote
 * them), so they are recreated with the customer as their foreign key; a customer goes with its user
 * account or its shop app, and its passes and tokens with it.
 */
export class Migration0027WalletCustomers extends Migration {
  override up(): void {
    this.addSql('drop table "notification_token";');
    this.addSql('drop table "wallet_pass";');
    this.addSql(`create table "customer" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "shop_app_id" uuid not null references "shop_app" ("id") on update cascade on delete cascade,
      "user_id" uuid not null references "user_account" ("id") on delete cascade,
      "member_number" varchar(16) not null,
      "points" int not null default 0 check ("points" >= 0),
      "rank_code" varchar(32) null,
      "pass_updated_at" timestamptz not null
    );`);
    this.addSql(
      'alter table "customer" add constraint "customer_shop_app_id_user_id_unique" unique ("shop_app_id", "user_id");',
    );
    this.addSql(
      'alter table "customer" add constraint "customer_shop_app_id_member_number_unique" unique ("shop_app_id", "member_number");',
    );
    this.addSql('create index "customer_user_id_index" on "customer" ("user_id");');

    this.addSql(`create table "wallet_pass" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "customer_id" uuid not null references "customer" ("id") on update cascade on delete cascade,
      "platform" varchar(16) not null,
      "serial_number" varchar(64) not null,
      "last_pushed_at" timestamptz null
    );`);
    this.addSql(
      'alter table "wallet_pass" add constraint "wallet_pass_serial_number_unique" unique ("serial_number");',
    );
    this.addSql(
      'alter table "wallet_pass" add constraint "wallet_pass_customer_id_platform_unique" unique ("customer_id", "platform");',
    );

    this.addSql(`create table "notification_token" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "customer_id" uuid not null references "customer" ("id") on update cascade on delete cascade,
      "channel" varchar(16) not null,
      "device_id" varchar(128) not null,
      "push_token" text not null,
      "last_seen_at" timestamptz not null
    );`);
    this.addSql(
      'alter table "notification_token" add constraint "notification_token_customer_id_channel_device_id_unique" unique ("customer_id", "channel", "device_id");',
    );
  }
}
