import { Migration } from '@mikro-orm/migrations';

/**
 * receipts: the coupons used on a sale (issue 15, "coupon uses" of the analytics snapshots). A till
 * records them with the sale (`recordTransaction`'s couponIds): published coupons of the business
 * offered at the sale's store and valid when it happened. Kept on the transaction as a jsonb array of
 * coupon ids, like its lines; the day's uses of a store are counted from the day's transactions,
 * which the existing ("store_id", "occurred_at") index already serves.
 */
export class Migration0047ReceiptsTransactionCoupons extends Migration {
  override up(): void {
    this.addSql(`alter table "transaction" add column "coupon_ids" jsonb not null default '[]';`);
    this.addSql(
      `alter table "transaction" add constraint "transaction_coupon_ids_check" check (jsonb_typeof("coupon_ids") = 'array');`,
    );
  }
}
