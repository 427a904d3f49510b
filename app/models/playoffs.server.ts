import { golferDisplayName } from '~/domain/golfer-display';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import {
  flightRace,
  nightResult,
  playoffNights,
  statusText,
  winnerRuleText,
  type NightEntry,
  type NightsLeft,
} from '~/domain/playoffs';
import { playoffNightDates } from '~/domain/schedule';
import type { Standing } from '~/domain/standings';
import { loadSchedules } from '~/models/handicaps.server';
import { db, type Tx } from '~/db/db.server';

/** One golfer of a flight's race to the playoffs, as the pages and the API show it. */
type RaceEntry = {
  golferId: number;
  name: string;
  points: number;
  qualified: boolean;
  /** 1 to 4 in the field (the provisional one, or the locked one), else null. */
  seed: number | null;
  status: string;
};

/** One seed of a flight's field, with the golfer's night when the flight playoff has been played. */
type FieldEntry = {
  seed: number;
  golferId: number;
  name: string;
  points: number;
  status: string;
  /** The net of the golfer's round on the flight playoff night; null before they have one. */
  net: number | null;
  /** 'Flight champion', or 'League champion {year}' for the Grand Championship's winner; null otherwise. */
  champion: string | null;
};

export type FlightRace = {
  flightNo: string;
  left: NightsLeft | null;
  rows: RaceEntry[];
  field: FieldEntry[];
  /** What decided the flight playoff ('The lowest net', 'The better seed', a card-off); null before it is played. */
  decidedBy: string | null;
};

/** The words of the audit log and the field's 'Status' for the golfer who holds a seed of a locked field. */
const IN_FIELD = 'In the field';
/** Who locked a field by itself. */
export const AUTOMATIC = 'automatic';

export const nameSelect = { firstName: true, lastName: true, nickname: true, fullName: true } as const;

/** The round's net on a playoff night: the stored net, else gross minus the handicap before that night. */
function netOf(round: { grossScore: number; netScore: number | null; hcpIndexBefore: number | null }): number {
  return round.netScore ?? round.grossScore - (round.hcpIndexBefore ?? 0);
}

/**
 * The playoffs of a season (docs/product/playoffs.md), per flight: every golfer of the flight in race order with
 * their status line, the field (the locked one when the season's field is locked, else the provisional one seeded 1
 * to 4 by the race), and the flight playoff's result. `flightNo` limits it to one flight (a golfer's page). Four
 * queries whatever the number of golfers.
 *
 * The seeding's handicap is the golfer's handicap after their last round of the season outside the playoff nights
 * (the handicap they take into the playoffs); the registration is the season's membership's registration date
 * (docs/decisions/118-playoff-race-and-field.md). Playoff nights are decided by net (decision 122).
 */
export async function playoffRace(season: number, flightNo: string | null = null, client: Tx = db) {
  return (await seasonPlayoffs(season, flightNo, client)).flights;
}

/** `playoffRace` with the lock and the schedule's playoff nights. */
export async function seasonPlayoffs(season: number, flightNo: string | null = null, client: Tx = db) {
  return (await seasonRace(season, flightNo, client)).playoffs;
}

/** A flight's golfers, as `seasonRace` read them for the race. */
type FlightGolfer = {
  golferId: number;
  golfer: { firstName: string; lastName: string; nickname: string | null; fullName: string };
};

/**
 * `seasonPlayoffs`, with what the race was worked out from that the season's standings are made of: each flight's
 * standings (app/domain/standings.ts, in standings order) and its golfers with their names. The standings page
 * (app/models/standings.server.ts) reads a season's rounds once this way, not once for the standings and once more
 * for the playoff race.
 */
