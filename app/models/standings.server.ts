import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { nonCountingDates, playoffQualifierDates } from '~/domain/schedule';
import { computeStandings, playoffTopFour, type Standing } from '~/domain/standings';
import { loadSchedules } from '~/models/handicaps.server';
import { db, type Tx } from '~/utils/db.server';

type StandingRow = Standing & { golferName: string; rank: number; inPlayoffs: boolean };
export type FlightStandings = { flightNo: string; rows: StandingRow[] };

/**
 * Standings per flight for a season (docs/product/points-and-standings.md#standings): total points of counting rounds,
 * rounds played, playoff-qualifier weeks played, qualification, and the top 4 qualified golfers of each flight
 * marked for the playoffs. Playoff and championship weeks are not part of the regular standings; rounds on special
 * events and rain-outs count for nothing, and qualification counts the qualifier dates that were not rained out
 * (docs/product/seasons.md#what-a-season-holds). A fixed number of queries whatever the size of the league.
 */
export async function getStandings(season: number, client: Tx = db): Promise<FlightStandings[]> {
  const [schedule, assignments, rounds] = await Promise.all([
    loadSchedules(client, [season]),
    client.flightAssignment.findMany({
      where: { season },
      select: { golferId: true, flightNo: true, golfer: { select: { fullName: true } } },
    }),
    client.round.findMany({ where: { season }, select: { golferId: true, date: true, points: true } }),
  ]);
  const playoffDates = new Set(
    schedule.filter((e) => e.kind === 'flight-playoff' || e.kind === 'grand-championship').map((e) => e.date),
  );
  const qualifierDates = playoffQualifierDates(schedule);
  const nonCounting = nonCountingDates(schedule);
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const nameOf = new Map(assignments.map((a) => [a.golferId, a.golfer.fullName]));

  return FLIGHT_NUMBERS.map((flightNo) => {
    const golferIds = assignments.filter((a) => a.flightNo === flightNo).map((a) => a.golferId);
    const flightRounds = rounds
      .filter((r) => flightOf.get(r.golferId) === flightNo && !playoffDates.has(r.date))
      .map((r) => ({ ...r, counts: !nonCounting.has(r.date) }));
    const standings = computeStandings({ rounds: flightRounds, qualifierDates, golferIds });
    const playoffs = new Set(playoffTopFour(standings).map((s) => s.golferId));
    return {
      flightNo,
      rows: standings.map((s, i) => ({
        ...s,
        golferName: nameOf.get(s.golferId) ?? `Golfer #${s.golferId}`,
        rank: i + 1,
        inPlayoffs: playoffs.has(s.golferId),
      })),
    };
  });
}
