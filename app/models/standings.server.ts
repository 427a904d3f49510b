import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { golferDisplayName } from '~/domain/golfer-display';
import type { Standing } from '~/domain/standings';
import { seasonRace } from '~/models/playoffs.server';
import { db, type Tx } from '~/db/db.server';

/** golferName is the stored full name (the admin page's); displayName adds the nickname (the stats website's). */
type StandingRow = Standing & { golferName: string; displayName: string; rank: number; inPlayoffs: boolean };
export type FlightStandings = { flightNo: string; rows: StandingRow[] };

function nameOf(golfer: Parameters<typeof golferDisplayName>[0] | undefined, id: number): string {
  return golfer ? golferDisplayName(golfer) : `Golfer #${id}`;
}

/**
 * Standings per flight for a season (docs/product/points-and-standings.md#standings): total points of counting rounds,
 * rounds played, playoff-qualifier weeks played, qualification, and the top 4 qualified golfers of each flight
 * marked for the playoffs: the provisional field of /stats/playoffs, by its tie rules (app/domain/playoffs.ts). Playoff
 * and championship weeks are not part of the regular standings; rounds on special events and rain-outs count for
 * nothing, and qualification counts the qualifier dates that were not rained out
 * (docs/product/seasons.md#what-a-season-holds). A fixed number of queries whatever the size of the league.
 */
export async function getStandings(
  season: number,
  client: Tx = db,
  // The season's race when the caller works it out anyway (/stats shows its champions): the rounds are read once.
  race: ReturnType<typeof seasonRace> = seasonRace(season, null, client),
): Promise<FlightStandings[]> {
  const { playoffs, standings, golfers } = await race;
  const field = new Set(playoffs.flights.flatMap((f) => f.rows.filter((r) => r.seed !== null).map((r) => r.golferId)));
  const golferOf = new Map(golfers.map((a) => [a.golferId, a.golfer]));
  return FLIGHT_NUMBERS.map((flightNo) => ({
    flightNo,
    rows: (standings.get(flightNo) ?? []).map((s, i) => ({
      golferId: s.golferId,
      totalPoints: s.totalPoints,
      countingRounds: s.countingRounds,
      qualifierRoundsPlayed: s.qualifierRoundsPlayed,
      qualified: s.qualified,
      golferName: golferOf.get(s.golferId)?.fullName ?? `Golfer #${s.golferId}`,
      displayName: nameOf(golferOf.get(s.golferId), s.golferId),
      rank: i + 1,
      inPlayoffs: field.has(s.golferId),
    })),
  }));
}
