import { InvalidError } from '~/domain/errors';
import { courseImportSchema, type CourseImportInput } from '~/schemas/holes';
import { parseFlightInput, type FlightInput } from '~/schemas/flight';
import { golferSchema, type GolferInput } from '~/schemas/golfer';
import { membershipSchema, type MembershipInput } from '~/schemas/membership';
import { parseRoundInput, roundTakenMessage, type RoundInput } from '~/schemas/round';
import { scheduleEntrySchema, type ScheduleEntryInput } from '~/schemas/season';
import { convertCells, type CellKind } from './cells';
import { IMPORT_FIELDS, importFieldNames, type ImportType } from '~/schemas/import/fields';
import { mapRow, missingColumns } from './headers';
import { MAX_REPORTED_ROWS } from '~/schemas/import/limits';
import type { ImportRow } from './spreadsheet';

/*
 * Steps 2 to 4 of an import, with no database: each row's headers are mapped to the type's fields, its cells
 * converted, and the row validated with the entity's own zod schema (the form's and the API's); rows of the same
 * import that would write the same record are found. Every problem of every row is collected, then refused at
 * once as one InvalidError ("Import Failed") naming rows and fields.
 */

/**
 * Where rows come from decides how they are named in messages: a spreadsheet row number as the spreadsheet shows
 * it (the header is row 1), or a JSON item's position counting from 1 (docs/decisions/040-import-pipeline.md).
 */
export type ImportSource = 'file' | 'json';

/** The input each type's schema gives for one row. */
export type ImportInputs = {
  golfers: GolferInput;
  rounds: RoundInput;
  memberships: MembershipInput;
  flights: FlightInput;
  courses: CourseImportInput;
  schedule: ScheduleEntryInput;
};

/** A row that passed its schema; `present` names the fields the row actually gave (blank cells are absent). */
export type ParsedRow<T> = { rowNumber: number; input: T; present: Set<string> };
export type RowProblem = { rowNumber: number; messages: string[] };

type Issue = { path: readonly PropertyKey[]; message: string };
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/** How one import type's rows are read and checked before the database is asked anything. */
type RowRules<T> = {
  /** How each field's cells are converted before the schema sees them. */
  kinds: Partial<Record<string, CellKind>>;
  /** The entity's own schema (the form's and the API's). */
  parse(cells: Record<string, unknown>): ParseResult<T>;
  /** Two rows of the same import that would write the same record; `unit` is 'row' in a file, 'item' in JSON. */
  duplicates?(rows: ParsedRow<T>[], unit: 'row' | 'item'): RowProblem[];
};

/**
 * Rows sharing a key: every row after the first is reported, naming the first ('The same date as row 3', or for a
 * `what` that words the clash itself, 'This golfer already has a round on June 2, 2025 (row 3)').
 */
function duplicateRows<T>(
  rows: ParsedRow<T>[],
  keyOf: (input: T) => string,
  what: string | ((input: T) => string),
  unit: 'row' | 'item',
): RowProblem[] {
  const first = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const key = keyOf(row.input);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.rowNumber);
    else {
      const message =
        typeof what === 'string' ? `${what} as ${unit} ${earlier}` : `${what(row.input)} (${unit} ${earlier})`;
      problems.push({ rowNumber: row.rowNumber, messages: [message] });
    }
  }
  return problems;
}

/** A golfer plays one league round per date, so rounds are matched by golfer and date. */
export function roundKey(input: { golferId: number; date: string }): string {
  return `${input.golferId}|${input.date}`;
}

/** Memberships and flight assignments are one per golfer and season. */
export function membershipKey(input: { golferId: number; season: number }): string {
  return `${input.golferId}|${input.season}`;
}

