import { Migration } from '@mikro-orm/migrations';

/**
 * receipts: the indexes of sales reports (issue 15). A report reads a business's (or a store's)
 * orders by when they were placed; without these it scanned every order of every business
 * (`npm run bench`, BENCH_ONLY=sales: a sequential scan of 900k orders for a 30-day report). The
 * transactions' side is served by the existing ("store_id", "occurred_at").
 */
export class Migration0045ReceiptsSalesReportIndexes extends Migration {
  override up(): void {
    this.addSql(
      'create index "sales_order_business_account_id_placed_at_index" on "sales_order" ("business_account_id", "placed_at");',
    );
    this.addSql('create index "sales_order_store_id_placed_at_index" on "sales_order" ("store_id", "placed_at");');
  }
}
