import { InvalidError, NotFoundError } from '~/domain/errors';
import { calculatedDates, recomputeHandicapsAndPoints } from '~/models/points.server';
import { inTransaction } from '~/db/transaction.server';
import { db, type Tx } from '~/db/db.server';
import { auditDeleted, auditNote, recordAudit, type Actor } from '~/db/audit.server';

/*
 * Rounds set aside at the upgrade to one round per golfer per date (docs/decisions/070-one-round-per-golfer-per-date.md):
 * the second release's migration moved a golfer's later rounds on a date that already had one into set_aside_rounds.
 * They are kept, never deleted by the upgrade: the first start recomputes the handicaps (and calculated points) their
 * absence changes, and /rounds lists them until an administrator discards each or uses it instead of the kept round.
 */

export type SetAsideRoundRow = {
  id: number;
  golferId: number;
  golferName: string | null;
  date: string;
  grossScore: number;
  points: number | null;
  notes: string | null;
  /** The golfer's round on that date that stayed in the rounds table, if it is still there. */
  kept: { id: number; grossScore: number; points: number | null; notes: string | null } | null;
};

// Golfers and dates per query: 400 + 400 stays below SQLite's 999 parameters.
const SLICE = 400;

async function roundsOn(tx: Tx, golferIds: number[], dates: string[]) {
  const out: {
    id: number;
    golferId: number;
    date: string;
    grossScore: number;
    points: number | null;
    notes: string | null;
  }[] = [];
  for (let g = 0; g < golferIds.length; g += SLICE) {
    for (let d = 0; d < dates.length; d += SLICE) {
      out.push(
        ...(await tx.round.findMany({
          where: { golferId: { in: golferIds.slice(g, g + SLICE) }, date: { in: dates.slice(d, d + SLICE) } },
          select: { id: true, golferId: true, date: true, grossScore: true, points: true, notes: true },
        })),
      );
    }
  }
  return out;
}

/** Every set-aside round, oldest date first, with its golfer's name and the round kept that date: three queries. */
export async function listSetAsideRounds(client: Tx = db): Promise<SetAsideRoundRow[]> {
  const rows = await client.setAsideRound.findMany({ orderBy: [{ date: 'asc' }, { id: 'asc' }] });
  if (rows.length === 0) return [];
  const golferIds = [...new Set(rows.map((r) => r.golferId))];
  const [golfers, kept] = await Promise.all([
    client.golfer.findMany({ where: { id: { in: golferIds } }, select: { id: true, fullName: true } }),
    roundsOn(client, golferIds, [...new Set(rows.map((r) => r.date))]),
  ]);
  const nameOf = new Map(golfers.map((g) => [g.id, g.fullName]));
  const keptOf = new Map(kept.map((r) => [`${r.golferId}|${r.date}`, r]));
  return rows.map((r) => {
    const round = keptOf.get(`${r.golferId}|${r.date}`);
    return {
      id: r.id,
      golferId: r.golferId,
      golferName: nameOf.get(r.golferId) ?? null,
      date: r.date,
      grossScore: r.grossScore,
      points: r.points,
      notes: r.notes,
      kept: round ? { id: round.id, grossScore: round.grossScore, points: round.points, notes: round.notes } : null,
    };
  });
}

/**
 * At start-up, once after the upgrade: recomputes the handicaps of every golfer whose rounds were set aside and not
 * yet accounted for, and the points of the dates that held calculated points (counting the set-aside rounds, which
 * were ranked with the others when those points were calculated), then marks the rows recomputed. One transaction;
 * running it again finds nothing to do. Answers how many golfers were recomputed.
 */
export async function recomputeSetAsideRounds(client: Tx = db): Promise<number> {
  return inTransaction(client, async (tx) => {
    const pending = await tx.setAsideRound.findMany({
      where: { recomputedAt: null },
      select: { id: true, golferId: true, date: true, points: true },
    });
    if (pending.length === 0) return 0;
    const golferIds = [...new Set(pending.map((r) => r.golferId))];
    const dates = [...new Set(pending.map((r) => r.date))];
    const calculated = await calculatedDates(tx, dates, { extra: pending });
    await recomputeHandicapsAndPoints(tx, golferIds, { dates, calculated });
    await tx.setAsideRound.updateMany({
      where: { id: { in: pending.map((r) => r.id) } },
      data: { recomputedAt: new Date() },
    });
    return golferIds.length;
  });
}

async function requireSetAside(tx: Tx, id: number) {
  const row = await tx.setAsideRound.findUnique({ where: { id } });
  if (!row) throw new NotFoundError('Set-aside round not found');
  return row;
}

/** 'Discard': deletes a set-aside round for good. The rounds table is untouched, so nothing is recomputed. */
export async function discardSetAsideRound(id: number, actor: Actor | null, client: Tx = db): Promise<void> {
  await inTransaction(client, async (tx) => {
    const row = await requireSetAside(tx, id);
    await tx.setAsideRound.delete({ where: { id } });
    await recordAudit(tx, actor, auditDeleted({ entity: 'set aside round', id, labelField: 'date' }, row));
  });
}

/**
 * 'Use this one instead': the set-aside round becomes the golfer's round on that date and the round kept there is
 * set aside in its place (or, when that round was deleted since, simply restored), in one transaction that recomputes
 * the golfer's handicaps and the date's points when they were calculated. Answers the date, for the page's message.
 */
export async function restoreSetAsideRound(
  id: number,
  actor: Actor | null,
  client: Tx = db,
): Promise<{ date: string; season: number }> {
  return inTransaction(client, async (tx) => {
    const chosen = await requireSetAside(tx, id);
    const golfer = await tx.golfer.findUnique({ where: { id: chosen.golferId }, select: { id: true } });
    if (!golfer) throw new InvalidError('The golfer of this round no longer exists');
    // A course deleted since is forgotten, as deleting a course does to its rounds.
    const course =
      chosen.courseId === null
        ? null
        : await tx.course.findUnique({ where: { id: chosen.courseId }, select: { id: true } });
    const calculated = await calculatedDates(tx, [chosen.date]);
    const kept = await tx.round.findUnique({
      where: { golferId_date: { golferId: chosen.golferId, date: chosen.date } },
    });
    if (kept) {
      await tx.round.delete({ where: { id: kept.id } });
      await tx.setAsideRound.create({
        data: {
          id: kept.id,
          golferId: kept.golferId,
          courseId: kept.courseId,
          date: kept.date,
          season: kept.season,
          grossScore: kept.grossScore,
          points: kept.points,
          notes: kept.notes,
          createdAt: kept.createdAt,
          // Its absence is accounted for below, in this transaction.
          recomputedAt: new Date(),
        },
      });
    }
    await tx.setAsideRound.delete({ where: { id } });
    const restored = await tx.round.create({
      data: {
        golferId: chosen.golferId,
        courseId: course?.id ?? null,
        date: chosen.date,
        season: chosen.season,
        grossScore: chosen.grossScore,
        points: chosen.points,
        notes: chosen.notes,
        createdAt: chosen.createdAt,
      },
    });
    await recomputeHandicapsAndPoints(tx, [chosen.golferId], { dates: [chosen.date], calculated });
    await recordAudit(
      tx,
      actor,
      auditNote({
        action: 'update',
        entity: 'round',
        entityId: String(restored.id),
        summary:
          `Used set-aside round #${id} as golfer #${chosen.golferId}'s round of '${chosen.date}' (gross score ` +
          `${chosen.grossScore})${kept ? `, setting aside round #${kept.id} (gross score ${kept.grossScore})` : ''}`,
      }),
    );
    return { date: chosen.date, season: chosen.season };
  });
}
