import { Migration } from '@mikro-orm/migrations';

/**
 * receipts: amounts and taxes of a transaction, its claim counter, the store name as printed, transaction-QR tokens and the claim
 * audit rows.
 *
 * - `transaction.claim_count` is what a terminal claim updates conditionally (`claim_count = 0` unless
 *   the terminal allows several claims), so concurrent claims are decided by the row lock, never by a
 *   read-then-write.
 * - `transaction_qr_token` keeps only the SHA-256 of the token; claiming is one conditional UPDATE
 *   (`claimed_at is null and revoked_at is null and expires_at > now()`). Its transaction reference is
 *   set to null when the transaction is deleted, so the token then reads as `transaction_deleted`.
 * - `receipt_claim` is the audit row of every claim (who, channel, when, which token, client IP) and
 *   the link of a claimed receipt to its user; the partial unique index lets one user claim a
 *   transaction once, whatever the terminal allows.
 */
export class Migration0013ReceiptsClaims extends Migration {
  override up(): void {
    this.addSql(`alter table "transaction"
      add column "subtotal_amount" int not null default 0,
      add column "tax_amount" int not null default 0,
      add column "taxes" jsonb not null default '[]',
      add column "claim_count" int not null default 0,
      add column "store_name" varchar(200) not null default '';`);
    // Transactions recorded before taxes were known: everything was the subtotal.
    this.addSql('update "transaction" set "subtotal_amount" = "total_amount";');
    // The store's name as printed on each receipt: what it was called at the time of the sale.
    this.addSql('update "transaction" t set "store_name" = s."name" from "store" s where s."id" = t."store_id";');

    this.addSql(`create table "transaction_qr_token" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "transaction_id" uuid null references "transaction" ("id") on update cascade on delete set null,
      "token_hash" char(64) not null,
      "expires_at" timestamptz not null,
      "claimed_at" timestamptz null,
      "revoked_at" timestamptz null
    );`);
    this.addSql(
      'alter table "transaction_qr_token" add constraint "transaction_qr_token_transaction_id_unique" unique ("transaction_id");',
    );
    this.addSql(
      'alter table "transaction_qr_token" add constraint "transaction_qr_token_token_hash_unique" unique ("token_hash");',
    );

    this.addSql(`create table "receipt_claim" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "transaction_id" uuid null references "transaction" ("id") on update cascade on delete set null,
      "kind" varchar(16) not null,
      "channel" varchar(16) null,
      "user_id" uuid null references "user_account" ("id") on update cascade,
      "token_ref" varchar(64) not null,
      "client_ip" varchar(64) null,
      "claimed_at" timestamptz not null
    );`);
    this.addSql('create index "receipt_claim_transaction_id_index" on "receipt_claim" ("transaction_id");');
    // A user's receipts, newest first; and at most one claim of a transaction per user.
    this.addSql('create index "receipt_claim_user_id_claimed_at_index" on "receipt_claim" ("user_id", "claimed_at");');
    this.addSql(
      'create unique index "receipt_claim_transaction_id_user_id_unique" on "receipt_claim" ("transaction_id", "user_id") where "user_id" is not null;',
    );
  }
}
