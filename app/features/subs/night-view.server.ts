import { cutoffOf } from '~/domain/availability';
import { golferDisplayName } from '~/domain/golfer-display';
import { formatRoundDate, todayInLeague } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { currentHandicaps } from '~/models/handicaps.server';
import { listSubs, nightsOutOn, playedPositions, type NightStatus } from '~/models/nights-out.server';
import { listTeeTimes } from '~/models/tee-times.server';
import { db } from '~/db/db.server';
import { cutoffLabel, cutoffSetting, requireNight } from './night.server';

/**
 * The administrators' night view (docs/product/availability-and-subs.md): /tee-times?date=, GET /api/nights/{date}
 * and the printed tee sheet.
 */

export type NightSlot = {
  position: number;
  golferId: number | null;
  name: string | null;
  status: NightStatus | null;
  subId: number | null;
  subName: string | null;
  offered: boolean;
};

/**
 * One night as the starter needs it: every standing tee time with each golfer In, Out or replaced by a sub, and the
 * subs available that night with their handicaps. A fixed number of queries.
 */
export async function nightView(date: string, now = new Date()) {
  const night = await requireNight(date);
  const cutoff = await cutoffSetting();
  const [teeTimes, rows, subs] = await Promise.all([listTeeTimes(night.season), nightsOutOn(date), listSubs()]);
  const byGolfer = new Map(rows.map((r) => [r.golferId, r]));
  const playing = new Set<number>();
  const groups = teeTimes.map((slot) => ({
    teeTimeId: slot.id,
    time: slot.time,
    label: formatTeeTime(slot.time),
    slots: playedPositions(slot, byGolfer).map(({ position: p, golferId, status, playerId, row }): NightSlot => {
      if (playerId !== null) playing.add(playerId);
      return {
        position: p,
        golferId,
        name: golferId ? (slot[`golfer${p}Name`] ?? `Golfer #${golferId}`) : null,
        status,
        subId: status === 'sub-found' ? playerId : null,
        subName: status === 'sub-found' && row!.sub ? golferDisplayName(row!.sub) : null,
        offered: row ? row._count.offers > 0 : false,
      };
    }),
  }));
  const available = subs.filter((s) => !playing.has(s.id));
  const handicaps = await currentHandicaps(
    db,
    available.map((s) => s.id),
  );
  const closes = cutoffOf(date, cutoff);
  return {
    date,
    season: night.season,
    label: formatRoundDate(date, 'EEEE, MMMM d, yyyy'),
    event: night.event,
    past: date < todayInLeague(now),
    open: now.getTime() < closes.getTime(),
    cutoff: cutoffLabel(closes),
    groups,
    subs: available.map((s) => ({
      id: s.id,
      name: golferDisplayName(s),
      handicap: handicaps.get(s.id) ?? null,
      hasEmail: Boolean(s.email),
    })),
  };
}
