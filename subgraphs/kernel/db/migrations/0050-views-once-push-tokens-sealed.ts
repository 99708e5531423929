import { Migration } from '@mikro-orm/migrations';

/**
 * A view counts once per viewer, item and day: `content_viewer_day` records that a viewer (a keyed
 * digest of the user, or of the anonymous client's address and user agent; never the address) has
 * been counted for one piece of content on one Asia/Tokyo day. Rows of past days are deleted by the
 * analytics job.
 *
 * Device push tokens are sealed at rest: `user_device.push_token` becomes text (a sealed value is
 * longer than the 512 characters of a token) and `push_token_digest` holds a keyed digest of the
 * token in clear, to find a device by its token. Sealing needs the secrets key, which SQL does not
 * have: the rows written before this migration (a token and no digest) are sealed in place by the
 * service after it migrates (identity's `sealClearPushTokens`).
 */
export class Migration0050ViewsOncePushTokensSealed extends Migration {
  override up(): void {
    this.addSql(`create table "content_viewer_day" (
      "content_kind" text not null,
      "content_id" uuid not null,
      "day" date not null,
      "viewer" varchar(64) not null,
      primary key ("content_kind", "content_id", "day", "viewer"),
      constraint "content_viewer_day_content_kind_check" check ("content_kind" in ('coupon', 'post', 'flyer'))
    );`);
    this.addSql('create index "content_viewer_day_day_index" on "content_viewer_day" ("day");');

    this.addSql('alter table "user_device" alter column "push_token" type text;');
    this.addSql('alter table "user_device" add column "push_token_digest" varchar(64) null;');
  }
}
