/**
 * Importing golfers, rounds, memberships, flights, courses and schedule dates from a CSV, .xlsx or .xls file or from JSON
 * (docs/decisions/040-import-pipeline.md). On the server, the page (/import) and the API (POST /api/import/{type}
 * and /api/import/{type}/json) call only this module; the steps read top-down, one file each:
 *
 * (Before step 1, app/web/import-upload.server.ts reads the request into a form, size-limited while streaming.)
 *   read.server.ts     1. read      file or JSON text → rows, numbered as the spreadsheet shows them (items from 1)
 *   headers.ts         2. headers   'First Name', first_name… → the type's fields (fields.ts lists them)
 *   cells.ts           3. cells     Excel numbers and dates, CSV text, yes/no words → what the schemas expect
 *   validate.ts        4. validate  each row with the entity's own zod schema; all problems refused at once
 *   write.server.ts    5. write     references checked, rows matched and written through the models, one transaction
 *
 * fields.ts (the six types and their fields) and limits.ts (5 MB, 10,000 rows, the messages of
 * docs/product/import-export.md#import-messages) hold no server code: the page's components show and check the same
 * things in the browser.
 * Refusals are domain errors (InvalidError 400, TooLargeError 413, UnsupportedTypeError 415, NotFoundError 404,
 * ConflictError 409) that `failureOf` maps; the upload's own (app/web) are HTTP errors of the edge. Any refusal means nothing is
 * written.
 */
import { ForbiddenError, NotFoundError } from '~/domain/errors';
import type { Actor } from '~/db/audit.server';
import { yieldToEventLoop } from '~/db/breather.server';
import { IMPORT_TYPES, isImportType, type ImportType } from '~/schemas/import/fields';
import { readFile, readJsonText } from './read.server';
import { validateRows } from './validate';
import { writeRows } from './write.server';

/** Imports an uploaded CSV, .xlsx or .xls file (the page's file form and POST /api/import/{type}). */
export async function importFile(type: ImportType, file: File, actor: Actor | null): Promise<{ count: number }> {
  const sheet = await readFile(file);
  // Each step is long enough with 10,000 rows that other requests get their turn between them.
  await yieldToEventLoop();
  const rows = validateRows(type, 'file', sheet.rows, sheet.headers);
  await yieldToEventLoop();
  return writeRows(type, 'file', rows, actor);
}

/** Imports pasted or posted JSON text (the page's JSON form and POST /api/import/{type}/json). */
export async function importJsonText(type: ImportType, text: string, actor: Actor | null): Promise<{ count: number }> {
  const rows = validateRows(type, 'json', readJsonText(text));
  await yieldToEventLoop();
  return writeRows(type, 'json', rows, actor);
}

/** The {type} of an import or export URL; an unknown one is not found, naming the types that exist. */
export function requireImportType(value: string | undefined): ImportType {
  if (isImportType(value)) return value;
  throw new NotFoundError(`Unknown import type "${value ?? ''}". Use one of ${IMPORT_TYPES.join(', ')}.`);
}

/**
 * The schedule decides which rounds count and what registration sells, so, like every other change to a season
 * (docs/decisions/051-season-screens.md), only an administrator may import it.
 */
export function checkMayImport(type: ImportType, user: { isAdmin: boolean }): void {
  if (type === 'schedule' && !user.isAdmin) throw new ForbiddenError('Only an administrator can import the schedule');
}
