import { Migration } from '@mikro-orm/migrations';

/**
 * receipts: a consumer's monthly budget. One row per (user, year, month); the unique index also serves
 * the effective-budget lookup ("this month's, else the latest earlier month's": one backward index scan).
 */
export class Migration0014ReceiptsBudget extends Migration {
  override up(): void {
    this.addSql(`create table "budget" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "user_id" uuid not null references "user_account" ("id") on update cascade on delete cascade,
      "year" int not null,
      "month" int not null,
      "amount" int not null
    );`);
    this.addSql(
      'alter table "budget" add constraint "budget_user_id_year_month_unique" unique ("user_id", "year", "month");',
    );
  }
}
