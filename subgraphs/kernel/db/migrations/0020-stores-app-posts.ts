import { Migration } from '@mikro-orm/migrations';

/**
 * stores: posts of shop apps (Draft, Scheduled, Published, Archived), deleted with their app. The
 * partial index serves the scheduled-posts job's search for due posts.
 */
export class Migration0020StoresAppPosts extends Migration {
  override up(): void {
    this.addSql(`create table "app_post" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "shop_app_id" uuid not null references "shop_app" ("id") on update cascade on delete cascade,
      "title" varchar(200) not null,
      "body" text not null,
      "image_url" varchar(2048) null,
      "status" varchar(16) not null,
      "publish_at" timestamptz null,
      "published_at" timestamptz null
    );`);
    this.addSql('create index "app_post_shop_app_id_index" on "app_post" ("shop_app_id");');
    this.addSql(`create index "app_post_due_idx" on "app_post" ("publish_at") where "status" = 'Scheduled';`);
  }
}
