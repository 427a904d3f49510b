import { NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { isSpecialKind } from '~/domain/schedule';
import { seasonStandings } from '~/domain/standings';
import { golferHandicapDetail, loadSchedules } from '~/models/handicaps.server';
import { playoffRace } from '~/models/playoffs.server';
import { db, type Tx } from '~/db/db.server';
import { nameSelect, nightOf, nightPlaces, statsSeasons } from '~/models/stats.server';

/* A golfer's page of the stats website (docs/product/stats.md#public-stats-pages). */

/**
 * /stats/golfers/{id}: name, flight and current handicap; how the handicap is computed (the breakdown of
 * app/domain/handicap.ts, the function the stored columns come from); the handicap after each counting round; and
 * one season's rounds with places and totals. `season` null is the league season when the golfer plays in it, else
 * the latest season they played. A golfer who never played a round nor had a flight has no page.
 */
export async function getGolferStats(golferId: number, season: number | null, client: Tx = db) {
  const [golfer, detail, flights, offered] = await Promise.all([
    client.golfer.findUnique({ where: { id: golferId }, select: { id: true, ...nameSelect } }),
    golferHandicapDetail(client, golferId),
    client.flightAssignment.findMany({ where: { golferId }, select: { season: true, flightNo: true } }),
    statsSeasons(client),
  ]);
  if (!golfer || (detail.rounds.length === 0 && flights.length === 0))
    throw new NotFoundError(`There is no golfer #${golferId} on the stats website`);

  const played = [...new Set([...detail.rounds.map((r) => r.season), ...flights.map((f) => f.season)])].sort(
    (a, b) => b - a,
  );
  const year = season ?? (played.includes(offered.league) ? offered.league : played[0]);
  if (!played.includes(year) && !offered.seasons.includes(year))
    throw new NotFoundError(`There are no stats for a ${year} season`);
  const flightNo = flights.find((f) => f.season === year)?.flightNo ?? null;

  const seasonRounds = detail.rounds
    .filter((r) => r.season === year)
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  const dates = seasonRounds.map((r) => r.date);
  const [schedule, flightRounds, race] = await Promise.all([
    loadSchedules(client, [year]),
    flightNo === null || dates.length === 0
      ? Promise.resolve([])
      : client.round.findMany({
          where: { date: { in: dates }, golfer: { flights: { some: { season: year, flightNo } } } },
          select: { id: true, date: true, grossScore: true, netScore: true },
        }),
    // The playoff race of the golfer's flight: their status line there (no flight, no race).
    flightNo === null ? Promise.resolve([]) : playoffRace(year, flightNo, client),
  ]);
  const entryOf = new Map(schedule.map((e) => [e.date, e]));
  const placeOf = new Map<number, string>();
  for (const date of new Set(dates)) {
    for (const [id, place] of nightPlaces(flightRounds.filter((r) => r.date === date))) placeOf.set(id, place.label);
  }

  const rounds = seasonRounds.map((r) => {
    const night = nightOf(r.date, entryOf.get(r.date));
    const counts = night.status === 'counts';
    return {
      date: r.date,
      event: night.event,
      status: night.status,
      special: isSpecialKind(night.kind),
      gross: r.grossScore,
      net: r.netScore,
      hcp: r.hcpIndexBefore,
      points: counts ? r.points : null,
      place: counts ? (placeOf.get(r.id) ?? null) : null,
    };
  });
  const standing = seasonStandings(
    schedule,
    seasonRounds.map((r) => ({ golferId, date: r.date, points: r.points })),
    [golferId],
  )[0];
  const counting = rounds.filter((r) => r.status === 'counts');
  const nets = counting.map((r) => r.net).filter((n): n is number => n !== null);

  const { breakdown } = detail;
  return {
    id: golfer.id,
    name: golferDisplayName(golfer),
    season: year,
    seasons: played,
    flight: flightNo,
    handicap: breakdown.handicap,
    breakdown: {
      rounds: breakdown.rounds.map((entry) => ({
        date: entry.date,
        gross: entry.grossScore,
        par: entry.par,
        differential: entry.differential,
        estimated: entry.roundId === null,
      })),
      total: breakdown.total,
      average: breakdown.average,
      percent: breakdown.percent,
      scaled: breakdown.scaled,
      handicap: breakdown.handicap,
    },
    history: detail.rounds
      .filter((r) => r.counts && r.hcpIndexAfter !== null)
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
      .map((r) => ({ date: r.date, handicap: r.hcpIndexAfter! })),
    rounds,
    totals: {
      rounds: standing.countingRounds,
      points: standing.totalPoints,
      averageGross:
        counting.length === 0
          ? null
          : Math.round((counting.reduce((sum, r) => sum + r.gross, 0) / counting.length) * 10) / 10,
      bestNet: nets.length === 0 ? null : Math.min(...nets),
      qualifierWeeks: standing.qualifierRoundsPlayed,
      qualified: standing.qualified,
    },
    playoffStatus: race[0]?.rows.find((r) => r.golferId === golferId)?.status ?? null,
  };
}
