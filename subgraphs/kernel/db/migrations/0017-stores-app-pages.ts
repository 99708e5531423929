import { Migration } from '@mikro-orm/migrations';

/**
 * stores: the pages of shop apps (rich text the business writes, sanitized on write), one slug per
 * app, listed publicly by position once published. Pages go with their app.
 */
export class Migration0017StoresAppPages extends Migration {
  override up(): void {
    this.addSql(`create table "app_page" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "shop_app_id" uuid not null references "shop_app" ("id") on update cascade on delete cascade,
      "slug" varchar(64) not null,
      "title" varchar(200) not null,
      "body" text not null,
      "published" boolean not null default false,
      "published_at" timestamptz null,
      "position" int not null
    );`);
    this.addSql(
      'alter table "app_page" add constraint "app_page_shop_app_id_slug_unique" unique ("shop_app_id", "slug");',
    );
  }
}
