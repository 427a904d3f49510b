import { golferDisplayName } from '~/domain/golfer-display';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { flightRace, statusText, type NightsLeft } from '~/domain/playoffs';
import { loadSchedules } from '~/models/handicaps.server';
import { db, type Tx } from '~/db/db.server';

/** One golfer of a flight's race to the playoffs, as the pages and the API show it. */
type RaceEntry = {
  golferId: number;
  name: string;
  points: number;
  /** 1 to 4 in the provisional field, else null. */
  seed: number | null;
  status: string;
};

export type FlightRace = { flightNo: string; left: NightsLeft | null; rows: RaceEntry[] };

/**
 * The race to the playoffs of a season (docs/product/playoffs.md#the-race-to-the-playoffs), per flight: every golfer
 * of the flight in race order, the provisional field seeded 1 to 4, and each golfer's status line. `flightNo` limits
 * it to one flight (a golfer's page). Four queries whatever the number of golfers.
 *
 * The seeding's handicap is the golfer's handicap after their last round of the season outside the playoff nights
 * (the handicap they take into the playoffs); the registration is the season's membership's registration date
 * (docs/decisions/118-playoff-race-and-field.md).
 */
export async function playoffRace(season: number, flightNo: string | null = null, client: Tx = db) {
  const inFlight = flightNo === null ? {} : { flights: { some: { season, flightNo } } };
  const [schedule, assignments, rounds, memberships] = await Promise.all([
    loadSchedules(client, [season]),
    client.flightAssignment.findMany({
      where: { season, ...(flightNo === null ? {} : { flightNo }) },
      select: {
        golferId: true,
        flightNo: true,
        golfer: { select: { firstName: true, lastName: true, nickname: true, fullName: true } },
      },
    }),
    client.round.findMany({
      where: { season, golfer: inFlight },
      select: { id: true, golferId: true, date: true, points: true, hcpIndexAfter: true },
    }),
    client.membership.findMany({
      where: { season, golfer: inFlight },
      select: { golferId: true, registrationDatetime: true },
    }),
  ]);
  const playoffNights = new Set(
    schedule.filter((e) => e.kind === 'flight-playoff' || e.kind === 'grand-championship').map((e) => e.date),
  );
  // The handicap after the golfer's last round before the playoffs (by date, then as recorded).
  const handicapOf = new Map<number, { date: string; id: number; handicap: number | null }>();
  for (const round of rounds) {
    if (playoffNights.has(round.date)) continue;
    const seen = handicapOf.get(round.golferId);
    if (!seen || round.date > seen.date || (round.date === seen.date && round.id > seen.id))
      handicapOf.set(round.golferId, { date: round.date, id: round.id, handicap: round.hcpIndexAfter });
  }
  const registeredOf = new Map(memberships.map((m) => [m.golferId, m.registrationDatetime?.toISOString() ?? null]));
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const nameOf = new Map(assignments.map((a) => [a.golferId, golferDisplayName(a.golfer)]));

  return FLIGHT_NUMBERS.filter((n) => flightNo === null || n === flightNo).map((n): FlightRace => {
    const golferIds = assignments.filter((a) => a.flightNo === n).map((a) => a.golferId);
    const race = flightRace({
      schedule,
      rounds: rounds.filter((r) => flightOf.get(r.golferId) === n),
      golfers: golferIds.map((golferId) => ({
        golferId,
        handicap: handicapOf.get(golferId)?.handicap ?? null,
        registeredAt: registeredOf.get(golferId) ?? null,
      })),
    });
    return {
      flightNo: n,
      left: race.left,
      rows: race.rows.map((row) => ({
        golferId: row.golferId,
        name: nameOf.get(row.golferId) ?? `Golfer #${row.golferId}`,
        points: row.totalPoints,
        seed: row.seed,
        status: statusText(row.status),
      })),
    };
  });
}
