import { Migration } from '@mikro-orm/migrations';

/**
 * stores: an index for product search terms of one or two characters (`緑茶`, `牛乳`, `米`), as migration
 * 0031 gave the store directory: the trigram index of migration 0034 yields nothing below three
 * characters, so such a term walked the business's products in name order and filtered them.
 *
 * The same expression as `store_search_grams_idx` (every one- and two-character substring of
 * search_text without the U+001F separator, see migration 0031 for how it is computed and why it is
 * written out), over the product's search_text. A term of one or two characters is one key of it:
 * `@> array[term]` finds exactly the products containing it, and the LIKE stays the exact check.
 *
 * No statistics for the expression, as in 0031: the planner then estimates a fixed 0.5% of products per
 * term and takes this index instead of computing the substrings row by row. The search chooses between
 * this index and the name order itself (subgraphs/stores/product/product-list.ts).
 */
export class Migration0041StoresProductSearchGrams extends Migration {
  override up(): void {
    this.addSql(String.raw`create index "product_search_grams_idx" on "product" using gin ((array_remove(array_remove(
      string_to_array("search_text", null)
        || string_to_array(regexp_replace("search_text", '(..)', '\1' || chr(31), 'g'), chr(31))
        || string_to_array(regexp_replace(substr("search_text", 2), '(..)', '\1' || chr(31), 'g'), chr(31)),
      chr(31)), '')));`);
    this.addSql('alter index "product_search_grams_idx" alter column 1 set statistics 0;');
  }
}
