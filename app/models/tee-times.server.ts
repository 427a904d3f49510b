import { generateSlotTimes, missingSlotTimes, sortByTime, type TeeTimeRow } from '~/domain/tee-times';
import { GOLFERS_PER_TEE_TIME } from '~/domain/league-rules';
import { getLeagueSeason } from './seasons.server';
import { getSettings } from '~/models/settings.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { auditMany, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { POSITIONS, type Position } from '~/schemas/tee-time';

/**
 * Standing tee times (docs/product/league.md#standing-tee-times): generation never deletes a slot or a reservation;
 * a golfer holds at most one position per season (assigning them elsewhere moves them); taking a position is
 * a conditional write, so two people can never hold the same one.
 */

export { POSITIONS, type Position };
export const TAKEN_MESSAGE = 'That tee time was just taken. Please choose another one.';

type PositionColumn = 'golfer1Id' | 'golfer2Id' | 'golfer3Id' | 'golfer4Id';
const column = (position: Position): PositionColumn => `golfer${position}Id`;

const nameSelect = { select: { id: true, fullName: true } } as const;

/**
 * The public tee-time page's list: the standing tee times of the league season, the one every public page shows
 * (docs/product/seasons.md#the-league-season), so in November a golfer who has just registered for next season finds
 * their tee time. Here rather than in the page, so the page needs no date code of its own in the browser
 * (docs/decisions/061-javascript-budgets.md).
 */
export async function listLeagueSeasonTeeTimes(): Promise<{ season: number; teeTimes: TeeTimeRow[] }> {
  const { year: season } = await getLeagueSeason();
  return { season, teeTimes: await listTeeTimes(season) };
}

/** The season's slots sorted by time, with golfer names, in one query whatever the number of slots. */
export async function listTeeTimes(season: number, client: Tx = db): Promise<TeeTimeRow[]> {
  const rows = await client.teeTime.findMany({
    where: { season },
    orderBy: { time: 'asc' },
    include: { golfer1: nameSelect, golfer2: nameSelect, golfer3: nameSelect, golfer4: nameSelect },
  });
  return sortByTime(
    rows.map((r) => ({
      id: r.id,
      time: r.time,
      season: r.season,
      golfer1Id: r.golfer1Id,
      golfer2Id: r.golfer2Id,
      golfer3Id: r.golfer3Id,
      golfer4Id: r.golfer4Id,
      golfer1Name: r.golfer1?.fullName ?? null,
      golfer2Name: r.golfer2?.fullName ?? null,
      golfer3Name: r.golfer3?.fullName ?? null,
      golfer4Name: r.golfer4?.fullName ?? null,
    })),
  );
}

/** The golfer's slot and position this season, if they hold one. */
export async function findGolferTeeTime(golferId: number, season: number, client: Tx = db) {
  const slot = await client.teeTime.findFirst({
    where: { season, OR: POSITIONS.map((p) => ({ [column(p)]: golferId })) },
    orderBy: { time: 'asc' },
  });
  if (!slot) return null;
  const position = POSITIONS.find((p) => slot[column(p)] === golferId)!;
  return { teeTimeId: slot.id, time: slot.time, position };
}

/** The golfer's standing tee time in each season they hold one (availability: docs/product/availability-and-subs.md). */
export async function golferTeeTimes(golferId: number, client: Tx = db): Promise<{ season: number; time: string }[]> {
  const slots = await client.teeTime.findMany({
    where: { OR: POSITIONS.map((p) => ({ [column(p)]: golferId })) },
    select: { season: true, time: true },
    orderBy: [{ season: 'asc' }, { time: 'asc' }],
  });
  const bySeason = new Map<number, string>();
  for (const slot of slots) if (!bySeason.has(slot.season)) bySeason.set(slot.season, slot.time);
  return [...bySeason].map(([season, time]) => ({ season, time }));
}

/**
 * Creates the season's missing slots from the Settings window. Idempotent: existing slots and their
 * reservations are never touched; a concurrent generation that already made a slot is not an error.
 */
