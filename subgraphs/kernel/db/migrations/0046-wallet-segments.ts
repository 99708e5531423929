import { Migration } from '@mikro-orm/migrations';

/**
 * wallet: customer segments (issue 15). A segment is a business's named rule over its own customer
 * data (`segment`, the rule tree as jsonb); a target names a coupon or flyer of the same business that
 * the segment is meant for (`segment_target`, unique per segment, kind and content). Both go with
 * their business; targets go with their segment.
 */
export class Migration0046WalletSegments extends Migration {
  override up(): void {
    this.addSql(`create table "segment" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on delete cascade,
      "name" varchar(200) not null,
      "description" varchar(2000) not null,
      "rule" jsonb not null
    );`);
    this.addSql(
      'create index "segment_business_account_id_created_at_id_index" on "segment" ("business_account_id", "created_at", "id");',
    );
    this.addSql(`create table "segment_target" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "segment_id" uuid not null references "segment" ("id") on delete cascade,
      "kind" varchar(16) not null,
      "content_id" uuid not null,
      constraint "segment_target_kind_check" check ("kind" in ('coupon', 'flyer'))
    );`);
    this.addSql(
      'alter table "segment_target" add constraint "segment_target_segment_id_kind_content_id_unique" unique ("segment_id", "kind", "content_id");',
    );
    this.addSql('create index "segment_target_kind_content_id_index" on "segment_target" ("kind", "content_id");');
  }
}
