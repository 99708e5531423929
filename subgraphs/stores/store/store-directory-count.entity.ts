import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The triggers' DDL, created by migration 0033 and declared on the Store entity (so the schema diff knows them). */
export const STORE_DIRECTORY_COUNT_TRIGGERS = [
  'create trigger "directory_count_insert" after insert on "store" referencing new table as "added" for each statement execute function "store_directory_count_insert_fn"()',
  'create trigger "directory_count_update" after update on "store" referencing old table as "removed" new table as "added" for each statement execute function "store_directory_count_update_fn"()',
  'create trigger "directory_count_delete" after delete on "store" referencing old table as "removed" for each statement execute function "store_directory_count_delete_fn"()',
  'create trigger "directory_count_truncate" after truncate on "store" for each statement execute function "store_directory_count_truncate_fn"()',
] as const;

/**
 * How many publicly visible stores each prefecture has of each store type, kept by the database
 * (migration 0033: statement triggers on `store`, in the writing transaction). The directory's
 * total for a listing without a text filter is a sum over at most a few hundred of these rows,
 * whatever the number of stores; counting the matching stores read every one of them (9,191 index
 * entries, ~3 ms of PostgreSQL CPU per request for 東京都 at 100k stores, ten times that at 1M).
 * Not read or written by the ORM: declared so the schema diff knows the table.
 */
@Entity({ tableName: 'store_directory_count' })
export class StoreDirectoryCount {
  @PrimaryKey({ type: 'string', length: 2, columnType: 'char(2)' })
  prefectureCode!: string;

  @PrimaryKey({ type: 'string', length: 32 })
  storeType!: string;

  /** Publicly visible stores (listed, or with a place-directory id) of this prefecture and type. */
  @Property({ type: 'integer' })
  stores!: number;
}
