/**
 * A sales report as CSV (kernel/csv), delivered as the survey and check-in exports are: the document
 * inline in a GraphQL answer with its file name and media type. One row per period (and store).
 */
import { toCsv, type CsvCell } from '../../kernel/csv/csv.js';
import type { SalesReport, SalesReportCsv } from './sales-report.types.js';

/** The media type of the export. */
export const SALES_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const HEADER = [
  'period_start',
  'period_end',
  'store_id',
  'currency',
  'revenue',
  'transactions',
  'units',
  'average_basket_amount',
  'items_per_transaction',
];

/** `sales-<granularity>-<from>-<to>[-<store>]-<YYYYMMDD of now>.csv`. */
export function salesCsvFilename(report: SalesReport, now: Date): string {
  const store = report.store ? `-${report.store.id}` : '';
  const made = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `sales-${report.granularity}-${report.from}-${report.to}${store}-${made}.csv`;
}

/** The CSV of a report: never truncated (a report holds at most a bounded number of periods). */
export function reportCsv(report: SalesReport, now: Date): SalesReportCsv {
  const rows = report.periods.map((p): CsvCell[] => [
    p.start,
    p.end,
    p.store?.id ?? report.store?.id ?? '',
    report.currency,
    p.revenue,
    p.transactions,
    p.units,
    p.averageBasketAmount,
    p.itemsPerTransaction,
  ]);
  return {
    filename: salesCsvFilename(report, now),
    contentType: SALES_CSV_CONTENT_TYPE,
    rowCount: rows.length,
    truncated: false,
    content: toCsv(HEADER, rows),
  };
}
