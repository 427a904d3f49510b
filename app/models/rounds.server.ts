import { recomputeHandicaps, seasonOfDate } from '~/models/handicaps.server';
import { inTransaction, isForeignKeyViolation } from '~/models/transaction.server';
import type { RoundInput } from '~/schemas/round';
import { db, type Tx } from '~/utils/db.server';
import { InvalidError, NotFoundError } from '~/domain/errors';

/** The round fields (docs/product/data-model.md#rounds), as the API answers them. */
const roundFields = {
  id: true,
  golferId: true,
  courseId: true,
  date: true,
  season: true,
  grossScore: true,
  hcpIndexBefore: true,
  netScore: true,
  hcpIndexAfter: true,
  points: true,
  notes: true,
} as const;

export type RoundRecord = {
  id: number;
  golferId: number;
  courseId: number | null;
  date: string;
  season: number;
  grossScore: number;
  hcpIndexBefore: number | null;
  netScore: number | null;
  hcpIndexAfter: number | null;
  points: number | null;
  notes: string | null;
};

export type RoundListRow = RoundRecord & { golferName: string | null; courseName: string | null };

/**
 * Options for writers that batch many rounds (imports): `recompute: false` skips the handicap recomputation, and
 * the caller then runs `recomputeHandicaps(tx, golferIds)` once before its transaction ends.
 */
export type RoundWriteOptions = { recompute?: boolean };

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
  const [golfer, course] = await Promise.all([
    tx.golfer.findUnique({ where: { id: input.golferId }, select: { id: true } }),
    input.courseId === undefined ? null : tx.course.findUnique({ where: { id: input.courseId }, select: { id: true } }),
  ]);
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

function referenceGone(error: unknown): never {
  // The golfer or course was deleted between the check and the write (only possible on PostgreSQL).
  if (isForeignKeyViolation(error)) throw new InvalidError('The golfer or course of this round no longer exists');
  throw error;
}

/**
 * Records a round and computes its handicap columns (and those of the golfer's later rounds) in one transaction.
 */
export async function createRound(
  input: RoundInput,
  client: Tx = db,
  options: RoundWriteOptions = {},
): Promise<RoundRecord> {
  return inTransaction(client, async (tx) => {
    await checkReferences(tx, input);
    const created = await tx.round.create({ data: roundData(input), select: { id: true } }).catch(referenceGone);
    if (options.recompute !== false) await recomputeHandicaps(tx, [input.golferId]);
    return (await getRound(created.id, tx))!;
  });
}

const BATCH = 500;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/**
 * Many new rounds at once (imports): the golfers and courses are checked in bulk (an InvalidError naming every missing id,
 * nothing written), rows are inserted in batches, and each golfer touched is recomputed once (unless
 * `recompute: false`, when the caller recomputes before its transaction ends). Returns how many were created.
 */
export async function createRounds(
  inputs: readonly RoundInput[],
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
    for (const batch of slices(inputs)) {
      await tx.round.createMany({ data: batch.map(roundData) }).catch(referenceGone);
    }
    if (options.recompute !== false) await recomputeHandicaps(tx, golferIds);
    return inputs.length;
  });
}

/**
 * Updates a round and recomputes the golfer's rounds (both golfers' when the round changed hands), in one
 * transaction.
 */
export async function updateRound(
  id: number,
  input: RoundInput,
  client: Tx = db,
  options: RoundWriteOptions = {},
): Promise<RoundRecord> {
  return inTransaction(client, async (tx) => {
    const existing = await tx.round.findUnique({ where: { id }, select: { golferId: true } });
    if (!existing) throw new NotFoundError('Round not found');
    await checkReferences(tx, input);
    await tx.round.update({ where: { id }, data: roundData(input) }).catch(referenceGone);
    if (options.recompute !== false) await recomputeHandicaps(tx, [existing.golferId, input.golferId]);
    return (await getRound(id, tx))!;
  });
}

/** Deletes a round and recomputes the golfer's later rounds, in one transaction. */
export async function deleteRound(id: number, client: Tx = db, options: RoundWriteOptions = {}): Promise<void> {
  await inTransaction(client, async (tx) => {
    // Look first rather than catch the failed delete: on PostgreSQL a failed statement aborts the whole transaction.
    const existing = await tx.round.findUnique({ where: { id }, select: { golferId: true } });
    if (!existing) throw new NotFoundError('Round not found');
    await tx.round.delete({ where: { id } });
    if (options.recompute !== false) await recomputeHandicaps(tx, [existing.golferId]);
  });
}
