import { DEFAULT_NINE_HOLE_PAR } from '~/domain/league-rules';
import { recomputeHandicapsAndPoints } from '~/models/points.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';

export type LeagueSettings = Awaited<ReturnType<typeof getSettings>>;

/**
 * The league's settings row, created with its defaults the first time it is read. Several processes may share one
 * PostgreSQL database (docs/decisions/060-several-processes.md): their first requests can both find no row and
 * both insert it, and Prisma's upsert there is a read then an insert, not one statement. The loser's unique
 * violation means the row now exists, so it is read again rather than failing the request.
 */
export async function getSettings() {
  const found = await db.setting.findUnique({ where: { id: 1 } });
  if (found) return found;
  try {
    return await db.setting.create({ data: { id: 1 } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.setting.findUniqueOrThrow({ where: { id: 1 } });
  }
}

/**
 * Saves settings. Rounds without a course count at the default par, so changing it recomputes the handicaps of
 * the golfers who have such rounds, and the calculated points of the nights where their net scores moved
 * (docs/decisions/117-points-never-stale.md), in the same transaction. The tee-time window is the span of every
 * league night in the calendar feeds, so changing it is a new version of every night's event
 * (docs/decisions/115-league-season-defaults-and-calendar-updates.md).
 */
export function updateSettings(data: Partial<Omit<LeagueSettings, 'id'>>, actor: Actor | null, client: Tx = db) {
  return inTransaction(client, async (tx) => {
    const before = await tx.setting.findUnique({ where: { id: 1 } });
    const saved = await tx.setting.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    const target = { entity: 'settings', id: 1 };
    const written = Object.fromEntries(Object.keys(data).map((field) => [field, saved[field as keyof typeof saved]]));
    await recordAudit(tx, actor, before ? auditUpdated(target, before, written) : auditCreated(target, written));
    const window = (s: { teeFirst: string; teeLast: string }) => `${s.teeFirst}-${s.teeLast}`;
    // No row yet: the window was the schema's default, so a window given now may be a new one.
    const windowChanged = before
      ? window(before) !== window(saved)
      : data.teeFirst !== undefined || data.teeLast !== undefined;
    if (windowChanged) {
      await tx.scheduleEntry.updateMany({ data: { sequence: { increment: 1 }, changedAt: new Date() } });
    }
    if ((before?.defaultPar ?? DEFAULT_NINE_HOLE_PAR) !== saved.defaultPar) {
      const golfers = await tx.round.findMany({
        where: { courseId: null },
        select: { golferId: true },
        distinct: ['golferId'],
      });
      await recomputeHandicapsAndPoints(
        tx,
        golfers.map((g) => g.golferId),
      );
    }
    return saved;
  });
}
