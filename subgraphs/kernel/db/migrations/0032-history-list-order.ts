import { Migration } from '@mikro-orm/migrations';

/**
 * receipts and engagement: the consumer's history lists (`myReceipts`, `checkins/me`) are ordered by
 * time and then id, newest first, and `myReceipts` pages on that pair (keyset cursor). The indexes of
 * migrations 0013 and 0023 stopped at the time, so every page was sorted: at 10k rows the planner read
 * all of the user's rows (Bitmap Heap Scan) and sorted them; from 100k rows it walked the index
 * backwards under an Incremental Sort, which sorts each group of equal times: cheap while times are
 * nearly unique, all of a group when many rows share one (claims imported at once). With the id in the
 * index a backward index scan returns the page in order, and the cursor's `(claimed_at, id) < (…)` is
 * an index condition, so a page reads one page of rows whatever the history.
 *
 * Measured by the bench's scale sweep (`BENCH_ONLY=scale npm run bench`; N rows per table, one user
 * holding 1%): at 1M rows (that user 10,000 claims and check-ins) every page plan is now `Limit >
 * Index Scan Backward` with no Sort node, 0.08-0.10 ms (page 1, after 20, after 9,000; was 0.09-0.14 ms
 * with the Incremental Sort), checkins/me?limit=200 0.43 ms (0.27 before: noise on a loaded machine).
 * The plans were already bounded by the page, so the request latency did not measurably change; the
 * gain is that no plan sorts a large history or a group of tied times. At 10k rows (100 for the user)
 * the planner still reads and sorts those 100 for checkins/me, the cheaper plan at that size (0.3 ms).
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
