import { Migration } from '@mikro-orm/migrations';

/** engagement: check-in and survey campaigns of stores (looked up by token), and outbound webhook endpoints. */
export class Migration0005Engagement extends Migration {
  override up(): void {
    this.addSql(`create table "check_in_campaign" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "token" varchar(64) not null,
      "store_id" uuid not null references "store" ("id") on update cascade,
      "name" varchar(200) not null,
      "description" text null,
      "starts_at" timestamptz null,
      "ends_at" timestamptz null,
      "is_active" boolean not null default true
    );`);
    this.addSql('alter table "check_in_campaign" add constraint "check_in_campaign_token_unique" unique ("token");');
    this.addSql('create index "check_in_campaign_store_id_index" on "check_in_campaign" ("store_id");');

    this.addSql(`create table "survey_campaign" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "token" varchar(64) not null,
      "store_id" uuid not null references "store" ("id") on update cascade,
      "name" varchar(200) not null,
      "is_anonymous" boolean not null default false,
      "questions" jsonb not null
    );`);
    this.addSql('alter table "survey_campaign" add constraint "survey_campaign_token_unique" unique ("token");');
    this.addSql('create index "survey_campaign_store_id_index" on "survey_campaign" ("store_id");');

    this.addSql(`create table "webhook_endpoint" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on update cascade,
      "url" varchar(2048) not null,
      "events" jsonb not null,
      "status" varchar(16) not null default 'active',
      "secret_ciphertext" varchar(1024) not null
    );`);
    this.addSql(
      'create index "webhook_endpoint_business_account_id_index" on "webhook_endpoint" ("business_account_id");',
    );
  }
}
