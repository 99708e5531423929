import { Migration } from '@mikro-orm/migrations';

/**
 * wallet: notification tokens (one per customer, channel and device, enforced by a unique constraint so
 * re-registering is an upsert) and wallet passes. shop_id names a shop app and customer_id a consumer;
 * neither has a table to reference yet.
 */
export class Migration0006Wallet extends Migration {
  override up(): void {
    this.addSql(`create table "notification_token" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "customer_id" uuid not null,
      "shop_id" varchar(64) not null,
      "channel" varchar(16) not null,
      "device_id" varchar(128) not null,
      "push_token" varchar(512) not null,
      "last_seen_at" timestamptz not null
    );`);
    this.addSql(
      'alter table "notification_token" add constraint "notification_token_customer_id_channel_device_id_unique" unique ("customer_id", "channel", "device_id");',
    );
    this.addSql(
      'create index "notification_token_shop_id_customer_id_index" on "notification_token" ("shop_id", "customer_id");',
    );

    this.addSql(`create table "wallet_pass" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "customer_id" uuid not null,
      "shop_id" varchar(64) not null,
      "platform" varchar(16) not null,
      "serial_number" varchar(64) not null,
      "rank" varchar(64) null,
      "points" int not null default 0,
      "last_pushed_at" timestamptz null
    );`);
    this.addSql(
      'alter table "wallet_pass" add constraint "wallet_pass_serial_number_unique" unique ("serial_number");',
    );
    this.addSql('create index "wallet_pass_shop_id_customer_id_index" on "wallet_pass" ("shop_id", "customer_id");');
  }
}
