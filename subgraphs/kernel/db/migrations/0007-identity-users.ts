import { Migration } from '@mikro-orm/migrations';

/**
 * identity: consumer accounts. "user" is a reserved word in PostgreSQL, hence user_account. Emails are
 * stored lower-cased, so the unique constraint is case-insensitive in effect; NULLs (anonymous accounts)
 * never collide.
 */
export class Migration0007IdentityUsers extends Migration {
  override up(): void {
    this.addSql(`create table "user_account" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "email" varchar(320) null,
      "password_hash" varchar(255) null,
      "is_anonymous" boolean not null default false,
      "display_name" varchar(100) null,
      "deleted_at" timestamptz null
    );`);
    this.addSql('alter table "user_account" add constraint "user_account_email_unique" unique ("email");');
  }
}
