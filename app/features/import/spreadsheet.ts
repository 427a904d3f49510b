import { inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import * as cptable from 'xlsx/dist/cpexcel.full.mjs';
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_UNPACKED_BYTES,
  isAcceptedFileName,
  tooLargeMessage,
  tooManyRowsMessage,
  wrongTypeMessage,
} from '~/schemas/import/limits';
import { formatCount } from '~/domain/format';

/*
 * Reading a spreadsheet file into rows (step 1 of an import, docs/decisions/040-import-pipeline.md). It runs in a
 * worker thread (spreadsheet-worker.ts), never on the thread that answers pages, so it imports nothing of the server:
 * its refusals are SpreadsheetErrors carrying the status the upload's edge answers with (415 wrong type, 413 too
 * large or too long, 400 unreadable). An .xlsx is unpacked with a cap before SheetJS sees it, so a small file that
 * unpacks to gigabytes is refused without being read (docs/decisions/067-imports-off-the-request-thread.md).
 */

export class SpreadsheetError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

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

function unreadable(fileName: string): SpreadsheetError {
  return new SpreadsheetError(
    400,
    `Could not read "${fileName}". Make sure it is a CSV file or an Excel workbook (.xlsx or .xls) and not damaged.`,
  );
}

function tooManyColumns(fileName: string): SpreadsheetError {
  return new SpreadsheetError(
    413,
    `"${fileName}" has more than ${MAX_IMPORT_COLUMNS} columns. An import needs only the columns of its type: remove the others.`,
  );
}

function unpacksTooLarge(fileName: string): SpreadsheetError {
  return new SpreadsheetError(
    413,
    `"${fileName}" unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB, far more than any league's data. Check that it is the right file, or split it into smaller files.`,
  );
}

/**
 * Unpacks every member of an .xlsx (a zip archive) with a cap on the total it may unpack to, counting what inflating
 * really gives (the sizes a zip declares can lie), and checks the declared size of each worksheet
 * (`<dimension ref="A1:XFD10">`) against the column limit. Reads the central directory the way every zip reader does.
 */
function checkArchive(bytes: Uint8Array, fileName: string): void {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: its signature within the last 64 KB + 22 bytes.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i -= 1) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable(fileName);
  const entries = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  let budget = MAX_UNPACKED_BYTES;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw unreadable(fileName);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localHeader = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (localHeader + 30 > data.length || data.readUInt32LE(localHeader) !== 0x04034b50) throw unreadable(fileName);
    const start = localHeader + 30 + data.readUInt16LE(localHeader + 26) + data.readUInt16LE(localHeader + 28);
    const packed = data.subarray(start, start + compressedSize);
    let unpacked: Buffer;
    if (method === 0) unpacked = packed;
    else if (method === 8) {
      try {
        unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw unpacksTooLarge(fileName);
        throw unreadable(fileName);
      }
    } else throw unreadable(fileName);
    budget -= unpacked.length;
    if (budget < 0) throw unpacksTooLarge(fileName);
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) {
      const dimension = /<dimension\s+ref="([A-Z]+)\d*(?::([A-Z]+)\d*)?"/.exec(unpacked.toString('latin1', 0, 4096));
      if (dimension) {
        const first = XLSX.utils.decode_col(dimension[1]);
        const last = XLSX.utils.decode_col(dimension[2] ?? dimension[1]);
        if (last - first + 1 > MAX_IMPORT_COLUMNS) throw tooManyColumns(fileName);
      }
    }
  }
}

// Old .xls files store text in Windows code pages; without the tables their accented names come out garbled.
XLSX.set_cptable(cptable);

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
    if (error instanceof SpreadsheetError) throw error;
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
 * SpreadsheetError for a file of the wrong type (415), too large, too wide or too long (413), unreadable or empty
 * (400).
 */
export function readSpreadsheet(bytes: Uint8Array, fileName: string): Sheet {
  if (!isAcceptedFileName(fileName)) throw new SpreadsheetError(415, wrongTypeMessage(fileName));
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new SpreadsheetError(413, tooLargeMessage());
  if (bytes.byteLength === 0) throw new SpreadsheetError(400, `"${fileName}" is empty.`);
  if (startsWith(bytes, ZIP_MAGIC)) checkArchive(bytes, fileName);

  // First read one line past the row limit: enough to know a file without blank lines is too long, without
  // parsing a huge sheet. Blank lines count against that window, so a sheet cut off by it is read again with a
  // larger one: rows after the window must never be dropped silently.
  let workbook = readWorkbook(bytes, fileName, MAX_IMPORT_ROWS + 2);
  if (wasCutOff(workbook, MAX_IMPORT_ROWS + 2)) workbook = readWorkbook(bytes, fileName, MAX_SHEET_LINES + 1);
  if (wasCutOff(workbook, MAX_SHEET_LINES + 1)) {
    throw new SpreadsheetError(
      413,
      `"${fileName}" has more than ${formatCount(MAX_SHEET_LINES)} lines (blank ones included). Remove the blank lines or split it into smaller files.`,
    );
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) throw new SpreadsheetError(400, `"${fileName}" has no rows to import.`);

  const range = XLSX.utils.decode_range(ref);
  if (range.e.c - range.s.c + 1 > MAX_IMPORT_COLUMNS) throw tooManyColumns(fileName);
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
    throw new SpreadsheetError(400, `"${fileName}" has no header row. The first row must name the columns.`);

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
  if (rows.length === 0) throw new SpreadsheetError(400, `"${fileName}" has no rows to import below its header row.`);
  return { headers: headers.filter(Boolean), rows };
}

function tooManyRows(): SpreadsheetError {
  return new SpreadsheetError(413, tooManyRowsMessage());
}
