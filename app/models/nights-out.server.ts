import { createHash } from 'node:crypto';
import { isTeeTimeNight, type AvailabilityCutoff } from '~/domain/availability';
import { scheduleKindOf, type ScheduleEntry } from '~/domain/schedule';
import { POSITIONS, type Position } from '~/domain/tee-times';
import { db, type Tx } from '~/db/db.server';

/**
 * Golfers Out on league nights, the spots subs take, and the subs' links (docs/product/availability-and-subs.md).
 * A row of `nights_out` is a golfer Out on one night; the spot's sub is set by a conditional update, never by a
 * read then a write, so one sub gets it however many click at once, on one process or several.
 */

export type NightOutRow = {
  id: number;
  golferId: number;
  date: string;
  season: number;
  out: boolean;
  teeTime: string | null;
  position: number | null;
  offeredAt: Date | null;
  subGolferId: number | null;
  subTakenAt: Date | null;
};

const rowSelect = {
  id: true,
  golferId: true,
  date: true,
  season: true,
  out: true,
  teeTime: true,
  position: true,
  offeredAt: true,
  subGolferId: true,
  subTakenAt: true,
} as const;

/** The stored form of a link's token: its SHA-256, so the table never holds a usable link. */
export function hashOfToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function cutoffSettingOf(settings: { availabilityCutoffDays: number; availabilityCutoffTime: string }) {
  return { days: settings.availabilityCutoffDays, time: settings.availabilityCutoffTime } satisfies AvailabilityCutoff;
}

/** One schedule entry, when it is a night played from the standing tee times. */
export async function findTeeTimeNight(
  date: string,
  client: Tx = db,
): Promise<(ScheduleEntry & { season: number }) | null> {
  const row = await client.scheduleEntry.findFirst({
    where: { date },
    select: { season: true, date: true, weekNumber: true, event: true, kind: true, rainOut: true },
  });
  if (!row) return null;
  const entry = { ...row, kind: scheduleKindOf(row.kind) };
  return isTeeTimeNight(entry) ? entry : null;
}

/** A season's nights played from the standing tee times, from `from` on, in date order. */
export async function teeTimeNightsFrom(season: number, from: string, client: Tx = db) {
  const rows = await client.scheduleEntry.findMany({
    where: { season, date: { gte: from } },
    orderBy: { date: 'asc' },
    select: { season: true, date: true, weekNumber: true, event: true, kind: true, rainOut: true },
  });
  return rows.map((r) => ({ ...r, kind: scheduleKindOf(r.kind) })).filter(isTeeTimeNight);
}

export function findNightOut(golferId: number, date: string, client: Tx = db): Promise<NightOutRow | null> {
  return client.nightOut.findUnique({ where: { golferId_date: { golferId, date } }, select: rowSelect });
}

/** A golfer's night: In (no row, or marked In again), Out with the spot open, or Out with a sub in the spot. */
export type NightStatus = 'in' | 'out' | 'sub-found';

export function nightStatusOf(row: Pick<NightOutRow, 'out' | 'subGolferId'> | undefined | null): NightStatus {
  if (!row || !row.out) return 'in';
  return row.subGolferId === null ? 'out' : 'sub-found';
}

/** The golfers holding a standing tee time's four positions. */
type StandingGolfers = { [P in Position as `golfer${P}Id`]: number | null };

export type PlayedPosition<R> = {
  position: Position;
  /** The golfer holding the position (null: open). */
  golferId: number | null;
  status: NightStatus | null;
  /** Who plays the position that night: the golfer when In, the sub who took the spot, or nobody (null). */
  playerId: number | null;
  /** The golfer's row of the night, if any. */
  row: R | undefined;
};

/**
 * Who plays each position of a standing tee time on one night: the one rule the night view, the tee sheet and the
 * scorecards share (docs/product/availability-and-subs.md). The golfer holding the position plays it unless they are
 * Out; then the sub who took the spot plays it, or nobody. `rowOf` is the night's rows by absent golfer.
 */
export function playedPositions<R extends Pick<NightOutRow, 'out' | 'subGolferId'>>(
  slot: StandingGolfers,
  rowOf: ReadonlyMap<number, R>,
): PlayedPosition<R>[] {
  return POSITIONS.map((position) => {
    const golferId = slot[`golfer${position}Id`];
    const row = golferId === null ? undefined : rowOf.get(golferId);
    const status = golferId === null ? null : nightStatusOf(row);
    const playerId = status === 'in' ? golferId : status === 'sub-found' ? row!.subGolferId : null;
    return { position, golferId, status, playerId, row };
  });
}

/**
 * The players of these standing tee times on `date` (playedPositions), by tee time, in position order. One query:
 * the night's rows of golfers Out.
 */
