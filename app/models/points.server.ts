import { awardPoints } from '~/domain/points';
import { nonCountingDates } from '~/domain/schedule';
import { loadSchedules, seasonOfDate } from '~/models/handicaps.server';
import { inTransaction } from '~/models/transaction.server';
import { formatRoundDate, isValidCalendarDate } from '~/domain/season';
import { db, type Tx } from '~/utils/db.server';
import { InvalidError, NotFoundError } from '~/domain/errors';

export type PointsResult = {
  date: string;
  season: number;
  /** Rounds that received points. */
  awarded: number;
  /** Rounds of golfers with no flight that season: their points were left as they were. */
  withoutFlight: number;
};

/**
 * "Calculate points" for one date (docs/product/points-and-standings.md#calculating-points): within each flight of that
 * season, the date's rounds are ranked by net score and get 24, 23, … points, ties sharing the places they occupy.
 * Rounds of golfers without a flight keep whatever points they had (see docs/decisions). A date that counts for
 * nothing (a special event or a rain-out) is refused. One transaction, joining the caller's when given one (schedule
 * changes recalculate points in theirs); a fixed number of reads, and one write per distinct points value.
 */
export async function calculatePointsForDate(date: string, client: Tx = db): Promise<PointsResult> {
  if (!isValidCalendarDate(date))
    throw new InvalidError('Enter a real calendar date (yyyy-mm-dd)', {
      date: ['Enter a real calendar date (yyyy-mm-dd)'],
    });
  const season = seasonOfDate(date)!;
  const shown = formatRoundDate(date);
  return inTransaction(client, async (tx) => {
    // Read through the caller's transaction, so a schedule change made in it (a kind, a rain-out) already applies.
    const entry = (await loadSchedules(tx, [season])).find((e) => e.date === date);
    if (entry && nonCountingDates([entry]).has(date)) {
      // docs/product/points-and-standings.md#calculating-points; a rain-out counts for nothing either
      // (docs/product/seasons.md#what-a-season-holds).
      if (entry.rainOut)
        throw new InvalidError(`${shown} is a rain-out: its rounds count for neither handicap nor standings`, {
          date: ['Rained-out rounds do not get points'],
        });
      throw new InvalidError(`${shown} is a special event: its rounds count for neither handicap nor standings`, {
        date: ['Special-event rounds do not get points'],
      });
    }
    const rounds = await tx.round.findMany({
      where: { date },
      select: { id: true, golferId: true, grossScore: true, netScore: true },
    });
    if (rounds.length === 0)
      throw new NotFoundError(`No rounds recorded on ${shown}`, { date: [`No rounds recorded on ${shown}`] });
    const flights = await tx.flightAssignment.findMany({
      where: { season, golferId: { in: [...new Set(rounds.map((r) => r.golferId))] } },
      select: { golferId: true, flightNo: true },
    });
    const flightOf = new Map(flights.map((f) => [f.golferId, f.flightNo]));

    const byFlight = new Map<string, { key: number; netScore: number }[]>();
    let withoutFlight = 0;
    for (const round of rounds) {
      const flightNo = flightOf.get(round.golferId);
      if (!flightNo) {
        withoutFlight += 1;
        continue;
      }
      // netScore is always stored by the recomputation; gross is only a guard against an unfinished import.
      const entry = { key: round.id, netScore: round.netScore ?? round.grossScore };
      const list = byFlight.get(flightNo);
      if (list) list.push(entry);
      else byFlight.set(flightNo, [entry]);
    }

    // Group the writes by value: a flight of 25 with no ties is 25 updates, but ties and zeros share one.
    const idsByPoints = new Map<number, number[]>();
    for (const entries of byFlight.values()) {
      for (const [roundId, points] of awardPoints(entries)) {
        const ids = idsByPoints.get(points);
        if (ids) ids.push(roundId);
        else idsByPoints.set(points, [roundId]);
      }
    }
    for (const [points, ids] of idsByPoints) {
      await tx.round.updateMany({ where: { id: { in: ids } }, data: { points } });
    }
    return { date, season, awarded: rounds.length - withoutFlight, withoutFlight };
  });
}
