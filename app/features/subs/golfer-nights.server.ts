import { cutoffOf } from '~/domain/availability';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { todayInLeague } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import {
  cutoffSettingOf,
  findNightOut,
  markBackIn,
  markOut,
  nightStatusOf,
  setCanSub,
  spotTakenAsSub,
  teeTimeNightsFrom,
  type NightStatus,
} from '~/models/nights-out.server';
import { getLeagueSeason } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';
import { findGolferTeeTime, golferTeeTimes } from '~/models/tee-times.server';
import { db } from '~/db/db.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { inTransaction } from '~/db/transaction.server';
import { cutoffInWords, cutoffLabel, cutoffSetting, nightLabel, requireNight, requireOpen } from './night.server';
import { offerInTransaction } from './offers.server';

/**
 * The golfer's side of availability (docs/product/availability-and-subs.md): /me/nights, /me's 'Upcoming nights'
 * and PUT /api/me/availability/{date}: their upcoming nights, In or Out until the cut-off, and 'I can sub'.
 */

export type GolferNight = {
  date: string;
  label: string;
  event: string;
  /** The golfer's standing tee time that night ('5:40 PM'); null: none. */
  time: string | null;
  status: NightStatus;
  /** Whether In/Out can still be changed online. */
  open: boolean;
  cutoff: string;
  /** The golfer marked In again after a sub took the spot: the page says so. */
  subName: string | null;
};

/**
 * The golfer's upcoming nights: those of every season in which they hold a standing tee time (in November, next
 * season's too), each with its tee time, In/Out and whether it can still change; without a standing tee time, the
 * league season's nights, which all read In and cannot change. And 'I can sub'. A fixed number of queries.
 */
export async function golferNights(golferId: number, now = new Date()) {
  const today = todayInLeague(now);
  const [{ year: leagueSeason }, cutoff, golfer, slots] = await Promise.all([
    getLeagueSeason(db, today),
    cutoffSetting(),
    db.golfer.findUnique({
      where: { id: golferId },
      select: { firstName: true, lastName: true, nickname: true, fullName: true, canSub: true },
    }),
    golferTeeTimes(golferId),
  ]);
  if (!golfer) throw new NotFoundError('Golfer not found');
  const timeOf = new Map(slots.map((s) => [s.season, s.time]));
  const seasons = slots.length > 0 ? [...timeOf.keys()] : [leagueSeason];
  const nights = (await Promise.all(seasons.map((season) => teeTimeNightsFrom(season, today))))
    .flat()
    .sort((a, b) => a.date.localeCompare(b.date));
  const rows = await db.nightOut.findMany({
    where: { golferId, date: { in: nights.map((n) => n.date) } },
    select: {
      date: true,
      out: true,
      subGolferId: true,
      sub: { select: { firstName: true, lastName: true, nickname: true, fullName: true } },
    },
  });
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return {
    name: golferDisplayName(golfer),
    canSub: golfer.canSub,
    hasTeeTime: slots.length > 0,
    cutoffInWords: cutoffInWords(cutoff),
    nights: nights.map((n): GolferNight => {
      const row = byDate.get(n.date);
      const closes = cutoffOf(n.date, cutoff);
      const time = timeOf.get(n.season);
      return {
        date: n.date,
        label: nightLabel(n.date),
        event: n.event,
        time: time ? formatTeeTime(time) : null,
        status: nightStatusOf(row),
        open: time !== undefined && now.getTime() < closes.getTime(),
        cutoff: cutoffLabel(closes),
        subName: row?.subGolferId && row.sub ? golferDisplayName(row.sub) : null,
      };
    }),
  };
}

export type AvailabilityResult = { date: string; status: NightStatus; message: string; offered: number };

/**
 * The golfer marks a night In (`available`) or Out, until the cut-off. Out holds the golfer's standing tee time as the
 * spot a sub can take; with 'Offer open spots to subs automatically' the offer goes out in the same transaction.
 * Back In gives the spot back only while no sub has taken it (a conditional update): otherwise 409, and the spot
 * stays the sub's.
 */
export async function setAvailability(input: {
  golferId: number;
  date: string;
  available: boolean;
  origin: string;
  now?: Date;
}): Promise<AvailabilityResult> {
  const now = input.now ?? new Date();
  const { golferId, date } = input;
  const night = await requireNight(date);
  const settings = await getSettings();
  requireOpen(date, cutoffSettingOf(settings), now);
  const teeTime = await findGolferTeeTime(golferId, night.season);
  if (!teeTime)
    throw new ConflictError(`You have no standing tee time in the ${night.season} season: there is no night to mark`);
  const label = nightLabel(date);
  if (input.available) {
    return inTransaction(db, async (tx) => {
      const row = await findNightOut(golferId, date, tx);
      if (!row || !row.out) return { date, status: 'in' as const, message: `You are In on ${label}`, offered: 0 };
      // Out on their own tee time, a golfer may take another spot as a sub; then they play that one, not both.
      const subbing = await spotTakenAsSub(tx, golferId, date);
      if (subbing)
        throw new ConflictError(
          `You took the ${formatTeeTime(subbing)} spot on ${label} as a sub, so you stay Out of your own tee time. Call the league administrator if your plans changed.`,
        );
      if (!(await markBackIn(tx, golferId, date)))
        throw new ConflictError(
          `A sub has already taken your spot on ${label}, so you stay Out that night. Call the league administrator if you must play.`,
        );
      return { date, status: 'in' as const, message: `You are In on ${label}: your spot is yours again`, offered: 0 };
    });
  }
  return inTransaction(db, async (tx) => {
    const before = await findNightOut(golferId, date, tx);
    if (before?.out) return { date, status: nightStatusOf(before), message: `You are Out on ${label}`, offered: 0 };
    const row = await markOut(tx, {
      golferId,
      date,
      season: night.season,
      teeTime: teeTime.time,
      position: teeTime.position,
    });
    const offered = settings.autoOfferSubs
      ? await offerInTransaction(tx, row, {
          origin: input.origin,
          now,
          actor: null,
          leagueName: settings.leagueName,
          cutoff: cutoffSettingOf(settings),
        })
      : 0;
    return { date, status: 'out' as const, message: `You are Out on ${label}`, offered };
  });
}

/** 'I can sub' on /me (the golfer) or on the golfer's admin form. */
export async function setGolferCanSub(golferId: number, canSub: boolean, actor: Actor | null): Promise<void> {
  await inTransaction(db, async (tx) => {
    await setCanSub(golferId, canSub, tx);
    if (actor)
      await recordAudit(
        tx,
        actor,
        auditNote({
          action: 'update',
          entity: 'golfer',
          entityId: String(golferId),
          summary: `'I can sub' ${canSub ? 'on' : 'off'}`,
        }),
      );
  });
}