export async function generateSeasonTeeTimes(
  season: number,
  actor: Actor | null,
): Promise<{ created: number; total: number }> {
  const settings = await getSettings();
  let wanted: string[];
  try {
    wanted = generateSlotTimes({
      first: settings.teeFirst,
      last: settings.teeLast,
      intervalMinutes: settings.teeIntervalMinutes,
    });
  } catch (error) {
    throw new InvalidError(`The tee-time window in Settings is not usable: ${(error as Error).message}`);
  }
  let created = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await db.teeTime.findMany({ where: { season }, select: { time: true } });
    const missing = missingSlotTimes(
      existing.map((e) => e.time),
      wanted,
    );
    if (missing.length === 0) break;
    try {
      created += await inTransaction(db, async (tx) => {
        const { count } = await tx.teeTime.createMany({ data: missing.map((time) => ({ time, season })) });
        await recordAudit(tx, actor, auditMany('create', 'tee time', count, { season }));
        return count;
      });
      break;
    } catch (error) {
      // Someone else generated at the same moment: read again and create what is still missing.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const total = await db.teeTime.count({ where: { season } });
  return { created, total };
}

/** A tee time in the audit log: its id and time ('Updated tee time #4 '17:08': golfer2 id (none) → 12'). */
const teeTimeTarget = (slot: { id: number; time: string }) => ({ entity: 'tee time', id: slot.id, label: slot.time });

/**
 * Puts a golfer in a position, in one transaction:
 * - the golfer's row is written first, which serialises assignments of the same golfer (a row lock in
 *   PostgreSQL, the write lock in SQLite), so they can never end up in two slots;
 * - they leave any other position they hold this season (assigning elsewhere moves them);
 * - the position is taken with a conditional write: it must still be open (or, with `replace`, still hold
 *   whoever the transaction saw), otherwise the loser gets a ConflictError "That tee time was just taken".
 * Assigning a golfer to the position they already hold changes nothing.
 */
export async function assignGolferToTeeTime(
  input: { teeTimeId: number; position: Position; golferId: number; replace?: boolean; season?: number },
  actor: Actor | null,
  client: Tx = db,
): Promise<{ time: string; season: number; changed: boolean }> {
  return inTransaction(client, async (tx) => {
    const golfer = await tx.golfer.updateMany({ where: { id: input.golferId }, data: { updatedAt: new Date() } });
    if (golfer.count === 0) throw new NotFoundError('Golfer not found');
    const slot = await tx.teeTime.findUnique({ where: { id: input.teeTimeId } });
    if (!slot) throw new NotFoundError('Tee time not found');
    if (input.season !== undefined && slot.season !== input.season)
      throw new InvalidError(`That tee time is not in the ${input.season} season`);
    const col = column(input.position);
    const holder = slot[col];
    if (holder === input.golferId) return { time: slot.time, season: slot.season, changed: false };
    if (holder !== null && !input.replace) throw new ConflictError(TAKEN_MESSAGE);

    for (const p of POSITIONS) {
      await tx.teeTime.updateMany({
        where: { season: slot.season, [column(p)]: input.golferId },
        data: { [column(p)]: null },
      });
    }
    const taken = await tx.teeTime.updateMany({
      where: { id: slot.id, [col]: holder },
      data: { [col]: input.golferId },
    });
    if (taken.count !== 1) throw new ConflictError(TAKEN_MESSAGE);
    await recordAudit(tx, actor, auditUpdated(teeTimeTarget(slot), { [col]: holder }, { [col]: input.golferId }));
    return { time: slot.time, season: slot.season, changed: true };
  });
}

/** Empties a position (the trash button, 'None (Remove)'). Removing from an open position changes nothing. */
export function removeGolferFromTeeTime(
  teeTimeId: number,
  position: Position,
  actor: Actor | null,
  client: Tx = db,
): Promise<void> {
  return inTransaction(client, async (tx) => {
    const slot = await tx.teeTime.findUnique({ where: { id: teeTimeId } });
    if (!slot) throw new NotFoundError('Tee time not found');
    const col = column(position);
    await tx.teeTime.update({ where: { id: teeTimeId }, data: { [col]: null } });
    await recordAudit(tx, actor, auditUpdated(teeTimeTarget(slot), { [col]: slot[col] }, { [col]: null }));
  });
}

/**
 * Golfers the admin selector offers: those with a registered membership this season, or every golfer when
 * nobody is registered yet (docs/product/screens-admin.md#tee-times). Names only.
 */
export async function listTeeTimeGolferOptions(season: number) {
  const select = { id: true, fullName: true } as const;
  const orderBy = [{ lastName: 'asc' as const }, { firstName: 'asc' as const }, { id: 'asc' as const }];
  const registered = await db.golfer.findMany({
    where: { memberships: { some: { season, registered: true } } },
    select,
    orderBy,
  });
  if (registered.length > 0) return registered;
  return db.golfer.findMany({ select, orderBy });
}

/** Narrows a parsed number to a position (the schemas already bound it to 1..4). */
export function asPosition(n: number): Position {
  if (!Number.isInteger(n) || n < 1 || n > GOLFERS_PER_TEE_TIME)
    throw new InvalidError('Position must be a number from 1 to 4');
  return n as Position;
}
