import { seasonOfDate } from '~/models/handicaps.server';
import { nightPlayers } from '~/models/nights-out.server';
import { db, type Tx } from '~/db/db.server';
import { InvalidError, NotFoundError } from '~/domain/errors';
import type { StandingTeeTime } from '~/domain/tee-times';

/**
 * The tee-time groups of a league night, as its cards are kept (docs/decisions/121-scorecards.md): who plays in each
 * standing tee time that night, a golfer Out not in it and the sub who took the spot in it.
 */

/** A tee-time group on one night: `golferIds` are who play its positions that night, in position order. */
export type Group = { teeTimeId: number; time: string; season: number; golferIds: number[] };

/** The season of a night's date; a date that is not one is a 400. */
export function seasonOf(date: string): number {
  const season = seasonOfDate(date);
  if (season === null) throw new InvalidError('Enter a real calendar date (yyyy-mm-dd)');
  return season;
}

type Slot = StandingTeeTime;

/** What a night's groups are made from: a standing tee time's time, season and golfers. */
export const slotSelect = {
  id: true,
  time: true,
  season: true,
  golfer1Id: true,
  golfer2Id: true,
  golfer3Id: true,
  golfer4Id: true,
} as const satisfies Record<keyof Slot, true>;

/**
 * The groups of standing tee times on `date`, as the night view shows them (docs/decisions/121-scorecards.md): a
 * golfer Out that night is not in the group, the sub who took their spot is, and a spot Out with no sub is nobody's.
 * One query.
 */
export async function groupsOnNight(date: string, slots: readonly Slot[], client: Tx): Promise<Group[]> {
  const players = await nightPlayers(date, slots, client);
  return slots.map((slot) => ({
    teeTimeId: slot.id,
    time: slot.time,
    season: slot.season,
    golferIds: players.get(slot.id) ?? [],
  }));
}

/** Every group of the season of `date`, in tee-time order. Two queries. */
export async function seasonGroupsOnNight(date: string, client: Tx = db): Promise<Group[]> {
  const slots = await client.teeTime.findMany({ where: { season: seasonOf(date) }, orderBy: { time: 'asc' } });
  return groupsOnNight(date, slots, client);
}

/**
 * The tee-time group a golfer plays in on `date`: their standing tee time of the date's season unless they are Out
 * that night, or the group whose spot they took as a sub; null when they play in none. Two queries.
 */
export async function findGolferGroup(golferId: number, date: string, client: Tx = db): Promise<Group | null> {
  const groups = await seasonGroupsOnNight(date, client);
  return groups.find((g) => g.golferIds.includes(golferId)) ?? null;
}

/** The group of a tee time on a night: 404 when the tee time is not of that night's season. */
export async function requireGroup(teeTimeId: number, date: string, client: Tx): Promise<Group> {
  const slot = await client.teeTime.findUnique({ where: { id: teeTimeId } });
  if (!slot || slot.season !== seasonOf(date)) throw new NotFoundError('Group not found for this night');
  const [group] = await groupsOnNight(date, [slot], client);
  return group;
}
