import { Migration } from '@mikro-orm/migrations';

/**
 * receipts: terminals and their transactions. The (terminal_id, occurred_at) index serves the latest
 * transaction of a terminal (last-receipt) and the terminal foreign key; (store_id, occurred_at) serves a
 * store's transactions by time and the store foreign key.
 */
export class Migration0004Receipts extends Migration {
  override up(): void {
    this.addSql(`create table "terminal" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "public_terminal_id" varchar(16) not null,
      "store_id" uuid not null references "store" ("id") on update cascade,
      "allow_multiple_claims" boolean not null default false
    );`);
    this.addSql(
      'alter table "terminal" add constraint "terminal_public_terminal_id_unique" unique ("public_terminal_id");',
    );
    this.addSql('create index "terminal_store_id_index" on "terminal" ("store_id");');

    this.addSql(`create table "transaction" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "terminal_id" uuid not null references "terminal" ("id") on update cascade,
      "store_id" uuid not null references "store" ("id") on update cascade,
      "total_amount" int not null,
      "currency" char(3) not null default 'JPY',
      "items" jsonb not null,
      "occurred_at" timestamptz not null
    );`);
    this.addSql(
      'create index "transaction_terminal_id_occurred_at_index" on "transaction" ("terminal_id", "occurred_at");',
    );
    this.addSql('create index "transaction_store_id_occurred_at_index" on "transaction" ("store_id", "occurred_at");');
  }
}
