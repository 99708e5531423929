import { Migration } from '@mikro-orm/migrations';

/**
 * stores: analytics snapshots (issue 15). `content_view_day` counts views of coupons, posts and flyers
 * per store and Asia/Tokyo day (one upsert per view); `analytics_snapshot` holds each store's figures of
 * a closed Tokyo day (primary key store and day: recomputing is an upsert); `analytics_closed_day`
 * records the days the job has computed. Counts only, no person; every row goes with its store.
 */
export class Migration0044StoresAnalytics extends Migration {
  override up(): void {
    this.addSql(`create table "content_view_day" (
      "content_kind" text not null,
      "content_id" uuid not null,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "day" date not null,
      "views" int not null,
      primary key ("content_kind", "content_id", "store_id", "day"),
      constraint "content_view_day_content_kind_check" check ("content_kind" in ('coupon', 'post', 'flyer')),
      constraint "content_view_day_views_check" check ("views" >= 0)
    );`);
    this.addSql('create index "content_view_day_store_id_day_index" on "content_view_day" ("store_id", "day");');

    this.addSql(`create table "analytics_snapshot" (
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "day" date not null,
      "receipts_issued" int not null,
      "receipts_claimed" int not null,
      "receipt_claimers" int not null,
      "check_ins" int not null,
      "check_in_users" int not null,
      "survey_responses" int not null,
      "survey_respondents" int not null,
      "coupon_views" int not null,
      "coupon_uses" int null,
      "flyer_views" int not null,
      "post_views" int not null,
      "computed_at" timestamptz not null,
      primary key ("store_id", "day")
    );`);

    this.addSql(`create table "analytics_closed_day" (
      "day" date not null primary key,
      "computed_at" timestamptz not null,
      "stores" int not null
    );`);
  }
}
