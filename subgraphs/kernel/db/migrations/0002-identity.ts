import { Migration } from '@mikro-orm/migrations';

/** identity: business accounts. */
export class Migration0002Identity extends Migration {
  override up(): void {
    this.addSql(`create table "business_account" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "name" varchar(200) not null,
      "owner_email" varchar(320) not null
    );`);
    this.addSql('create index "business_account_owner_email_index" on "business_account" ("owner_email");');
  }
}
