import { Migration } from '@mikro-orm/migrations';

/**
 * stores: an index for directory search terms of one or two characters (`駅`, `渋谷`, `新宿`). The
 * trigram index of migration 0003 cannot serve them (a LIKE pattern yields no trigram below three
 * characters), so such a term without a prefecture read every store: ~40 ms at 100k stores.
 *
 * A GIN index of the set of all one- and two-character substrings of search_text that do not contain
 * the U+001F field separator (a query never contains it). A term of one or two characters is one key
 * of it: `@> array[term]` finds exactly the stores containing the term, and the LIKE stays as the
 * exact check. At 100k stores (npm run bench, EXPLAIN section) the count for `渋谷` takes ~0.8 ms
 * instead of ~30 ms; the index is 14-20 MB (built at once / filled row by row; the trigram index is
 * 16 MB), and filling it makes a bulk insert of 100k stores ~6 s slower.
 *
 * The set is computed without a per-character loop (several times faster than substr over
 * generate_series or a PL/pgSQL loop): the characters; the text cut into pairs from its first
 * character, and again from its second, by appending U+001F after every pair and splitting on it (the
 * two pair sets are all adjacent pairs; a pair containing U+001F falls apart into single characters
 * and empty strings); then U+001F and the empty string removed. Written out as an index expression of built-in functions rather than as an
 * SQL function: the schema diff manages functions from ORM metadata, which this project does not
 * declare, and would drop it (subgraphs/kernel/db/migrations.int.test.ts).
 *
 * Why not a stored generated column: ~80 array elements per store would widen the heap about
 * threefold for every other read of the table.
 *
 * No statistics for the index expression (statistics target 0), on purpose. Any plan that applies
 * the condition as a filter instead of through this index computes the set for every row it checks
 * (~6 µs each); GIN answers `@>` exactly, so through the index nothing is computed. Without
 * statistics the planner estimates a fixed 0.5% of stores per term and always takes this index. With
 * real statistics, a term in nearly every store (`店`, `テン`) looked as cheap through the visibility
 * index, and it took that index and computed the set for each row: ~0.9 s for one count at 100k
 * stores. Such a term now reads its matches through this index, the one case that got slower: the
 * count for `店` ~45 ms against ~30 ms by sequential scan (~12 ms against ~7 ms within 東京都). After
 * a bulk load, run VACUUM (autovacuum does):
 * entries still in the GIN pending list make this index look dear to the planner.
 */
export class Migration0031StoresShortTermSearch extends Migration {
  override up(): void {
    this.addSql(String.raw`create index "store_search_grams_idx" on "store" using gin ((array_remove(array_remove(
      string_to_array("search_text", null)
        || string_to_array(regexp_replace("search_text", '(..)', '\1' || chr(31), 'g'), chr(31))
        || string_to_array(regexp_replace(substr("search_text", 2), '(..)', '\1' || chr(31), 'g'), chr(31)),
      chr(31)), '')));`);
    this.addSql('alter index "store_search_grams_idx" alter column 1 set statistics 0;');
  }
}
