import { Migration } from '@mikro-orm/migrations';

/** identity: OAuth clients (apps). The secret is stored only as its SHA-256 digest. */
export class Migration0009IdentityOAuthClients extends Migration {
  override up(): void {
    this.addSql(`create table "oauth_client" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "client_id" varchar(64) not null,
      "client_secret_hash" varchar(64) not null,
      "name" varchar(100) not null,
      "redirect_uris" jsonb not null,
      "scopes" jsonb not null,
      "user_scope_status" varchar(16) null,
      "first_party" boolean not null default false,
      "business_account_id" uuid null references "business_account" ("id") on update cascade
    );`);
    this.addSql('alter table "oauth_client" add constraint "oauth_client_client_id_unique" unique ("client_id");');
    this.addSql('create index "oauth_client_business_account_id_index" on "oauth_client" ("business_account_id");');
  }
}
