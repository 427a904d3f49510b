/**
 * CSV for exports (RFC 4180: comma-separated, CRLF line ends, quotes doubled). Text that a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe: golfer names come from public
 * registration, and opening an export must never execute what someone typed there (OWASP "CSV injection").
 * The importer removes that apostrophe again (unescapeFormula), so an export re-imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unescapeFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export type CsvValue = string | number | boolean | null | undefined;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? escapeFormula(value) : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line then one line per row; every row has the header's columns in the same order. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [columns, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
