/**
 * The consumer history tables of the scale sweep (bench/scale.ts), grown in bulk SQL: row n of
 * `transaction`, `receipt_claim` and `check_in` is the same whatever the run, so a table of N rows
 * grows to M by inserting rows N+1..M (generate_series, no ORM), then VACUUM ANALYZE.
 *
 * Who holds the rows: every 100th row (1%) belongs to one heavy user, the others to 10,000
 * background users picked by a hash of the row number (about 99 rows each at 1M). Times advance 30
 * seconds per row, so the newest rows are the ones added last, as in production.
 */
import { withClient } from '../../test/fixtures/database.js';
import { UUID_V7_SQL, withIndexesRebuilt } from './database.js';

/** One row in this many belongs to the heavy user. */
export const HEAVY_USER_EVERY = 100;
/** Users holding the other rows. */
const BACKGROUND_USERS = 10_000;

/** The heavy user's id (user 0 of the generated ones). */
export const HEAVY_USER_SQL = UUID_V7_SQL('0', 'u');

const USER_OF_ROW = (i: string) =>
  `case when ${i} % ${HEAVY_USER_EVERY} = 0 then ${HEAVY_USER_SQL} else ${UUID_V7_SQL(`(1 + abs(hashint4(${i})) % ${BACKGROUND_USERS})`, 'u')} end`;

const TIME_OF_ROW = (i: string) => `(timestamptz '2025-01-01 00:00:00+00' + ${i} * interval '30 seconds')`;

/** The users, one terminal and one check-in campaign on store 1; once per database. */
const INSERT_FIXTURES = `
with users as (
  insert into "user_account" ("id", "created_at", "updated_at", "is_anonymous")
  select ${UUID_V7_SQL('n', 'u')}, now(), now(), true from generate_series(0, ${BACKGROUND_USERS}) as n
), terminal as (
  insert into "terminal" ("id", "created_at", "updated_at", "public_terminal_id", "store_id", "allow_multiple_claims")
  values (${UUID_V7_SQL('0', 'terminal')}, now(), now(), 'SCALE0001', ${UUID_V7_SQL('1', 's')}, true)
)
insert into "check_in_campaign" ("id", "created_at", "updated_at", "business_account_id", "store_id", "token", "name",
  "is_active", "allow_repeat_check_ins")
select ${UUID_V7_SQL('0', 'campaign')}, now(), now(), s."business_account_id", s."id", 'bench-scale-campaign',
  'ベンチ来店スタンプ', true, true
from "store" s where s."id" = ${UUID_V7_SQL('1', 's')}`;

const INSERT_TRANSACTIONS = `
insert into "transaction" ("id", "created_at", "updated_at", "terminal_id", "store_id", "store_name", "total_amount",
  "subtotal_amount", "tax_amount", "taxes", "items", "occurred_at", "claim_count")
select ${UUID_V7_SQL('i', 't')}, now(), now(), ${UUID_V7_SQL('0', 'terminal')}, ${UUID_V7_SQL('1', 's')}, 'ベンチ店',
  100 + i % 5000, 100 + i % 5000, 0, '[]', '[{"name":"ベンチ弁当","unitPrice":1100,"quantity":1}]', ${TIME_OF_ROW('i')}, 1
from generate_series($1::int, $2::int) as i`;

const INSERT_CLAIMS = `
insert into "receipt_claim" ("id", "created_at", "updated_at", "transaction_id", "kind", "channel", "user_id",
  "token_ref", "claimed_at")
select ${UUID_V7_SQL('i', 'c')}, now(), now(), ${UUID_V7_SQL('i', 't')}, 'terminal', 'web', ${USER_OF_ROW('i')},
  'scale-' || i, ${TIME_OF_ROW('i')} + interval '1 minute'
from generate_series($1::int, $2::int) as i`;

// Each check-in is at one of the first 1,000 publicly listed stores (a check-in needs a public store;
// the list names its store); a repeat campaign's check-ins do not count once, so the once-a-day
// unique index does not apply.
const INSERT_CHECK_INS = `
with public_stores as (
  select array_agg("id") as ids from (select "id" from "store" where "is_public_listing" order by "id" limit 1000) s
)
insert into "check_in" ("id", "created_at", "updated_at", "campaign_id", "user_id", "store_id", "checked_in_at",
  "local_date", "counts_once")
select ${UUID_V7_SQL('i', 'k')}, now(), now(), ${UUID_V7_SQL('0', 'campaign')}, ${USER_OF_ROW('i')},
  ids[1 + abs(hashint4(i + 7)) % cardinality(ids)], ${TIME_OF_ROW('i')},
  cast(${TIME_OF_ROW('i')} at time zone 'Asia/Tokyo' as date), false
from generate_series($1::int, $2::int) as i, public_stores`;

/** How long growing the history took. */
export interface HistoryGrowth {
  readonly seconds: number;
  readonly vacuumSeconds: number;
}

/**
 * Grows each history table from `from - 1` rows to `to` rows (the first call, with `from` 1, also
 * inserts the users, the terminal and the campaign). The directory must hold stores already.
 */
export async function growHistory(url: string, from: number, to: number): Promise<HistoryGrowth> {
  const started = performance.now();
  return withClient(url, async (c) => {
    await c.query('begin');
    if (from === 1) await c.query(INSERT_FIXTURES);
    // Their indexes built afterwards, as the stores' (the sweep grows by 900k rows at most at once).
    await withIndexesRebuilt(c, ['transaction', 'receipt_claim', 'check_in'], async () => {
      await c.query(INSERT_TRANSACTIONS, [from, to]);
      await c.query(INSERT_CLAIMS, [from, to]);
      await c.query(INSERT_CHECK_INS, [from, to]);
    });
    await c.query('commit');
    const loaded = performance.now();
    await c.query('vacuum analyze "transaction", "receipt_claim", "check_in", "user_account"');
    return { seconds: (loaded - started) / 1000, vacuumSeconds: (performance.now() - loaded) / 1000 };
  });
}

/** The heavy user's id and how many rows it holds in each history table at `rows` rows. */
export async function heavyUser(url: string): Promise<{ id: string; claims: number; checkIns: number }> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ id: string; claims: number; check_ins: number }>(
      `select ${HEAVY_USER_SQL}::text as id,
         (select count(*)::int from "receipt_claim" where "user_id" = ${HEAVY_USER_SQL}) as claims,
         (select count(*)::int from "check_in" where "user_id" = ${HEAVY_USER_SQL}) as check_ins`,
    );
    const row = rows[0]!;
    return { id: row.id, claims: row.claims, checkIns: row.check_ins };
  });
}

/** (claimed_at, id) of the heavy user's claim `depth` rows down from the newest: a deep cursor's position. */
export async function claimAtDepth(url: string, depth: number): Promise<{ claimedAt: string; id: string } | null> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ claimed_at: Date; id: string }>(
      `select "claimed_at", "id"::text from "receipt_claim" where "user_id" = ${HEAVY_USER_SQL}
       order by "claimed_at" desc, "id" desc offset $1 limit 1`,
      [depth],
    );
    const row = rows[0];
    return row ? { claimedAt: row.claimed_at.toISOString(), id: row.id } : null;
  });
}
