import { Migration } from '@mikro-orm/migrations';

/** Kernel tables: the event outbox, written in the same transaction as the change it reports. */
export class Migration0001Kernel extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`create table "outbox_event" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "type" varchar(64) not null,
      "business_account_id" uuid null,
      "occurred_at" timestamptz not null,
      "payload" jsonb not null,
      "published_at" timestamptz null
    );`);
    this.addSql(
      'create index "outbox_event_unpublished_idx" on "outbox_event" ("occurred_at") where "published_at" is null;',
    );
  }
}
