/**
 * A fingerprint of the database: per table, the row count and an md5 of its rows in primary-key
 * order, in one SQL statement. Tables that refused calls legitimately write are left out, each with
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
  readonly order: string;
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
      .execute<{ table_name: string; pk: string | null }[]>(
        `select t.table_name, string_agg(k.column_name, ',' order by k.ordinal_position) as pk
         from information_schema.tables t
         left join information_schema.table_constraints c
           on c.table_schema = t.table_schema and c.table_name = t.table_name and c.constraint_type = 'PRIMARY KEY'
         left join information_schema.key_column_usage k
           on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
        where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        group by t.table_name order by t.table_name`,
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
        order: r.pk
          ? r.pk
              .split(',')
              .map((c) => `r.${quote(c)}`)
              .join(', ')
          : 'r::text',
        row: rowOf(r.table_name),
      }));
    const statement = tables
      .map(
        (t) =>
          `select '${t.name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(${t.row}, '|' order by ${t.order}), '')) as print from ${quote(t.name)} r`,
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
