import { DomainError, type FieldErrors } from '~/domain/errors';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { db } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import type { ImportType } from '~/schemas/import/fields';
import { importFailed, rowLabel, type ImportInputs, type ImportSource, type ParsedRow } from './validate';
import { formatCount } from '~/domain/format';
import { lockFieldWhenDue } from '~/features/playoffs/field.server';
import { type Writer, yearOf } from './writers/writer.server';
import { golferWriter } from './writers/golfers.server';
import { courseWriter } from './writers/courses.server';
import { roundWriter } from './writers/rounds.server';
import { membershipWriter } from './writers/memberships.server';
import { flightWriter } from './writers/flights.server';
import { scheduleWriter } from './writers/schedule.server';

/*
 * Step 5 of an import: the validated rows are written in one transaction, all or nothing. References (golferId,
 * courseId) are checked first, in a fixed number of queries; then each type matches its rows to what is stored
 * (docs/decisions/041-import-matching.md) and writes through the models' own functions, so an import obeys the
 * same rules as the forms and the API. New rows go in batches.
 */

const WRITERS: { [K in ImportType]: Writer<ImportInputs[K]> } = {
  golfers: golferWriter,
  rounds: roundWriter,
  courses: courseWriter,
  memberships: membershipWriter,
  flights: flightWriter,
  schedule: scheduleWriter,
};

/** A model's own refusal while writing (a 404 or 409) still names the row it came from, with its own kind. */
function atRow(source: ImportSource, rowNumber: number, error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const Kind = error.constructor as new (message: string, fieldErrors?: FieldErrors) => DomainError;
  return new Kind(`Nothing was imported. ${rowLabel(source, rowNumber)}: ${error.message}`, error.fieldErrors);
}

/** The audit log's row for an import: 'Imported 120 rounds from a file'. */
function importNote(type: ImportType, source: ImportSource, count: number) {
  const noun = type === 'schedule' ? 'schedule entr' : type.slice(0, -1);
  const plural = type === 'schedule' ? `${noun}${count === 1 ? 'y' : 'ies'}` : count === 1 ? noun : type;
  return auditNote({
    action: 'import',
    entity: type === 'schedule' ? 'schedule entry' : noun,
    summary: `Imported ${formatCount(count)} ${plural} from ${source === 'file' ? 'a file' : 'JSON'}`,
  });
}

/**
 * Writes validated rows of one type in one transaction: any missing reference or refusal by a model rolls back
 * every row, and the answer is the number of rows imported (created or updated). The import is one entry of the
 * audit log, by `actor`, however many rows it writes: the models' writes under it record nothing of their own.
 */
export async function writeRows<T extends ImportType>(
  type: T,
  source: ImportSource,
  rows: ParsedRow<ImportInputs[T]>[],
  actor: Actor | null,
): Promise<{ count: number }> {
  const writer: Writer<ImportInputs[T]> = WRITERS[type];
  await inTransaction(
    db,
    async (tx) => {
      const referenceProblems = writer.check ? await writer.check(tx, rows) : [];
      if (referenceProblems.length > 0) throw importFailed(source, referenceProblems);
      await writer.write(tx, rows, (rowNumber, error) => atRow(source, rowNumber, error));
      // One audit entry for the whole import, not one per row written (docs/decisions/111-explicit-audit-entries.md).
      await recordAudit(tx, actor, importNote(type, source, rows.length));
    },
    // Ten thousand rows through the models take a while; SQLite holds the write lock meanwhile, so keep it bounded.
    { timeoutMs: 120_000 },
  );
  // Rounds may give the last qualifier night its points: the playoff field then locks by itself.
  if (type === 'rounds') {
    const seasons = new Set(
      rows
        .map((row) => (row.input as { date?: unknown }).date)
        .filter(isDate)
        .map(yearOf),
    );
    for (const season of seasons) await lockFieldWhenDue(season);
  }
  return { count: rows.length };
}

const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-/.test(value);