export async function seasonRace(season: number, flightNo: string | null = null, client: Tx = db) {
  const inFlight = flightNo === null ? {} : { flights: { some: { season, flightNo } } };
  const [schedule, assignments, rounds, lock] = await Promise.all([
    loadSchedules(client, [season]),
    // With each golfer's membership of the season: its registration date is a tie rule.
    client.flightAssignment.findMany({
      where: { season, ...(flightNo === null ? {} : { flightNo }) },
      select: {
        golferId: true,
        flightNo: true,
        golfer: {
          select: {
            ...nameSelect,
            memberships: { where: { season }, select: { registrationDatetime: true } },
          },
        },
      },
    }),
    client.round.findMany({
      where: { season, golfer: inFlight },
      select: {
        id: true,
        golferId: true,
        date: true,
        points: true,
        grossScore: true,
        netScore: true,
        hcpIndexBefore: true,
        hcpIndexAfter: true,
      },
    }),
    client.playoffField.findUnique({
      where: { season },
      select: {
        lockedAt: true,
        lockedBy: true,
        seeds: {
          where: flightNo === null ? {} : { flightNo },
          select: { flightNo: true, seed: true, golferId: true, golfer: { select: nameSelect } },
          orderBy: [{ flightNo: 'asc' }, { seed: 'asc' }],
        },
      },
    }),
  ]);
  const nightDates = playoffNightDates(schedule);
  const nights = playoffNights(schedule);
  // The handicap after the golfer's last round before the playoffs (by date, then as recorded).
  const handicapOf = new Map<number, { date: string; id: number; handicap: number | null }>();
  for (const round of rounds) {
    if (nightDates.has(round.date)) continue;
    const seen = handicapOf.get(round.golferId);
    if (!seen || round.date > seen.date || (round.date === seen.date && round.id > seen.id))
      handicapOf.set(round.golferId, { date: round.date, id: round.id, handicap: round.hcpIndexAfter });
  }
  const registeredOf = new Map(
    assignments.map((a) => [a.golferId, a.golfer.memberships[0]?.registrationDatetime?.toISOString() ?? null]),
  );
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const nameOf = new Map(assignments.map((a) => [a.golferId, golferDisplayName(a.golfer)]));
  for (const seed of lock?.seeds ?? []) nameOf.set(seed.golferId, golferDisplayName(seed.golfer));
  const roundOn = (golferId: number, date: string | null) =>
    date === null ? undefined : rounds.find((r) => r.golferId === golferId && r.date === date);

  const standings = new Map<string, Standing[]>();
  const flights = FLIGHT_NUMBERS.filter((n) => flightNo === null || n === flightNo).map((n): FlightRace => {
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
    standings.set(n, race.standings);
    const pointsOf = new Map(race.rows.map((r) => [r.golferId, r.totalPoints]));
    // Locked: the stored seeds decide the field; the race only says where everyone else stands.
    const lockedSeeds = lock
      ? new Map(lock.seeds.filter((s) => s.flightNo === n).map((s) => [s.golferId, s.seed]))
      : null;
    const rows = race.rows.map((row): RaceEntry => {
      const seed = lockedSeeds ? (lockedSeeds.get(row.golferId) ?? null) : row.seed;
      return {
        golferId: row.golferId,
        name: nameOf.get(row.golferId) ?? `Golfer #${row.golferId}`,
        points: row.totalPoints,
        qualified: row.qualified,
        seed,
        status: lockedSeeds && seed !== null ? IN_FIELD : statusText(row.status),
      };
    });
    const seeds = lockedSeeds
      ? [...lockedSeeds].map(([golferId, seed]) => ({ golferId, seed })).sort((a, b) => a.seed - b.seed)
      : race.rows.filter((r) => r.seed !== null).map((r) => ({ golferId: r.golferId, seed: r.seed! }));
    const entries: NightEntry[] = seeds.map(({ golferId, seed }) => {
      const round = roundOn(golferId, nights.playoff);
      return {
        golferId,
        seed,
        handicap: round?.hcpIndexBefore ?? null,
        // Hole scores arrive with the scorecards; until then the card-off falls back to the seed.
        holes: null,
        net: round ? netOf(round) : null,
      };
    });
    const result = nightResult(entries);
    return {
      flightNo: n,
      left: race.left,
      rows,
      field: seeds.map(({ golferId, seed }) => ({
        seed,
        golferId,
        name: nameOf.get(golferId) ?? `Golfer #${golferId}`,
        points: pointsOf.get(golferId) ?? 0,
        status: lockedSeeds ? IN_FIELD : 'In the top 4',
        net: entries.find((e) => e.golferId === golferId)?.net ?? null,
        champion: result.winner?.golferId === golferId ? 'Flight champion' : null,
      })),
      decidedBy: result.winner ? winnerRuleText(result.winner.rule) : null,
    };
  });

  // The Grand Championship: the flight champions, each with their flight seed for a tie, on its own night.
  const entrants = flights.flatMap((f) => {
    const champion = f.field.find((e) => e.champion !== null);
    if (!champion) return [];
    const round = roundOn(champion.golferId, nights.grand);
    return [
      {
        flight: f.flightNo,
        golferId: champion.golferId,
        name: champion.name,
        seed: champion.seed,
        handicap: round?.hcpIndexBefore ?? null,
        holes: null,
        net: round ? netOf(round) : null,
      },
    ];
  });
  const grand = nightResult(entrants);
  const winner = grand.winner ? entrants.find((e) => e.golferId === grand.winner!.golferId)! : null;
  if (winner)
    for (const f of flights)
      for (const e of f.field) if (e.golferId === winner.golferId) e.champion = `League champion ${season}`;
  const playoffs = {
    season,
    lock: lock ? { lockedAt: lock.lockedAt, lockedBy: lock.lockedBy } : null,
    nights,
    flights,
    grandChampionship: {
      entrants: entrants.map(({ flight, golferId, name, seed, net }) => ({ flight, golferId, name, seed, net })),
      champion: winner
        ? {
            flight: winner.flight,
            golferId: winner.golferId,
            name: winner.name,
            net: winner.net!,
            decidedBy: winnerRuleText(grand.winner!.rule),
          }
        : null,
    },
  };
  const golfers: FlightGolfer[] = assignments;
  return { playoffs, standings, golfers };
}
