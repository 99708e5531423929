import { Migration } from '@mikro-orm/migrations';
import { STORE_DIRECTORY_COUNT_TRIGGERS } from '../../../stores/store/store-directory-count.entity.js';

/** The visibility rule of the public directory, over a transition table's rows. */
const VISIBLE = '("is_public_listing" or "place_id" is not null)';

/**
 * The change a statement made to the counts: +1 per visible row in `added`, -1 per visible row in
 * `removed`, netted per prefecture and type, applied in key order (concurrent writers lock the rows
 * they change in the same order).
 */
function applyDelta(added: string | undefined, removed: string | undefined): string {
  const parts = [
    ...(added ? [`select "prefecture_code", "store_type", 1 as "delta" from ${added} where ${VISIBLE}`] : []),
    ...(removed ? [`select "prefecture_code", "store_type", -1 as "delta" from ${removed} where ${VISIBLE}`] : []),
  ];
  return `insert into "store_directory_count" as "c" ("prefecture_code", "store_type", "stores")
    select "prefecture_code", "store_type", sum("delta")::int from (${parts.join(' union all ')}) as "d"
    group by "prefecture_code", "store_type" having sum("delta") <> 0 order by "prefecture_code", "store_type"
    on conflict ("prefecture_code", "store_type") do update set "stores" = "c"."stores" + excluded."stores";`;
}

/**
 * stores: the directory's counts per prefecture and store type (entity StoreDirectoryCount), kept
 * exact by statement-level triggers with transition tables on `store`: one aggregated upsert per
 * writing statement, in its transaction, so a bulk insert of a million stores costs one statement, not
 * a million. TRUNCATE empties the counts. Filled from the stores present.
 *
 * A listing without a text filter (`prefecture=13`) read every matching entry of the visibility
 * index to count them: at 100k stores 9,191 entries, 3.2 ms of the 3.3 ms its two statements took
 * (npm run bench, EXPLAIN section), and it grows with the stores. The sum over this table reads at
 * most one row per prefecture and type.
 *
 * The row triggers are declared on the Store entity by their DDL (MikroORM's `expression`), so the
 * schema diff knows them; the TRUNCATE trigger is not (information_schema lists no TRUNCATE triggers,
 * so the diff neither sees nor wants it); their functions return `trigger`, which the diff leaves alone.
 */
export class Migration0033StoresDirectoryCount extends Migration {
  override up(): void {
    this.addSql(`create table "store_directory_count" (
      "prefecture_code" char(2) not null,
      "store_type" varchar(32) not null,
      "stores" int not null,
      constraint "store_directory_count_pkey" primary key ("prefecture_code", "store_type"));`);
    this.addSql(`insert into "store_directory_count" ("prefecture_code", "store_type", "stores")
      select "prefecture_code", "store_type", count(*)::int from "store" where ${VISIBLE} group by 1, 2;`);
    const fn = (name: string, body: string) =>
      this.addSql(
        `create or replace function "${name}"() returns trigger as $$ begin ${body} return null; end; $$ language plpgsql;`,
      );
    fn('store_directory_count_insert_fn', applyDelta('"added"', undefined));
    fn('store_directory_count_update_fn', applyDelta('"added"', '"removed"'));
    fn('store_directory_count_delete_fn', applyDelta(undefined, '"removed"'));
    fn('store_directory_count_truncate_fn', 'delete from "store_directory_count";');
    for (const statement of STORE_DIRECTORY_COUNT_TRIGGERS) this.addSql(`${statement};`);
  }
}
