import { Migration } from '@mikro-orm/migrations';

/**
 * identity: the token side of the OAuth authorization server. Signing keys (private half encrypted),
 * authorization codes and refresh tokens (SHA-256 digests only), and grants, whose `generation` and
 * `revoked_at` decide whether an access token is still live.
 */
export class Migration0010IdentityOAuthTokens extends Migration {
  override up(): void {
    this.addSql(`create table "oauth_signing_key" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "kid" varchar(64) not null,
      "alg" varchar(16) not null,
      "public_jwk" jsonb not null,
      "private_jwk_encrypted" text not null,
      "retired_at" timestamptz null
    );`);
    this.addSql('alter table "oauth_signing_key" add constraint "oauth_signing_key_kid_unique" unique ("kid");');
    this.addSql(`create table "oauth_grant" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "oauth_client_id" uuid not null,
      "user_id" uuid not null,
      "business_account_id" uuid null,
      "scopes" jsonb not null,
      "generation" int not null default 1,
      "revoked_at" timestamptz null,
      "revoked_reason" varchar(32) null
    );`);
    this.addSql('create index "oauth_grant_oauth_client_id_index" on "oauth_grant" ("oauth_client_id");');
    this.addSql('create index "oauth_grant_user_id_index" on "oauth_grant" ("user_id");');
    this.addSql(`create table "oauth_authorization_code" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "code_hash" varchar(64) not null,
      "oauth_client_id" uuid not null,
      "redirect_uri" varchar(2048) not null,
      "scopes" jsonb not null,
      "user_id" uuid not null,
      "business_account_id" uuid null,
      "code_challenge" varchar(128) null,
      "expires_at" timestamptz not null,
      "consumed_at" timestamptz null,
      "grant_id" uuid null
    );`);
    this.addSql(
      'alter table "oauth_authorization_code" add constraint "oauth_authorization_code_code_hash_unique" unique ("code_hash");',
    );
    this.addSql(`create table "oauth_refresh_token" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "token_hash" varchar(64) not null,
      "grant_id" uuid not null,
      "generation" int not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null
    );`);
    this.addSql(
      'alter table "oauth_refresh_token" add constraint "oauth_refresh_token_token_hash_unique" unique ("token_hash");',
    );
    this.addSql('create index "oauth_refresh_token_grant_id_index" on "oauth_refresh_token" ("grant_id");');
  }
}
