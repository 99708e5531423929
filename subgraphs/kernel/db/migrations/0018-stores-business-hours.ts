import { Migration } from '@mikro-orm/migrations';

/**
 * stores: business hours. A store's time zone (IANA, Asia/Tokyo by default), its regular intervals per
 * ISO weekday (one row per weekday, the intervals as JSON: at most four, read together) and its
 * special days (one row per local date). Both go with their store.
 */
export class Migration0018StoresBusinessHours extends Migration {
  override up(): void {
    this.addSql(`alter table "store" add column "time_zone" varchar(64) not null default 'Asia/Tokyo';`);
    this.addSql(`create table "store_weekly_hours" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "weekday" smallint not null,
      "intervals" jsonb not null
    );`);
    this.addSql(
      'alter table "store_weekly_hours" add constraint "store_weekly_hours_store_id_weekday_unique" unique ("store_id", "weekday");',
    );
    this.addSql(`create table "store_special_day" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "date" date not null,
      "closed" boolean not null,
      "intervals" jsonb not null,
      "note" varchar(100) null
    );`);
    this.addSql(
      'alter table "store_special_day" add constraint "store_special_day_store_id_date_unique" unique ("store_id", "date");',
    );
  }
}
