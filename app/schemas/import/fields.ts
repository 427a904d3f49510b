import * as z from 'zod/mini';

/** Fields each import type reads, as docs/product/import-export.md#import-formats lists them. */
export const IMPORT_FIELDS = {
  golfers: { required: ['firstName', 'lastName'], optional: ['nickname', 'email', 'phone'] },
  rounds: { required: ['golferId', 'date', 'grossScore'], optional: ['courseId', 'points', 'notes'] },
  memberships: {
    required: ['golferId', 'season'],
    optional: ['registered', 'paid', 'registrationDatetime', 'estimatedScore'],
  },
  flights: { required: ['golferId', 'season', 'flightNo'], optional: [] },
  // holes: 'par/stroke index' of each hole in order ('4/5 3/9 …'; docs/product/import-export.md).
  courses: { required: ['courseName', 'coursePar', 'courseLength'], optional: ['holes'] },
  // The season is the date's year (docs/decisions/052-registration-follows-the-season.md).
  schedule: { required: ['date', 'event', 'kind'], optional: ['weekNumber', 'rainOut'] },
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

/** Labels of the type buttons and the words used in messages ('Successfully imported 3 golfers'). */
export const IMPORT_TYPE_LABELS: Record<ImportType, string> = {
  golfers: 'Golfers',
  rounds: 'Rounds',
  memberships: 'Memberships',
  flights: 'Flights',
  courses: 'Courses',
  schedule: 'Schedule',
};

/** The `type` the page's buttons send. */
export const importTypeSchema = z.enum(IMPORT_TYPES as [ImportType, ...ImportType[]], {
  error: 'Choose what to import',
});
