import type { ImportType } from './fields';
import { formatCount } from '~/domain/format';

// What the page (with JavaScript, before uploading) and the server both check, in the same words: the size limits,
// the accepted files and the messages of docs/product/import-export.md#import-messages.

/** docs/product/limits.md#import-limits: one upload is at most 5 MB and 10,000 rows (or JSON items). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/**
 * What an .xlsx may unpack to, and how many columns a sheet may have: far above any league's data (10,000 rows of
 * golfers unpack to about 3 MB), far below what would hurt the server (docs/decisions/067-imports-off-the-request-thread.md).
 */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_COLUMNS = 100;
/**
 * How many rows with errors an "Import Failed" answer names (the first 20:
 * docs/product/import-export.md#all-or-nothing).
 */
export const MAX_REPORTED_ROWS = 20;

const IMPORT_FILE_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
/** The file input's `accept`: the extensions plus their usual media types, for pickers that filter by type. */
export const IMPORT_FILE_ACCEPT = [
  ...IMPORT_FILE_EXTENSIONS,
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
].join(',');

/** The import messages (docs/product/import-export.md#import-messages). */
export const IMPORT_MESSAGES = {
  noFile: 'Please select a file first.',
  noJson: 'Please enter JSON data first.',
  badJson: 'Invalid JSON format',
  notArray: 'JSON data must be an array of objects.',
} as const;

function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

export function isAcceptedFileName(fileName: string): boolean {
  return (IMPORT_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

export function tooLargeMessage(): string {
  return `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files.`;
}

export function tooManyRowsMessage(): string {
  return `The import has more than ${formatCount(MAX_IMPORT_ROWS)} rows. Split it into smaller files.`;
}

export function wrongTypeMessage(fileName: string): string {
  return `"${fileName}" is not a CSV or Excel file. Choose a .csv, .xlsx or .xls file.`;
}

export function successMessage(count: number, type: ImportType): string {
  return `Successfully imported ${count} ${type}`;
}

/** The JSON tab's text: not blank, then valid JSON (the array check is the pipeline's). */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: IMPORT_MESSAGES.noJson };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.badJson };
  }
}
