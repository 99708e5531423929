/**
 * The keyset query of a product list: the business's products (the operator's: every business's),
 * filtered by text, status and store, in name order or most recently changed first, `first + 1` rows
 * after the cursor's key. Both orders have an index per business (migration 0034).
 *
 * A text search has two plans, as the store directory has (docs/decisions/0007-search-page-plan.md),
 * and PostgreSQL cannot tell which is cheaper: it assumes the matches are spread evenly over the list
 * order, and a maker's products sit together in name order (50k products: `有機生活` walked and
 * discarded 41,666 rows, 113 ms). So the search first walks a bounded window of the list order after
 * the cursor ({@link WALK_WINDOW} products) and filters it; when that fills the page, the page is exact
 * (the window is a prefix of the list). Otherwise it collects every match through a text index (the
 * trigram index from three characters, the substring index of migration 0041 below) and sorts them.
 */
import type { CursorValue } from '../../kernel/connection.js';
import { ProductOrder } from './product.input.js';
import { SEARCH_GRAMS_SQL } from '../store/store.entity.js';

export interface ProductListQuery {
  readonly businessAccountId: string | null;
  readonly search: string | null;
  readonly status: string | null;
  readonly storeId: string | null;
  readonly orderBy: ProductOrder;
  readonly after: CursorValue[] | null;
  readonly limit: number;
}

/** SQL with `?` placeholders and their values. */
export interface ProductStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * How many products (after the cursor, in list order, after the status and store filters) a search
 * walks before it collects its matches instead. A term in 2% of products spread evenly fills a page of
 * 20 within it; a rarer one has few matches to sort (under 1,000 at 50k products), and a common one
 * that sits late in the order costs the window (~2.5 µs a product) on top of its sort.
 */
export const WALK_WINDOW = 1_000;

/** `text` lower-cased as search_text holds it. */
const lowered = (text: string) => text.toLowerCase();

/** `text` as a LIKE pattern matching it anywhere, its wildcards escaped. */
const containing = (text: string) => `%${lowered(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether a term is one or two characters (code points, as PostgreSQL counts them): then it is one key
 * of the substring index (migration 0041), since trigrams need three characters.
 */
export function isShortTerm(term: string): boolean {
  const length = [...term].length;
  return length >= 1 && length <= 2;
}

/** Conditions joined by `and`, with their values in order. */
class Conditions {
  readonly list: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...values: unknown[]): this {
    this.list.push(condition);
    this.params.push(...values);
    return this;
  }

  get sql(): string {
    return this.list.length ? this.list.join(' and ') : 'true';
  }
}

/** The conditions other than the text: business, status, store and the cursor. */
function listConditions(q: ProductListQuery): Conditions {
  const where = new Conditions();
  if (q.businessAccountId) where.add('p."business_account_id" = ?', q.businessAccountId);
  if (q.status) where.add('p."status" = ?', q.status);
  if (q.storeId)
    where.add(
      'exists (select 1 from "product_store" ps where ps."product_id" = p."id" and ps."store_id" = ?)',
      q.storeId,
    );
  if (q.after)
    where.add(
      q.orderBy === ProductOrder.name ? '(p."name", p."id") > (?, ?)' : '(p."updated_at", p."id") < (?, ?)',
      ...q.after,
    );
  return where;
}

/**
 * The text condition. With `useGrams`, a short term also names the substring index: exact for such a
 * term (it holds no U+001F, which the service rejects), so it changes no result, only how the matches
 * are found; the LIKE stays the check.
 */
function addText(where: Conditions, search: string, useGrams: boolean): Conditions {
  if (useGrams && isShortTerm(lowered(search))) where.add(`${SEARCH_GRAMS_SQL} @> array[?]::text[]`, lowered(search));
  return where.add(`p."search_text" like ? escape '\\'`, containing(search));
}

const orderOf = (q: ProductListQuery) =>
  q.orderBy === ProductOrder.name ? 'p."name", p."id"' : 'p."updated_at" desc, p."id" desc';

/**
 * The statements of a list. `page` is the whole answer in one statement: without a search the list
 * order's index walked and filtered; with one, the matches collected through a text index and sorted.
 * `walk` (searches of one business only) is the bounded walk: exactly the page when it returns `limit`
 * rows. Exported so that the benchmark and the plan test explain exactly these.
 */
export function productListStatements(q: ProductListQuery): {
  page: ProductStatement;
  walk: ProductStatement | null;
} {
  const order = orderOf(q);
  if (!q.search) {
    const where = listConditions(q);
    return {
      page: {
        sql: `select p.* from "product" p where ${where.sql} order by ${order} limit ?`,
        params: [...where.params, q.limit],
      },
      walk: null,
    };
  }
  const matching = addText(listConditions(q), q.search, true);
  const page = {
    sql: `with matches as materialized (select p.* from "product" p where ${matching.sql}) select p.* from matches p order by ${order} limit ?`,
    params: [...matching.params, q.limit],
  };
  // The operator's list spans every business: no index has its order, so only the matches are read.
  if (!q.businessAccountId) return { page, walk: null };
  const window = listConditions(q);
  const text = addText(new Conditions(), q.search, false);
  return {
    page,
    walk: {
      sql: `select p.* from (select p.* from "product" p where ${window.sql} order by ${order} limit ?) p where ${text.sql} order by ${order} limit ?`,
      params: [...window.params, WALK_WINDOW, ...text.params, q.limit],
    },
  };
}

/** Runs a read-only statement and answers its rows. */
export type ProductStatementRunner = (statement: ProductStatement) => Promise<Record<string, unknown>[]>;

/** The rows of the list: the bounded walk when it fills the page, else the page statement. */
export async function readProductList(
  run: ProductStatementRunner,
  q: ProductListQuery,
): Promise<Record<string, unknown>[]> {
  const { page, walk } = productListStatements(q);
  if (walk) {
    const walked = await run(walk);
    if (walked.length === q.limit) return walked;
  }
  return run(page);
}
