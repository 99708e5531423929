import { Migration } from '@mikro-orm/migrations';

/**
 * identity: an email confers nothing until proven.
 * - `user_account.email_verified_at`: when the account proved its email. Existing accounts stay
 *   unverified on purpose: a sign-up of someone else's address before this migration proved nothing.
 * - `email_verification_token`: single-use links (SHA-256 of the token only), 24 h.
 * - `business_owner`: who owns a business account, written only when an owner invitation is accepted;
 *   `business_account.owner_email` stays as the address first invited and confers nothing. No binding is
 *   derived from it here, for the same reason as above.
 * - `owner_invitation`: an operator's invitation to own a business (SHA-256 of the token only), 7 days.
 * - `mail_outbox`: where mail lands when no SMTP server is configured (development and test).
 */
export class Migration0012IdentityEmailOwnership extends Migration {
  override up(): void {
    this.addSql('alter table "user_account" add column "email_verified_at" timestamptz null;');
    this.addSql(`create table "email_verification_token" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "token_hash" varchar(64) not null,
      "user_id" uuid not null references "user_account" ("id") on delete cascade,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "return_query" varchar(4096) not null
    );`);
    this.addSql(
      'alter table "email_verification_token" add constraint "email_verification_token_token_hash_unique" unique ("token_hash");',
    );
    this.addSql('create index "email_verification_token_user_id_index" on "email_verification_token" ("user_id");');
    this.addSql(`create table "business_owner" (
      "business_account_id" uuid not null references "business_account" ("id") on delete cascade,
      "user_id" uuid not null references "user_account" ("id") on delete cascade,
      "created_at" timestamptz not null,
      "invitation_id" uuid null,
      primary key ("business_account_id", "user_id")
    );`);
    this.addSql('create index "business_owner_user_id_index" on "business_owner" ("user_id");');
    this.addSql(`create table "owner_invitation" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on delete cascade,
      "email" varchar(320) not null,
      "token_hash" varchar(64) not null,
      "locale" varchar(2) not null,
      "expires_at" timestamptz not null,
      "accepted_at" timestamptz null,
      "accepted_by_user_id" uuid null references "user_account" ("id") on delete set null,
      "revoked_at" timestamptz null
    );`);
    this.addSql(
      'alter table "owner_invitation" add constraint "owner_invitation_token_hash_unique" unique ("token_hash");',
    );
    this.addSql(
      'create index "owner_invitation_business_account_id_index" on "owner_invitation" ("business_account_id");',
    );
    this.addSql(`create table "mail_outbox" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "recipient" varchar(320) not null,
      "subject" varchar(500) not null,
      "body" text not null
    );`);
  }

  override down(): void {
    this.addSql('drop table if exists "mail_outbox" cascade;');
    this.addSql('drop table if exists "owner_invitation" cascade;');
    this.addSql('drop table if exists "business_owner" cascade;');
    this.addSql('drop table if exists "email_verification_token" cascade;');
    this.addSql('alter table "user_account" drop column if exists "email_verified_at";');
  }
}
