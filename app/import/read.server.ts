import * as XLSX from 'xlsx';
import * as cptable from 'xlsx/dist/cpexcel.full.mjs';
import { InvalidError } from '~/domain/errors';
import { HttpError } from '~/utils/http.server';
import {
  IMPORT_MESSAGES,
  isAcceptedFileName,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  parseJsonText,
  tooLargeMessage,
  tooManyRowsMessage,
  wrongTypeMessage,
} from './limits';

/*
 * Step 1 of an import: an uploaded file or a JSON text becomes rows. This is the upload's edge, so the limits of
 * what may be sent (the wrong kind of file: 415; too many bytes, lines or rows: 413) are HTTP errors here; a file
 * or text that cannot be read is an InvalidError (400), like every later refusal.
 */

// Old .xls files store text in Windows code pages; without the tables their accented names come out garbled.
XLSX.set_cptable(cptable);

/**
 * One data row: its number as the spreadsheet shows it (the header is row 1), or a JSON item's position counting
 * from 1, and its cells by header (a JSON item as it came, which may not even be an object).
 */
export type ImportRow = { rowNumber: number; values: Record<string, unknown> };
export type Sheet = { headers: string[]; rows: ImportRow[] };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // .xlsx is a zip archive
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .xls (BIFF) is an OLE2 compound file

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

function unreadable(fileName: string): InvalidError {
  return new InvalidError(
    `Could not read "${fileName}". Make sure it is a CSV file or an Excel workbook (.xlsx or .xls) and not damaged.`,
  );
}

/**
 * CSV is decoded here rather than by SheetJS: its UTF-8 code page drops the first characters after a byte-order
 * mark (which Excel's "CSV UTF-8" writes). Files that are not valid UTF-8 are taken as Windows-1252, what older
 * Excel versions save. A NUL byte means the file is binary, not text.
 */
function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Lines (blank ones included) read at most in the second pass of a sheet whose first pass was cut off by blank
 * lines: it bounds what a small file that unpacks into a huge sheet can cost, far above any real import.
 */
const MAX_SHEET_LINES = 20 * MAX_IMPORT_ROWS;

function readWorkbook(bytes: Uint8Array, fileName: string, sheetRows: number): XLSX.WorkBook {
  const options: XLSX.ParsingOptions = { cellDates: true, raw: true, dense: true, sheetRows, sheets: 0 };
  try {
    if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, OLE_MAGIC)) {
      return XLSX.read(bytes, { ...options, type: 'buffer' });
    }
    // Anything else must be text: CSV, or the tab-separated / HTML "xls" some programs export.
    const text = decodeText(bytes);
    if (text === null) throw unreadable(fileName);
    // `raw` keeps every CSV cell as typed text, so "5,2" is not read as 52 and "00123" keeps its zeros.
    return XLSX.read(text, { ...options, type: 'string' });
  } catch (error) {
    if (error instanceof InvalidError) throw error;
    throw unreadable(fileName);
  }
}

/**
 * Whether `sheetRows` stopped the first sheet short: Excel files say so with `!fullref` (the sheet's whole range);
 * a CSV read does not, so a read that filled the whole window counts as cut off.
 */
