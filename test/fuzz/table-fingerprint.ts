/**
 * A fingerprint of the database: per table, the row count and the sum of a 64-bit hash of each row
 * (order-free: no sort and no concatenated string, so the demo data's thousands of receipts cost little),
 * in one SQL statement. A row added, removed or changed changes its table's sum unless two 64-bit
 * hashes cancel out exactly. Tables that refused calls legitimately write are left out, each with
 * its reason.
 */
import { rootEntityManager, type Orm } from '../../subgraphs/kernel/db/orm.js';

/** Tables a refused call may change, by name pattern (also matching tables other branches add). */
export const EXCLUDED_TABLES: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /throttle/, why: 'failed sign-ins and client authentications are counted: that is the throttle working' },
  {
    pattern: /rate_?limit|_limit|attempt/,
    why: 'rate-limit and attempt counters (e.g. sign-ups per IP) count refused requests too',
  },
  {
    pattern: /mail|outbox_message/,
    why: 'the mail outbox: sign-up answers every address alike and mails the existing owner',
  },
  {
    pattern: /^webhook_delivery$/,
    why: 'webhook deliveries are written and updated by the background dispatcher (events of earlier accepted calls)',
  },
];

/**
 * Columns background work updates on rows that calls created (the event publisher numbers and
 * stamps outbox events): left out of the comparison, so a refused call is still caught adding or
 * changing an event, but not the publisher publishing an earlier one meanwhile.
 */
export const BACKGROUND_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  outbox_event: ['published_at', 'publish_seq', 'updated_at'],
};

/** table -> `count:md5`. */
export type Fingerprint = ReadonlyMap<string, string>;

interface Table {
  readonly name: string;
  /** What of a row is compared: the whole row, or a row of its columns without the background ones. */
  readonly row: string;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Reads the table list once; `take()` fingerprints them. */
export class TableFingerprinter {
  private constructor(
    private readonly orm: Orm,
    private readonly statement: string,
    readonly tables: readonly string[],
    readonly excluded: readonly string[],
  ) {}

  static async create(orm: Orm): Promise<TableFingerprinter> {
    const rows = await rootEntityManager(orm)
      .getConnection()
      .execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
      );
    const columns = await rootEntityManager(orm)
      .getConnection()
      .execute<{ table_name: string; column_name: string }[]>(
        `select table_name, column_name from information_schema.columns
         where table_schema = current_schema() order by table_name, ordinal_position`,
      );
    const rowOf = (table: string): string => {
      const skipped = BACKGROUND_COLUMNS[table];
      if (!skipped) return 'r::text';
      const kept = columns.filter((c) => c.table_name === table && !skipped.includes(c.column_name));
      return `row(${kept.map((c) => `r.${quote(c.column_name)}`).join(', ')})::text`;
    };
    const isExcluded = (name: string) => EXCLUDED_TABLES.some((e) => e.pattern.test(name));
    const tables: Table[] = rows
      .filter((r) => !isExcluded(r.table_name))
      .map((r) => ({
        name: r.table_name,
        row: rowOf(r.table_name),
      }));
    const statement = tables
      .map(
        (t) =>
          `select '${t.name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(${t.row}, 0)::numeric), 0)::text as print from ${quote(t.name)} r`,
      )
      .join(' union all ');
    const excluded = rows.map((r) => r.table_name).filter(isExcluded);
    return new TableFingerprinter(
      orm,
      statement,
      tables.map((t) => t.name),
      excluded,
    );
  }

  async take(): Promise<Fingerprint> {
    const rows = await rootEntityManager(this.orm)
      .getConnection()
      .execute<{ name: string; print: string }[]>(this.statement);
    return new Map(rows.map((r) => [r.name, r.print]));
  }
}

/** Tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
