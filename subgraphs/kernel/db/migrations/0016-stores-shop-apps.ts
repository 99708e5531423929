import { Migration } from '@mikro-orm/migrations';

/**
 * stores: shop apps (a business's consumer app, addressed by shopId in /api/v1/apps/{shopId}/...) and
 * the stores each shows, in order. Theme, navigation, platform identifiers and the membership card
 * are JSON documents validated by the service that writes them.
 */
export class Migration0016StoresShopApps extends Migration {
  override up(): void {
    this.addSql(`create table "shop_app" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "shop_id" varchar(64) not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade,
      "name" varchar(100) not null,
      "logo_url" varchar(2048) null,
      "template" varchar(32) not null default 'standard',
      "theme" jsonb not null default '{}',
      "navigation" jsonb not null default '[]',
      "platforms" jsonb not null default '{}',
      "membership_card" jsonb null
    );`);
    this.addSql('alter table "shop_app" add constraint "shop_app_shop_id_unique" unique ("shop_id");');
    this.addSql('create index "shop_app_business_account_id_index" on "shop_app" ("business_account_id");');
    this.addSql(`create table "shop_app_store" (
      "shop_app_id" uuid not null references "shop_app" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "position" int not null,
      primary key ("shop_app_id", "store_id")
    );`);
    this.addSql('create index "shop_app_store_store_id_index" on "shop_app_store" ("store_id");');
  }
}