function wasCutOff(workbook: XLSX.WorkBook, sheetRows: number): boolean {
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) return false;
  const read = XLSX.utils.decode_range(ref);
  // SheetJS types a sheet's keys as `any`; '!fullref' is the A1 range text when the read was limited.
  const full: unknown = sheet['!fullref'];
  if (typeof full === 'string' && full) return XLSX.utils.decode_range(full).e.r > read.e.r;
  return read.e.r - read.s.r + 1 >= sheetRows;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Excel marks formula errors (#N/A, #DIV/0!) as error cells; they are reported as their text. */
function cellValue(cell: XLSX.CellObject | undefined): unknown {
  if (!cell) return null;
  if (cell.t === 'e') return cell.w ?? '#ERROR';
  if (cell.t === 'z') return null;
  return cell.v ?? null;
}

/**
 * Reads the first worksheet of an uploaded CSV, .xlsx or .xls file into rows keyed by the header row. Throws a
 * clear HttpError for a file of the wrong type (415), too large or too long (413), an InvalidError when it is
 * unreadable or empty (400).
 */
function readSpreadsheet(bytes: Uint8Array, fileName: string): Sheet {
  if (!isAcceptedFileName(fileName)) throw new HttpError(415, wrongTypeMessage(fileName));
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new HttpError(413, tooLargeMessage());
  if (bytes.byteLength === 0) throw new InvalidError(`"${fileName}" is empty.`);

  // First read one line past the row limit: enough to know a file without blank lines is too long, without
  // parsing a huge sheet. Blank lines count against that window, so a sheet cut off by it is read again with a
  // larger one: rows after the window must never be dropped silently.
  let workbook = readWorkbook(bytes, fileName, MAX_IMPORT_ROWS + 2);
  if (wasCutOff(workbook, MAX_IMPORT_ROWS + 2)) workbook = readWorkbook(bytes, fileName, MAX_SHEET_LINES + 1);
  if (wasCutOff(workbook, MAX_SHEET_LINES + 1)) {
    throw new HttpError(
      413,
      `"${fileName}" has more than ${MAX_SHEET_LINES.toLocaleString('en-US')} lines (blank ones included). Remove the blank lines or split it into smaller files.`,
    );
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) throw new InvalidError(`"${fileName}" has no rows to import.`);

  const range = XLSX.utils.decode_range(ref);
  const grid = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  const cellAt = (r: number, c: number) => grid[r]?.[c];

  const headerRow = range.s.r;
  const headers: string[] = [];
  const keys: (string | null)[] = [];
  const seen = new Map<string, number>();
  for (let c = range.s.c; c <= range.e.c; c += 1) {
    const raw = cellValue(cellAt(headerRow, c));
    const header = isBlank(raw) ? '' : String(raw).trim();
    headers.push(header);
    if (header === '') {
      keys.push(null);
      continue;
    }
    // A repeated header keeps its own column: trailing spaces make the key unique and are ignored when
    // headers are matched to fields (normalizeHeader drops whitespace), so the first column with a value wins.
    const times = seen.get(header) ?? 0;
    seen.set(header, times + 1);
    keys.push(header + ' '.repeat(times));
  }
  if (keys.every((key) => key === null))
    throw new InvalidError(`"${fileName}" has no header row. The first row must name the columns.`);

  const rows: ImportRow[] = [];
  for (let r = headerRow + 1; r <= range.e.r; r += 1) {
    const values: Record<string, unknown> = {};
    let blank = true;
    keys.forEach((key, i) => {
      if (key === null) return;
      const value = cellValue(cellAt(r, range.s.c + i));
      if (!isBlank(value)) blank = false;
      values[key] = value;
    });
    if (blank) continue;
    if (rows.length === MAX_IMPORT_ROWS) throw tooManyRows();
    rows.push({ rowNumber: r + 1, values });
  }
  if (rows.length === 0) throw new InvalidError(`"${fileName}" has no rows to import below its header row.`);
  return { headers: headers.filter(Boolean), rows };
}

function tooManyRows(): HttpError {
  return new HttpError(413, tooManyRowsMessage());
}

/** An uploaded CSV, .xlsx or .xls file (the page's file form and POST /api/import/{type}). */
export async function readFile(file: File): Promise<Sheet> {
  if (file.size > MAX_IMPORT_BYTES) throw new HttpError(413, tooLargeMessage());
  return readSpreadsheet(new Uint8Array(await file.arrayBuffer()), file.name);
}

/**
 * Pasted or posted JSON text: an array of objects (docs/product/import-export.md#json-import), its items numbered
 * from 1.
 */
export function readJsonText(text: string): ImportRow[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES)
    throw new HttpError(
      413,
      `The JSON data is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller parts.`,
    );
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new InvalidError(parsed.message);
  const value = parsed.value;
  if (!Array.isArray(value)) throw new InvalidError(IMPORT_MESSAGES.notArray);
  if (value.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return value.map((item, index) => ({ rowNumber: index + 1, values: item as Record<string, unknown> }));
}
