import { Migration } from '@mikro-orm/migrations';

/**
 * receipts and engagement: the consumer's history lists (`myReceipts`, `checkins/me`) are ordered by
 * time and then id, newest first, and `myReceipts` pages on that pair (keyset cursor). The indexes of
 * migrations 0013 and 0023 stopped at the time, so the planner either sorted all of the user's rows
 * (Bitmap Heap Scan, then Sort) or added an Incremental Sort; with the id in the index a backward
 * index scan returns the page in order and the cursor's `(claimed_at, id) < (…)` is an index
 * condition, so a page reads about one page of rows whatever the user's history. Measured by the
 * bench's scale sweep (`BENCH_ONLY=scale npm run bench`): see the figures in its report.
 *
 * Each replaces the two-column index, whose lookups (the user's rows, by time) it still serves.
 */
export class Migration0032HistoryListOrder extends Migration {
  override up(): void {
    this.addSql(
      'create index "receipt_claim_user_id_claimed_at_id_index" on "receipt_claim" ("user_id", "claimed_at", "id");',
    );
    this.addSql('drop index "receipt_claim_user_id_claimed_at_index";');
    this.addSql(
      'create index "check_in_user_id_checked_in_at_id_index" on "check_in" ("user_id", "checked_in_at", "id");',
    );
    this.addSql('drop index "check_in_user_id_checked_in_at_index";');
  }
}
