import { IMPORT_FIELDS, importFieldNames, type ImportType } from '~/schemas/import/fields';

/**
 * Spreadsheet headers are typed by people: 'First Name', 'first_name', 'FIRSTNAME' and
 * 'first-name' all mean firstName, so comparison ignores case, whitespace, '_' and '-'.
 */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * One spreadsheet or JSON row keyed by the field names it matched. Unknown columns are dropped;
 * empty or blank cells and nulls become absent, so optional fields stay undefined rather than
 * failing validation as ''. Text is trimmed; numbers, booleans and dates pass through for the
 * zod schema to judge. When two columns name the same field, the first with a value wins.
 */
export function mapRow<F extends string>(
  row: Record<string, unknown>,
  fields: readonly F[],
): Partial<Record<F, unknown>> {
  const fieldByHeader = new Map(fields.map((field) => [normalizeHeader(field), field]));
  const mapped: Partial<Record<F, unknown>> = {};
  for (const [header, raw] of Object.entries(row)) {
    const field = fieldByHeader.get(normalizeHeader(header));
    if (field === undefined || mapped[field] !== undefined) continue;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === '' || value === null || value === undefined) continue;
    mapped[field] = value;
  }
  return mapped;
}

/**
 * The required fields no header of a spreadsheet names, so a missing column is reported once rather than as an
 * error on every row.
 */
export function missingColumns(type: ImportType, headers: readonly string[]): string[] {
  const fields = importFieldNames(type) as string[];
  const present = new Set(headers.map((header) => Object.keys(mapRow({ [header]: 'x' }, fields))[0]).filter(Boolean));
  return (IMPORT_FIELDS[type].required as readonly string[]).filter((field) => !present.has(field));
}