const RULES: { [K in ImportType]: RowRules<ImportInputs[K]> } = {
  golfers: {
    kinds: { firstName: 'text', lastName: 'text', nickname: 'text', email: 'text', phone: 'phone' },
    parse: (cells) => golferSchema.safeParse(cells),
  },
  rounds: {
    kinds: {
      golferId: 'integer',
      date: 'date',
      grossScore: 'integer',
      courseId: 'integer',
      points: 'number',
      notes: 'text',
    },
    parse: (cells) => parseRoundInput(cells),
    // One round per golfer per date (docs/decisions/070-one-round-per-golfer-per-date.md).
    duplicates: (rows, unit) => duplicateRows(rows, roundKey, (input) => roundTakenMessage(input.date), unit),
  },
  memberships: {
    kinds: {
      golferId: 'integer',
      season: 'integer',
      registered: 'boolean',
      paid: 'boolean',
      registrationDatetime: 'datetime',
      estimatedScore: 'integer',
    },
    parse: (cells) => membershipSchema.safeParse(cells),
    duplicates: (rows, unit) => duplicateRows(rows, membershipKey, 'The same golferId and season', unit),
  },
  flights: {
    kinds: { golferId: 'integer', season: 'integer', flightNo: 'flight' },
    parse: (cells) => parseFlightInput(cells),
    duplicates: (rows, unit) => duplicateRows(rows, membershipKey, 'The same golferId and season', unit),
  },
  courses: {
    kinds: { courseName: 'text', coursePar: 'integer', courseLength: 'text', holes: 'text' },
    parse: (cells) => courseImportSchema.safeParse(cells),
    duplicates: (rows, unit) =>
      duplicateRows(rows, (input) => input.courseName.trim().toLowerCase(), 'The same courseName', unit),
  },
  // A season has one entry per date, and the date's year is the season, so the date alone is the key.
  schedule: {
    kinds: { date: 'date', weekNumber: 'integer', event: 'text', kind: 'text', rainOut: 'boolean' },
    parse: (cells) => scheduleEntrySchema.safeParse(cells),
    duplicates: (rows, unit) => duplicateRows(rows, (input) => input.date, 'The same date', unit),
  },
};

export function rowLabel(source: ImportSource, rowNumber: number): string {
  return source === 'file' ? `Row ${rowNumber}` : `Item ${rowNumber}`;
}

/** "Import Failed": nothing written; the message names the first rows with errors and their fields. */
export function importFailed(source: ImportSource, problems: RowProblem[]): InvalidError {
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
  return new InvalidError(message, errors);
}

function fieldMessages(issues: readonly Issue[]): string[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}

/**
 * Validates every row of one type, or throws one InvalidError naming the rows and fields at fault (nothing is
 * written then). `headers` (spreadsheets) lets a missing column be named once instead of failing every row.
 */
export function validateRows<T extends ImportType>(
  type: T,
  source: ImportSource,
  rows: readonly ImportRow[],
  headers?: readonly string[],
): ParsedRow<ImportInputs[T]>[] {
  if (rows.length === 0) {
    throw new InvalidError(
      source === 'file' ? 'The file has no rows to import.' : 'The JSON array is empty: there is nothing to import.',
    );
  }
  if (headers) {
    const missing = missingColumns(type, headers);
    if (missing.length > 0) {
      throw new InvalidError(
        `The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}. ${type} need the columns ${IMPORT_FIELDS[type].required.join(', ')} in the first row.`,
      );
    }
  }

  const rules: RowRules<ImportInputs[T]> = RULES[type];
  const fields = importFieldNames(type) as string[];
  const problems: RowProblem[] = [];
  const parsed: ParsedRow<ImportInputs[T]>[] = [];
  for (const row of rows) {
    if (typeof row.values !== 'object' || row.values === null || Array.isArray(row.values)) {
      problems.push({ rowNumber: row.rowNumber, messages: ['must be an object with the fields of the type'] });
      continue;
    }
    const cells = convertCells(mapRow(row.values, fields), rules.kinds, source);
    const result = rules.parse(cells);
    if (result.success)
      parsed.push({ rowNumber: row.rowNumber, input: result.data, present: new Set(Object.keys(cells)) });
    else problems.push({ rowNumber: row.rowNumber, messages: fieldMessages(result.error.issues) });
  }
  if (problems.length === 0 && rules.duplicates)
    problems.push(...rules.duplicates(parsed, source === 'file' ? 'row' : 'item'));
  if (problems.length > 0) throw importFailed(source, problems);
  return parsed;
}
