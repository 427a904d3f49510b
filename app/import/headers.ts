/** Fields each import type reads, as SPEC §3 "Import formats" lists them. */
export const IMPORT_FIELDS = {
  golfers: { required: ['firstName', 'lastName'], optional: ['nickname', 'email', 'phone'] },
  rounds: { required: ['golferId', 'date', 'grossScore'], optional: ['courseId', 'points', 'notes'] },
  memberships: {
    required: ['golferId', 'season'],
    optional: ['registered', 'paid', 'registrationDatetime', 'estimatedScore'],
  },
  flights: { required: ['golferId', 'season', 'flightNo'], optional: [] },
  courses: { required: ['courseName', 'coursePar', 'courseLength'], optional: [] },
} as const;

export type ImportType = keyof typeof IMPORT_FIELDS;
export type ImportField<T extends ImportType> =
  (typeof IMPORT_FIELDS)[T]['required'][number] | (typeof IMPORT_FIELDS)[T]['optional'][number];

export const IMPORT_TYPES = Object.keys(IMPORT_FIELDS) as ImportType[];

export function isImportType(value: unknown): value is ImportType {
  return typeof value === 'string' && Object.hasOwn(IMPORT_FIELDS, value);
}

/** Every field of a type, required first. */
export function importFieldNames<T extends ImportType>(type: T): ImportField<T>[] {
  const { required, optional } = IMPORT_FIELDS[type];
  return [...required, ...optional] as ImportField<T>[];
}

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
