/**
 * The public directory search as hand-written SQL. It is the hottest read of the service, and
 * through the ORM's query building and entity hydration it cost ~3.4 ms of CPU per call against
 * ~0.5 ms as plain SQL (100k stores, per-call CPU measured side by side); the rows
 * are read-only, so they are returned as plain store records rather than managed entities.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import { likePattern, type PageRequest } from '../../kernel/paging.js';
import { readRows, type Statement } from './read-statement.js';
import { SEARCH_GRAMS_SQL, Store } from './store.entity.js';

export type { Statement } from './read-statement.js';

/** What the directory can be filtered by (already validated). */
export interface DirectoryFilter {
  /** Text to match in name, kana or address; empty means no text filter. */
  readonly q: string;
  readonly prefectureCode?: string;
  readonly storeType?: string;
}

interface StoreRow {
  id: string;
  // Text with MikroORM's type parsers (which the pool shares), a Date with pg's own.
  created_at: string | Date;
  updated_at: string | Date;
  business_account_id: string;
  name: string;
  name_kana: string;
  prefecture_code: string;
  store_type: string;
  address: string;
  postal_code: string | null;
  phone: string | null;
  is_public_listing: boolean;
  place_id: string | null;
  latitude: number | null;
  longitude: number | null;
}

const COLUMNS =
  'id, created_at, updated_at, business_account_id, name, name_kana, prefecture_code, store_type, address, postal_code, phone, is_public_listing, place_id, latitude, longitude';

/** The rule of the interface: listed, or known to the place directory. Matches the partial indexes. */
const PUBLICLY_VISIBLE_SQL = '("is_public_listing" or "place_id" is not null)';

/** The text a search looks for: as search_text holds it (lower-cased), without the separator. */
function searchTerm(q: string): string {
  return q.replaceAll('\u001f', '').toLowerCase();
}

/**
 * Whether a term is one or two characters (code points, as PostgreSQL counts them): then it is one
 * key of the index of search_text's one- and two-character substrings (migration 0031), since
 * trigrams need three characters.
 */
export function isShortTerm(term: string): boolean {
  const length = [...term].length;
  return length >= 1 && length <= 2;
}

/**
 * The conditions of a search. `useGrams` adds the substring-index condition for a short term: exact
 * for such a term, so it changes no result, only how the matches are found; the LIKE stays the check.
 */
function whereClause(filter: DirectoryFilter, useGrams: boolean): { sql: string; params: unknown[] } {
  const conditions = [PUBLICLY_VISIBLE_SQL];
  const params: unknown[] = [];
  if (filter.q) {
    const term = searchTerm(filter.q);
    if (useGrams && isShortTerm(term)) {
      conditions.push(`${SEARCH_GRAMS_SQL} @> array[?]::text[]`);
      params.push(term);
    }
    // search_text is lower(name || U+001F || kana || U+001F || address); LIKE on it equals ILIKE on each.
    conditions.push('"search_text" like ?');
    params.push(likePattern(term));
  }
  addPlaceAndType(filter, conditions, params);
  return { sql: conditions.join(' and '), params };
}

/** The prefecture and store type conditions of `filter`, with their values. */
function addPlaceAndType(filter: DirectoryFilter, conditions: string[], params: unknown[]): void {
  if (filter.prefectureCode) {
    conditions.push('"prefecture_code" = ?');
    params.push(filter.prefectureCode);
  }
  if (filter.storeType) {
    conditions.push('"store_type" = ?');
    params.push(filter.storeType);
  }
}

/** Where a directory record keeps its row's timestamps, as PostgreSQL sent them (text). */
const CREATED_AT = Symbol('created_at');
const UPDATED_AT = Symbol('updated_at');

interface DirectoryRecord extends Store {
  [CREATED_AT]: string | Date;
  [UPDATED_AT]: string | Date;
}

/**
 * The prototype of directory records: a Store whose timestamps become Dates when read. A page parsed
 * 60 of them per request (~2% of a facade read's CPU) for fields a listing rarely asks for.
 */
const DIRECTORY_RECORD: Store = Object.create(Store.prototype, {
  createdAt: {
    get(this: DirectoryRecord) {
      return new Date(this[CREATED_AT]);
    },
    enumerable: true,
  },
  updatedAt: {
    get(this: DirectoryRecord) {
      return new Date(this[UPDATED_AT]);
    },
    enumerable: true,
  },
}) as Store;

/**
 * A read-only Store from a row. Created without the constructor (which would mint an id and
 * timestamps), yet an instance of Store, so type-graphql uses it as it is instead of copying it.
 */
function toStore(row: StoreRow): Store {
  // Assigned one by one: Object.assign from a literal built every field twice (1.4% of a facade read's CPU).
  const store = Object.create(DIRECTORY_RECORD) as DirectoryRecord;
  store[CREATED_AT] = row.created_at;
  store[UPDATED_AT] = row.updated_at;
  store.id = row.id;
  store.businessAccountId = row.business_account_id;
  store.name = row.name;
  store.nameKana = row.name_kana;
  store.prefectureCode = row.prefecture_code;
  store.storeType = row.store_type;
  store.address = row.address;
  store.postalCode = row.postal_code;
  store.phone = row.phone;
  store.isPublicListing = row.is_public_listing;
  store.placeId = row.place_id;
  store.latitude = row.latitude;
  store.longitude = row.longitude;
  return store;
}

