import { Migration } from '@mikro-orm/migrations';

/**
 * identity: consumer accounts. When the password last changed; failed sign-in counters per account
 * and per client IP (keys are hashes, see identity/user/sign-in-throttle.ts); and the device
 * registry, one row per (user, client-chosen device id).
 */
export class Migration0008IdentityAccounts extends Migration {
  override up(): void {
    this.addSql('alter table "user_account" add column "password_changed_at" timestamptz null;');
    this.addSql(`create table "sign_in_throttle" (
      "key" varchar(64) not null primary key,
      "failures" int not null,
      "window_started_at" timestamptz not null,
      "locked_until" timestamptz null
    );`);
    this.addSql(`create table "user_device" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "user_id" uuid not null,
      "device_id" varchar(128) not null,
      "platform" varchar(16) not null,
      "name" varchar(100) null,
      "push_token" varchar(512) null,
      "app_version" varchar(32) null,
      "last_seen_at" timestamptz not null
    );`);
    this.addSql(
      'alter table "user_device" add constraint "user_device_user_id_device_id_unique" unique ("user_id", "device_id");',
    );
    // A modelled relation (UserDevice.userId), so the constraint carries the ORM's name and rules.
    this.addSql(`alter table "user_device" add constraint "user_device_user_id_foreign"
      foreign key ("user_id") references "user_account" ("id") on delete cascade;`);
  }
}
