/**
 * CSV as RFC 4180 writes it, for exports a business opens in a spreadsheet: comma-separated, CRLF
 * line ends, a field quoted when it holds a comma, a quote, CR or LF (quotes doubled inside), and a
 * UTF-8 byte order mark so spreadsheet programs read Japanese text as UTF-8. A text cell that starts
 * with =, +, -, @, a tab or CR would be taken for a formula by spreadsheets (CSV injection, OWASP): it
 * gets a leading apostrophe. Numbers are written as numbers, never escaped.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** The byte order mark the export starts with. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null and undefined are empty, text is defused and quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole document: the BOM, the header row and the rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