/**
 * Below this many matches a text search reads its matches through the trigram index and sorts them;
 * above it, it first walks the kana-ordered index. PostgreSQL cannot know which is cheaper (matches of
 * a chain's name sit together in kana order, so it guesses wrong: 17 ms instead of ~1 ms for q=マート at
 * 100k stores), so the count, which the page needs anyway, decides.
 */
export const SORT_MATCHES_UP_TO = 2000;

/**
 * How far the walk goes: at most this many stores past the page's offset (in kana order, after the
 * non-text filters) are read for a page. Matches spread evenly fill a page within a few hundred of
 * them (there are over 2,000). Where they sit late in kana order the walk would read most of the table
 * (2.3 s for q=マート&prefecture=13 at 1M stores, whose matches are all under マ); a walk that ends
 * before the page is full costs tens of ms and the search sorts the matches instead (~200 ms there).
 */
export const WALK_WINDOW = 5_000;

/**
 * The number of visible stores of a listing without a text filter, from the counts the database keeps
 * per prefecture and type (store-directory-count.entity.ts): a sum over at most one row per pair.
 */
function listingCount(filter: DirectoryFilter): Statement {
  const conditions: string[] = [];
  const params: unknown[] = [];
  addPlaceAndType(filter, conditions, params);
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  return { sql: `select coalesce(sum("stores"), 0)::int as total from "store_directory_count"${where}`, params };
}

/**
 * The statements of a directory search: the count, the page read by sorting the matches
 * (`page(true)`) or by walking the kana-ordered index (`page(false)`), and the walk bounded to its
 * first `rows` stores (`walk(rows)`). Exported so the benchmark explains exactly these.
 *
 * A short term's count and sorted page find the matches through the substring index. The walk does
 * not name it: the planner estimates a fixed 0.5% of stores per short term (migration 0031), so with
 * it the walk over a term in thousands of stores would become reading and sorting all of them.
 */
export function directoryStatements(filter: DirectoryFilter, paging: PageRequest) {
  const order = 'order by "name_kana" asc, "id" asc';
  const matching = whereClause(filter, true);
  const walking = whereClause(filter, false);
  const listing = whereClause({ ...filter, q: '' }, false);
  const text = filter.q ? whereClause({ q: filter.q }, false) : undefined;
  return {
    count: filter.q
      ? { sql: `select count(*)::int as total from "store" where ${matching.sql}`, params: matching.params }
      : listingCount(filter),
    page: (sortMatches: boolean): Statement =>
      sortMatches
        ? {
            sql: `with matches as materialized (select ${COLUMNS} from "store" where ${matching.sql}) select * from matches ${order} limit ? offset ?`,
            params: [...matching.params, paging.pageSize, paging.offset],
          }
        : {
            sql: `select ${COLUMNS} from "store" where ${walking.sql} ${order} limit ? offset ?`,
            params: [...walking.params, paging.pageSize, paging.offset],
          },
    /**
     * The walk over the first `rows` stores in kana order only. Its rows are the page exactly when it
     * returns as many as the page holds (the count says how many that is); otherwise the walk ended first.
     */
    walk: (rows: number): Statement => ({
      // The text condition (the LIKE, and the visibility rule again) applies to the window's rows.
      sql: `select ${COLUMNS} from (select ${COLUMNS}, "search_text" from "store" where ${listing.sql} ${order} limit ?) as "store" where ${text?.sql ?? 'true'} ${order} limit ? offset ?`,
      params: [...listing.params, rows, ...(text?.params ?? []), paging.pageSize, paging.offset],
    }),
  };
}

/**
 * One page of publicly visible stores in kana order, and the total. A text search counts first and
 * picks the page's plan from the count; a listing reads the page first and skips the count when the
 * page itself shows where the results end (a short, non-empty page, or an empty first page).
 */
export function searchDirectory(
  em: EntityManager,
  filter: DirectoryFilter,
  paging: PageRequest,
): Promise<{ items: Store[]; total: number }> {
  return searchDirectoryWith((statement) => readRows(em, statement), filter, paging);
}

/** Runs a read-only statement of the search and answers its rows. */
export type StatementRunner = (statement: Statement) => Promise<object[]>;

/**
 * {@link searchDirectory} over any runner of its statements (the benchmark's hand-written baseline
 * runs the very same statements on a plain pg pool).
 */
export async function searchDirectoryWith(
  runner: StatementRunner,
  filter: DirectoryFilter,
  paging: PageRequest,
): Promise<{ items: Store[]; total: number }> {
  const statements = directoryStatements(filter, paging);
  const run = async <T extends object>(statement: Statement) => (await runner(statement)) as T[];
  const countMatches = async () => (await run<{ total: number }>(statements.count))[0]?.total ?? 0;
  if (filter.q) {
    const total = await countMatches();
    if (paging.offset >= total) return { items: [], total };
    if (total > SORT_MATCHES_UP_TO) {
      const walked = await run<StoreRow>(statements.walk(WALK_WINDOW + paging.offset));
      if (walked.length === Math.min(paging.pageSize, total - paging.offset))
        return { items: walked.map(toStore), total };
    }
    const rows = await run<StoreRow>(statements.page(true));
    return { items: rows.map(toStore), total };
  }
  const rows = await run<StoreRow>(statements.page(false));
  const endIsKnown = rows.length < paging.pageSize && (rows.length > 0 || paging.offset === 0);
  return { items: rows.map(toStore), total: endIsKnown ? paging.offset + rows.length : await countMatches() };
}
