import { breather } from '~/db/breather.server';
import type { Tx } from '~/db/db.server';
import type { ParsedRow, RowProblem } from '../validate';

/*
 * What every import type's writer shares (app/features/import/write.server.ts runs them): its shape, one row at a
 * time with the row named in any refusal, and the reference check in a fixed number of queries.
 */

/** Turns an error a model threw while writing a row into one that names the row. */
type WrapRowError = (rowNumber: number, error: unknown) => unknown;

/** How one import type checks and writes its validated rows. */
export type Writer<T> = {
  /** Checks that need the database (references), in a fixed number of queries, before anything is written. */
  check?(tx: Tx, rows: ParsedRow<T>[]): Promise<RowProblem[]>;
  write(tx: Tx, rows: ParsedRow<T>[], wrap: WrapRowError): Promise<void>;
};

export async function eachRow<T>(
  rows: ParsedRow<T>[],
  wrap: WrapRowError,
  fn: (row: ParsedRow<T>) => Promise<void>,
): Promise<void> {
  const breathe = breather();
  for (const row of rows) {
    try {
      await breathe();
      await fn(row);
    } catch (error) {
      throw wrap(row.rowNumber, error);
    }
  }
}

/**
 * Prisma refuses a statement with more than 999 parameters on SQLite (and does not split every `in` list itself),
 * so queries over thousands of ids go in slices.
 */
const ID_CHUNK = 500;

export async function inSlices<T, R>(items: readonly T[], fn: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += ID_CHUNK) out.push(...(await fn(items.slice(i, i + ID_CHUNK))));
  return out;
}

/** Golfer and course references must exist: a query per 500 ids, never one per row. */
export async function missingReferences(
  tx: Tx,
  rows: ParsedRow<{ golferId: number; courseId?: number }>[],
): Promise<RowProblem[]> {
  const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
  const courseIds = [...new Set(rows.flatMap((row) => (row.input.courseId === undefined ? [] : [row.input.courseId])))];
  const golfers = await inSlices(golferIds, (ids) =>
    tx.golfer.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  );
  const courses = await inSlices(courseIds, (ids) =>
    tx.course.findMany({ where: { id: { in: ids } }, select: { id: true } }),
  );
  const knownGolfers = new Set(golfers.map((g) => g.id));
  const knownCourses = new Set(courses.map((c) => c.id));
  const problems: RowProblem[] = [];
  for (const { rowNumber, input } of rows) {
    const messages: string[] = [];
    if (!knownGolfers.has(input.golferId)) messages.push(`golferId: Golfer #${input.golferId} does not exist`);
    if (input.courseId !== undefined && !knownCourses.has(input.courseId))
      messages.push(`courseId: Course #${input.courseId} does not exist`);
    if (messages.length) problems.push({ rowNumber, messages });
  }
  return problems;
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
