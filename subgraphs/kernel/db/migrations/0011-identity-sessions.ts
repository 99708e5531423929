import { Migration } from '@mikro-orm/migrations';

/**
 * identity: browser sessions of the sign-in and consent pages. Only the SHA-256 of the session token
 * is stored; a session ends at `idle_expires_at` (sliding) or `expires_at` (absolute), whichever is
 * first, or when it is signed out (the row is deleted).
 */
export class Migration0011IdentitySessions extends Migration {
  override up(): void {
    this.addSql(`create table "browser_session" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "token_hash" varchar(64) not null,
      "user_id" uuid not null references "user_account" ("id") on delete cascade,
      "expires_at" timestamptz not null,
      "idle_expires_at" timestamptz not null
    );`);
    this.addSql(
      'alter table "browser_session" add constraint "browser_session_token_hash_unique" unique ("token_hash");',
    );
    this.addSql('create index "browser_session_user_id_index" on "browser_session" ("user_id");');
    this.addSql('create index "browser_session_expires_at_index" on "browser_session" ("expires_at");');
  }

  override down(): void {
    this.addSql('drop table if exists "browser_session" cascade;');
  }
}
