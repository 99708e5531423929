import { Migration } from '@mikro-orm/migrations';

/**
 * stores: flyers (issue 14). A flyer of a business for one of its stores (`flyer`), its image pages
 * (`flyer_page`, at most 20) and featured products (`flyer_item`, at most 100, products of the same
 * business). Pages and items go with their flyer; a flyer goes with its business or store.
 */
export class Migration0042StoresFlyers extends Migration {
  override up(): void {
    this.addSql(`create table "flyer" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade on delete cascade,
      "store_id" uuid not null references "store" ("id") on update cascade on delete cascade,
      "title" varchar(200) not null,
      "description" varchar(2000) not null,
      "valid_from" timestamptz not null,
      "valid_to" timestamptz not null,
      "status" varchar(16) not null,
      "publish_at" timestamptz null,
      "published_at" timestamptz null,
      constraint "flyer_status_check" check ("status" in ('draft', 'scheduled', 'published', 'archived')),
      constraint "flyer_valid_check" check ("valid_to" > "valid_from")
    );`);
    this.addSql(
      'create index "flyer_business_account_id_created_at_id_index" on "flyer" ("business_account_id", "created_at", "id");',
    );
    this.addSql('create index "flyer_store_id_index" on "flyer" ("store_id");');
    this.addSql(`create index "flyer_due_idx" on "flyer" ("publish_at") where "status" = 'scheduled';`);

    this.addSql(`create table "flyer_page" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "flyer_id" uuid not null references "flyer" ("id") on update cascade on delete cascade,
      "position" int not null,
      "image_url" varchar(2048) not null,
      "caption" varchar(200) null
    );`);
    this.addSql(
      'alter table "flyer_page" add constraint "flyer_page_flyer_id_position_unique" unique ("flyer_id", "position");',
    );

    this.addSql(`create table "flyer_item" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "flyer_id" uuid not null references "flyer" ("id") on update cascade on delete cascade,
      "position" int not null,
      "product_id" uuid not null references "product" ("id") on update cascade on delete cascade,
      "sale_price_amount" int not null,
      "currency" varchar(3) not null,
      "note" varchar(200) null
    );`);
    this.addSql(
      'alter table "flyer_item" add constraint "flyer_item_flyer_id_position_unique" unique ("flyer_id", "position");',
    );
    this.addSql('create index "flyer_item_product_id_index" on "flyer_item" ("product_id");');
  }
}
