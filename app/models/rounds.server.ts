import { roundFieldsSelect, seasonOfDate, type RoundFields } from '~/models/handicaps.server';
import { calculatedDates, recomputeHandicapsAndPoints } from '~/models/points.server';
import { inTransaction, isForeignKeyViolation } from '~/db/transaction.server';
import { roundTakenMessage, type RoundInput } from '~/schemas/round';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { notifyResultsChanged } from '~/db/results-changed.server';
import { auditCreated, auditDeleted, auditMany, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';

/** The round fields (docs/product/data-model.md#rounds), as the API answers them. */
const roundFields = { ...roundFieldsSelect, courseId: true, notes: true } as const;

export type RoundRecord = RoundFields & { courseId: number | null; notes: string | null };

export type RoundListRow = RoundRecord & { golferName: string | null; courseName: string | null };

/**
 * Options for writers that batch many rounds (imports): `recompute: false` skips the recomputation of handicaps and
 * points, and the caller then runs `recomputeHandicapsAndPoints` (app/models/points.server.ts) once before its
 * transaction ends, with the dates it changed and which of them held calculated points before its first write.
 */
export type RoundWriteOptions = { recompute?: boolean };

/**
 * A golfer's second round on one date (docs/decisions/070-one-round-per-golfer-per-date.md): a 409 with the message on
 * the date field. `index` names the clashing input of a batch (createRounds), so an import can name its row.
 */
export class RoundTakenError extends ConflictError {
  index?: number;
}

function roundTaken(date: string, index?: number): RoundTakenError {
  const message = roundTakenMessage(date);
  const error = new RoundTakenError(message, { date: [message] });
  error.index = index;
  return error;
}

/** How many rounds each date of a season has: one grouped query, not the season's rounds. */
export async function countRoundsByDate(season: number, client: Tx = db): Promise<Map<string, number>> {
  const groups = await client.round.groupBy({ by: ['date'], where: { season }, _count: { _all: true } });
  return new Map(groups.map((g) => [g.date, g._count._all]));
}

/** A season's rounds, newest date first, with golfer and course names: one query whatever the number of rounds. */
export async function listRoundsBySeason(season: number, client: Tx = db): Promise<RoundListRow[]> {
  const rows = await client.round.findMany({
    where: { season },
    select: { ...roundFields, golfer: { select: { fullName: true } }, course: { select: { courseName: true } } },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
  return rows.map(({ golfer, course, ...round }) => ({
    ...round,
    golferName: golfer?.fullName ?? null,
    courseName: course?.courseName ?? null,
  }));
}

const ROUNDS_PAGE_SIZE = 100;

export type RoundPage = { rows: RoundListRow[]; total: number; page: number; pageCount: number; pageSize: number };

/** The rounds page at any size: one page of a season's rounds (100, newest date first), in two queries. */
export async function pageRoundsBySeason(season: number, page: number, client: Tx = db): Promise<RoundPage> {
  const total = await client.round.count({ where: { season } });
  const pageCount = Math.max(1, Math.ceil(total / ROUNDS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await client.round.findMany({
    where: { season },
    select: { ...roundFields, golfer: { select: { fullName: true } }, course: { select: { courseName: true } } },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
    skip: (current - 1) * ROUNDS_PAGE_SIZE,
    take: ROUNDS_PAGE_SIZE,
  });
  return {
    rows: rows.map(({ golfer, course, ...round }) => ({
      ...round,
      golferName: golfer?.fullName ?? null,
      courseName: course?.courseName ?? null,
    })),
    total,
    page: current,
    pageCount,
    pageSize: ROUNDS_PAGE_SIZE,
  };
}

export function getRound(id: number, client: Tx = db): Promise<RoundRecord | null> {
  return client.round.findUnique({ where: { id }, select: roundFields });
}

/** One round, or a NotFoundError. */
export async function requireRound(id: number, client: Tx = db): Promise<RoundRecord> {
  const round = await getRound(id, client);
  if (!round) throw new NotFoundError('Round not found');
  return round;
}

/** The golfer and course a round points to must exist; a clear field message otherwise, before anything is written. */
async function checkReferences(tx: Tx, input: RoundInput): Promise<void> {
  // One after the other: a transaction is one connection, and PostgreSQL's client runs one query at a time on it
  // (two at once are queued, and pg deprecates that).
  const golfer = await tx.golfer.findUnique({ where: { id: input.golferId }, select: { id: true } });
  const course =
    input.courseId === undefined
      ? null
      : await tx.course.findUnique({ where: { id: input.courseId }, select: { id: true } });
  const errors: Record<string, string[]> = {};
  if (!golfer) errors.golferId = [`Golfer #${input.golferId} does not exist`];
  if (input.courseId !== undefined && !course) errors.courseId = [`Course #${input.courseId} does not exist`];
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw new InvalidError(messages.join('. '), errors);
}

function roundData(input: RoundInput) {
  return {
    golferId: input.golferId,
    courseId: input.courseId ?? null,
    date: input.date,
    // The schema already checked that a given season matches the date; without one, the date's year is the season.
    season: input.season ?? seasonOfDate(input.date)!,
    grossScore: input.grossScore,
    points: input.points ?? null,
    notes: input.notes?.trim() || null,
  };
}

/**
 * The write failed: the golfer or course was deleted, or another request recorded the golfer's round on that date,
 * between the checks and the write (only possible on PostgreSQL, where the failed statement has already ended the
 * transaction; hence the checks before writing).
 */
function writeFailed(date: string | null) {
  return (error: unknown): never => {
    if (isForeignKeyViolation(error)) throw new InvalidError('The golfer or course of this round no longer exists');
    if (isUniqueViolation(error)) {
      if (date !== null) throw roundTaken(date);
      throw new ConflictError('One of these golfers already has a round on one of these dates');
    }
    throw error;
  };
}

/** One round per golfer per date: refused before writing, so a transaction never holds a failed statement. */
async function checkDateFree(tx: Tx, input: RoundInput, id: number | null): Promise<void> {
  const clash = await tx.round.findFirst({
    where: { golferId: input.golferId, date: input.date, ...(id === null ? {} : { NOT: { id } }) },
    select: { id: true },
  });
  if (clash) throw roundTaken(input.date);
}

/** A round in the audit log: its id and date ('Updated round #5 '2026-05-12': gross score 44 → 42, …'). */
const roundTarget = (id: number) => ({ entity: 'round', id, labelField: 'date' });

/**
 * Runs a round write and then recomputes the golfers' handicaps and the points of `dates` that were calculated before
 * it (docs/decisions/075-points-never-stale.md), unless the caller recomputes once after many writes. The nights of
 * `dates` are announced to their live leaderboards after the commit.
 */
async function withRecompute<T>(
  tx: Tx,
  options: RoundWriteOptions,
  golferIds: number[],
  dates: string[],
  write: () => Promise<T>,
): Promise<T> {
  // The live leaderboards of these nights (docs/decisions/124-live-results-and-skins.md), once this commits.
  for (const date of new Set(dates)) notifyResultsChanged(date);
  if (options.recompute === false) return write();
  const calculated = await calculatedDates(tx, dates);
  const result = await write();
  await recomputeHandicapsAndPoints(tx, golferIds, { dates, calculated });
  return result;
}

/**
 * Records a round and computes its handicap columns (and those of the golfer's later rounds) in one transaction, with
 * the points of its date when they were calculated. A golfer has one round per date.
 */
export async function createRound(
  input: RoundInput,
  actor: Actor | null,
  client: Tx = db,
  options: RoundWriteOptions = {},
): Promise<RoundRecord> {
  return inTransaction(client, async (tx) => {
    await checkReferences(tx, input);
    await checkDateFree(tx, input, null);
    const created = await withRecompute(tx, options, [input.golferId], [input.date], () =>
      tx.round.create({ data: roundData(input), select: { id: true } }).catch(writeFailed(input.date)),
    );
    const round = (await getRound(created.id, tx))!;
    await recordAudit(tx, actor, auditCreated(roundTarget(round.id), round));
    return round;
  });
}

/** Ids per `in` list when checking golfers and courses exist. */
const BATCH = 500;
/**
 * Rounds per INSERT. Prisma compiles a statement on the server's thread, so a big one holds the event loop: with 500,
 * the longest pause during 3,000 new rounds was about 80 ms, with 100 about 30 ms (the golfers import found the same,
 * app/features/import/write.server.ts).
 */
const INSERT_CHUNK = 100;
/** Golfers and dates per query when looking for clashes: 400 + 400 stays below SQLite's 999 parameters. */
const CLASH_SLICE = 400;

function key(input: { golferId: number; date: string }): string {
  return `${input.golferId}|${input.date}`;
}

/**
 * A batch keeps one round per golfer per date, within itself and with what is stored: a RoundTakenError naming the
 * first input that breaks it. A query per 400 golfers and 400 dates, never one per row.
 */
async function checkDatesFree(tx: Tx, inputs: readonly RoundInput[], golferIds: number[]): Promise<void> {
  const seen = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    if (seen.has(key(input))) throw roundTaken(input.date, index);
    seen.add(key(input));
  }
  const dates = [...new Set(inputs.map((i) => i.date))];
  const stored = new Set<string>();
  for (let g = 0; g < golferIds.length; g += CLASH_SLICE) {
    for (let d = 0; d < dates.length; d += CLASH_SLICE) {
      const rows = await tx.round.findMany({
        where: { golferId: { in: golferIds.slice(g, g + CLASH_SLICE) }, date: { in: dates.slice(d, d + CLASH_SLICE) } },
        select: { golferId: true, date: true },
      });
      for (const row of rows) stored.add(key(row));
    }
  }
  const index = inputs.findIndex((input) => stored.has(key(input)));
  if (index >= 0) throw roundTaken(inputs[index].date, index);
}

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/**
 * Many new rounds at once (imports): the golfers and courses are checked in bulk (an InvalidError naming every missing id,
 * nothing written), then one round per golfer per date (a RoundTakenError naming the first input that repeats one of
 * the batch or meets a stored round), rows are inserted in batches, and each golfer touched is recomputed once, with
 * the calculated points of the dates (unless `recompute: false`, when the caller recomputes before its transaction
 * ends). Returns how many were created.
 */
export async function createRounds(
  inputs: readonly RoundInput[],
  actor: Actor | null,
  client: Tx = db,
  options: RoundWriteOptions = {},
): Promise<number> {
  if (inputs.length === 0) return 0;
  return inTransaction(client, async (tx) => {
    const golferIds = [...new Set(inputs.map((i) => i.golferId))];
    const courseIds = [...new Set(inputs.flatMap((i) => (i.courseId === undefined ? [] : [i.courseId])))];
    const found = { golfers: new Set<number>(), courses: new Set<number>() };
    for (const ids of slices(golferIds)) {
      for (const g of await tx.golfer.findMany({ where: { id: { in: ids } }, select: { id: true } }))
        found.golfers.add(g.id);
    }
    for (const ids of slices(courseIds)) {
      for (const c of await tx.course.findMany({ where: { id: { in: ids } }, select: { id: true } }))
        found.courses.add(c.id);
    }
    const errors: Record<string, string[]> = {};
    const missingGolfers = golferIds.filter((id) => !found.golfers.has(id));
    const missingCourses = courseIds.filter((id) => !found.courses.has(id));
    if (missingGolfers.length) errors.golferId = missingGolfers.map((id) => `Golfer #${id} does not exist`);
    if (missingCourses.length) errors.courseId = missingCourses.map((id) => `Course #${id} does not exist`);
    const messages = Object.values(errors).flat();
    if (messages.length > 0) throw new InvalidError(messages.slice(0, 20).join('. '), errors);
    await checkDatesFree(tx, inputs, golferIds);
    const dates = [...new Set(inputs.map((i) => i.date))];
    await withRecompute(tx, options, golferIds, dates, async () => {
      for (let i = 0; i < inputs.length; i += INSERT_CHUNK) {
        const chunk = inputs.slice(i, i + INSERT_CHUNK);
        await tx.round.createMany({ data: chunk.map(roundData) }).catch(writeFailed(null));
      }
    });
    await recordAudit(tx, actor, auditMany('create', 'round', inputs.length));
    return inputs.length;
  });
}

/**
 * Updates a round and recomputes the golfer's rounds (both golfers' when the round changed hands), with the points of
 * both dates when the round moved and they were calculated, in one transaction.
 */
export async function updateRound(
  id: number,
  input: RoundInput,
  actor: Actor | null,
  client: Tx = db,
  options: RoundWriteOptions = {},
): Promise<RoundRecord> {
  return inTransaction(client, async (tx) => {
    const existing = await requireRound(id, tx);
    await checkReferences(tx, input);
    await checkDateFree(tx, input, id);
    await withRecompute(tx, options, [existing.golferId, input.golferId], [existing.date, input.date], () =>
      tx.round.update({ where: { id }, data: roundData(input) }).catch(writeFailed(input.date)),
    );
    const round = (await getRound(id, tx))!;
    await recordAudit(tx, actor, auditUpdated(roundTarget(id), existing, round));
    return round;
  });
}

/** Deletes a round and recomputes the golfer's later rounds and the calculated points of its date, in one transaction. */
export async function deleteRound(
  id: number,
  actor: Actor | null,
  client: Tx = db,
  options: RoundWriteOptions = {},
): Promise<void> {
  await inTransaction(client, async (tx) => {
    // Look first rather than catch the failed delete: on PostgreSQL a failed statement aborts the whole transaction.
    const existing = await requireRound(id, tx);
    await withRecompute(tx, options, [existing.golferId], [existing.date], async () => {
      await tx.round.delete({ where: { id } });
      await recordAudit(tx, actor, auditDeleted(roundTarget(id), existing));
    });
  });
}