export async function nightPlayers(
  date: string,
  slots: readonly (StandingGolfers & { id: number })[],
  client: Tx = db,
): Promise<Map<number, number[]>> {
  const rows = await client.nightOut.findMany({
    where: { date, out: true },
    select: { golferId: true, out: true, subGolferId: true },
  });
  const rowOf = new Map(rows.map((r) => [r.golferId, r]));
  return new Map(
    slots.map((slot) => [
      slot.id,
      playedPositions(slot, rowOf).flatMap((p) => (p.playerId === null ? [] : [p.playerId])),
    ]),
  );
}

/** Every row of one night, with the names of the absent golfers and their subs. */
export function nightsOutOn(date: string, client: Tx = db) {
  return client.nightOut.findMany({
    where: { date },
    select: {
      ...rowSelect,
      sub: { select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true } },
      _count: { select: { offers: true } },
    },
  });
}

/**
 * Marks the golfer Out for the night (again), holding `spot`. Answers the row. One statement on PostgreSQL (an upsert
 * on the unique pair), so two requests at once make one row.
 */
export function markOut(
  tx: Tx,
  input: { golferId: number; date: string; season: number; teeTime: string; position: number },
): Promise<NightOutRow> {
  const { golferId, date, season, teeTime, position } = input;
  return tx.nightOut.upsert({
    where: { golferId_date: { golferId, date } },
    create: { golferId, date, season, teeTime, position, out: true },
    update: { out: true, teeTime, position },
    select: rowSelect,
  });
}

/** The tee time of the spot the golfer took as a sub on that night, if they took one. */
export async function spotTakenAsSub(tx: Tx, subGolferId: number, date: string): Promise<string | null> {
  const row = await tx.nightOut.findFirst({ where: { subGolferId, date }, select: { teeTime: true } });
  return row?.teeTime ?? null;
}

/** Marks the golfer In again, only while no sub holds the spot (a conditional update): whether it did. */
export async function markBackIn(tx: Tx, golferId: number, date: string): Promise<boolean> {
  const { count } = await tx.nightOut.updateMany({
    where: { golferId, date, subGolferId: null },
    data: { out: false },
  });
  return count === 1;
}

/**
 * The sub takes the open spot: a conditional update that only the first of any number of concurrent takers passes
 * (the spot is Out and has no sub). Whether this sub got it.
 */
export async function claimSpot(tx: Tx, nightOutId: number, subGolferId: number, now: Date): Promise<boolean> {
  const { count } = await tx.nightOut.updateMany({
    where: { id: nightOutId, out: true, subGolferId: null },
    data: { subGolferId, subTakenAt: now },
  });
  return count === 1;
}

export async function markOffered(tx: Tx, nightOutId: number, now: Date): Promise<void> {
  await tx.nightOut.update({ where: { id: nightOutId }, data: { offeredAt: now }, select: { id: true } });
}

/** The subs already holding an offer of this spot. */
export async function subsOffered(tx: Tx, nightOutId: number): Promise<Set<number>> {
  const rows = await tx.subOffer.findMany({ where: { nightOutId }, select: { subGolferId: true } });
  return new Set(rows.map((r) => r.subGolferId));
}

export async function createOffers(
  tx: Tx,
  offers: { tokenHash: string; nightOutId: number; subGolferId: number; expiresAt: Date }[],
): Promise<void> {
  if (offers.length > 0) await tx.subOffer.createMany({ data: offers });
}

/** The offer a link's token opens, with its spot and the names the pages show; null for a token that is not ours. */
export function findOfferByToken(token: string, client: Tx = db) {
  return client.subOffer.findUnique({
    where: { tokenHash: hashOfToken(token) },
    select: {
      id: true,
      subGolferId: true,
      expiresAt: true,
      usedAt: true,
      sub: { select: { firstName: true, lastName: true, email: true } },
      nightOut: { select: rowSelect },
    },
  });
}

/** Marks the offer's link used (once). */
export async function useOffer(tx: Tx, offerId: number, now: Date): Promise<void> {
  await tx.subOffer.updateMany({ where: { id: offerId, usedAt: null }, data: { usedAt: now } });
}

/** Golfers who ticked 'I can sub', with an email address to offer spots to. */
export function listSubs(client: Tx = db) {
  return client.golfer.findMany({
    where: { canSub: true },
    select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true, email: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
  });
}

/** 'I can sub' on or off for one golfer. */
export async function setCanSub(golferId: number, canSub: boolean, client: Tx = db): Promise<void> {
  await client.golfer.update({ where: { id: golferId }, data: { canSub }, select: { id: true } });
}

/** The dates on which these golfers took a spot as subs: date → sub golfer ids. */
export async function subsOnDates(dates: string[], client: Tx = db): Promise<Map<string, Set<number>>> {
  const rows = await client.nightOut.findMany({
    where: { date: { in: dates }, subGolferId: { not: null } },
    select: { date: true, subGolferId: true },
  });
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const set = out.get(r.date) ?? new Set<number>();
    set.add(r.subGolferId!);
    out.set(r.date, set);
  }
  return out;
}
