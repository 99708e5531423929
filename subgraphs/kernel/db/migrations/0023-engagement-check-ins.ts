import { Migration } from '@mikro-orm/migrations';

/**
 * engagement: consumers' check-ins. A check-in campaign says whether it allows repeat check-ins
 * (default: one per user per store per store-local day). Each check-in row copies that rule as
 * `counts_once` when it is written, and a partial unique index on (user, store, local date) over the
 * rows that count once lets INSERT ... ON CONFLICT DO NOTHING decide duplicates without a prior read.
 */
export class Migration0023EngagementCheckIns extends Migration {
  override up(): void {
    this.addSql('alter table "check_in_campaign" add column "allow_repeat_check_ins" boolean not null default false;');
    this.addSql(`create table "check_in" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "campaign_id" uuid not null references "check_in_campaign" ("id") on update cascade on delete cascade,
      "user_id" uuid not null references "user_account" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "checked_in_at" timestamptz not null,
      "local_date" date not null,
      "counts_once" boolean not null default true
    );`);
    this.addSql(
      'create unique index "check_in_once_per_day_unique" on "check_in" ("user_id", "store_id", "local_date") where "counts_once";',
    );
    this.addSql('create index "check_in_user_id_checked_in_at_index" on "check_in" ("user_id", "checked_in_at");');
    this.addSql('create index "check_in_campaign_id_index" on "check_in" ("campaign_id");');
    this.addSql('create index "check_in_store_id_index" on "check_in" ("store_id");');
  }
}
