import { convertCells, type CellKind } from '~/domain/import-cells';
import {
  IMPORT_FIELDS,
  IMPORT_TYPES,
  importFieldNames,
  isImportType,
  mapRow,
  type ImportType,
} from '~/domain/import-headers';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ROWS,
  parseJsonText,
  tooLargeMessage,
} from '~/schemas/import';
import { db } from '~/utils/db.server';
import { HttpError } from '~/utils/http.server';
import { readSpreadsheet, tooManyRows, type SheetRow } from '~/utils/spreadsheet.server';
import { IMPORTERS, type ParsedRow, type RowProblem } from './importers.server';

/**
 * Where rows come from decides how they are named in messages: a spreadsheet row number as the spreadsheet shows
 * it (the header is row 1), or a JSON item's position counting from 1 (docs/decisions/040-import-pipeline.md).
 */
export type ImportSource = 'file' | 'json';

function rowLabel(source: ImportSource, rowNumber: number): string {
  return source === 'file' ? `Row ${rowNumber}` : `Item ${rowNumber}`;
}

/** "Import Failed": nothing written; the message names the first rows with errors and their fields. */
function importFailed(source: ImportSource, problems: RowProblem[]): HttpError {
  const sorted = [...problems].sort((a, b) => a.rowNumber - b.rowNumber);
  const shown = sorted.slice(0, MAX_REPORTED_ROWS);
  const errors: Record<string, string[]> = {};
  for (const problem of shown) (errors[rowLabel(source, problem.rowNumber)] ??= []).push(...problem.messages);
  const what = source === 'file' ? 'row' : 'item';
  const count = sorted.length;
  const lines = Object.entries(errors).map(([label, messages]) => `${label}: ${messages.join('; ')}`);
  if (count > shown.length) lines.push(`…and ${count - shown.length} more ${what}s with errors.`);
  // One line per row, so the page can show them as a list and API clients still get readable text.
  const message = [`Nothing was imported: ${count} ${what}${count === 1 ? ' has' : 's have'} errors.`, ...lines].join(
    '\n',
  );
  return new HttpError(400, message, errors);
}

function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}

/**
 * Imports rows of one type, all or nothing: each row's headers are mapped to the type's fields, its cells
 * converted, and validated with the same zod schema as the form; references are checked; then every row is
 * written through the models in one transaction. Any bad row means nothing is written and an "Import Failed"
 * HttpError listing rows and fields. `headers` (spreadsheets) lets a missing column be named once.
 */
export async function importRows(
  type: ImportType,
  source: ImportSource,
  rows: SheetRow[],
  headers?: string[],
): Promise<{ count: number }> {
  if (rows.length === 0) {
    throw new HttpError(
      400,
      source === 'file' ? 'The file has no rows to import.' : 'The JSON array is empty: there is nothing to import.',
    );
  }
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  const importer = IMPORTERS[type];
  const fields = importFieldNames(type) as string[];

  if (headers) {
    const present = new Set(headers.map((header) => Object.keys(mapRow({ [header]: 'x' }, fields))[0]).filter(Boolean));
    const missing = (IMPORT_FIELDS[type].required as readonly string[]).filter((field) => !present.has(field));
    if (missing.length > 0) {
      throw new HttpError(
        400,
        `The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}. ${type} need the columns ${IMPORT_FIELDS[type].required.join(', ')} in the first row.`,
      );
    }
  }

  const problems: RowProblem[] = [];
  const parsed: ParsedRow<unknown>[] = [];
  for (const row of rows) {
    if (typeof row.values !== 'object' || row.values === null || Array.isArray(row.values)) {
      problems.push({ rowNumber: row.rowNumber, messages: ['must be an object with the fields of the type'] });
      continue;
    }
    const cells = convertCells(mapRow(row.values, fields), importer.kinds as Partial<Record<string, CellKind>>, source);
    const result = importer.parse(cells);
    if (result.success)
      parsed.push({ rowNumber: row.rowNumber, input: result.data, present: new Set(Object.keys(cells)) });
    else problems.push({ rowNumber: row.rowNumber, messages: fieldMessages(result.error.issues) });
  }
  if (problems.length === 0 && importer.duplicates)
    problems.push(...importer.duplicates(parsed, source === 'file' ? 'row' : 'item'));
  if (problems.length > 0) throw importFailed(source, problems);

  await db.$transaction(
    async (tx) => {
      const referenceProblems = importer.check ? await importer.check(tx, parsed) : [];
      if (referenceProblems.length > 0) throw importFailed(source, referenceProblems);
      await importer.write(tx, parsed, (rowNumber, error) => {
        // A model's own refusal (a 404 or 409) still names the row it came from.
        if (error instanceof HttpError)
          return new HttpError(
            error.status,
            `Nothing was imported. ${rowLabel(source, rowNumber)}: ${error.message}`,
            error.errors,
          );
        return error;
      });
    },
    // Ten thousand rows through the models take a while; SQLite holds the write lock meanwhile, so keep it bounded.
    { timeout: 120_000, maxWait: 15_000 },
  );
  return { count: parsed.length };
}

/** JSON import: the body must be an array of objects (SPEC §5), item numbers count from 1. */
export function jsonRows(value: unknown): SheetRow[] {
  if (!Array.isArray(value)) throw new HttpError(400, IMPORT_MESSAGES.notArray);
  if (value.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return value.map((item, index) => ({ rowNumber: index + 1, values: item as Record<string, unknown> }));
}

/** Imports an uploaded CSV, .xlsx or .xls file (the page's file form and POST /api/import/{type}). */
export async function importFile(type: ImportType, file: File): Promise<{ count: number }> {
  if (file.size > MAX_IMPORT_BYTES) throw new HttpError(413, tooLargeMessage());
  const sheet = readSpreadsheet(new Uint8Array(await file.arrayBuffer()), file.name);
  return importRows(type, 'file', sheet.rows, sheet.headers);
}

/** Imports pasted or posted JSON text (the page's JSON form and POST /api/import/{type}/json). */
export async function importJsonText(type: ImportType, text: string): Promise<{ count: number }> {
  if (Buffer.byteLength(text, 'utf8') > MAX_IMPORT_BYTES)
    throw new HttpError(
      413,
      `The JSON data is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller parts.`,
    );
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new HttpError(400, parsed.message);
  return importRows(type, 'json', jsonRows(parsed.value));
}

/** The {type} of an import URL; an unknown one is a 404 naming the five that exist. */
export function requireImportType(value: string | undefined): ImportType {
  if (isImportType(value)) return value;
  throw new HttpError(404, `Unknown import type "${value ?? ''}". Use one of ${IMPORT_TYPES.join(', ')}.`);
}
