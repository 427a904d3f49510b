import { nonCountingDates, playoffQualifierDates, type ScheduleEntry } from './schedule';

/** "Qualification: 8 regular rounds, and 3 of the final 4 competitions." */
export const REQUIRED_COUNTING_ROUNDS = 8;
export const REQUIRED_QUALIFIER_ROUNDS = 3;
/** "The top 4 per flight reach the playoffs." */
export const PLAYOFF_SPOTS = 4;
/**
 * The playoff seeding's tie rules, in order, as the playoffs page writes them (app/domain/playoffs.ts applies them).
 * Here rather than beside the seeding so that the page's browser code does not load the playoffs module and what it
 * imports only to show these words.
 */
export const SEEDING_TIE_RULES = [
  'more points from the playoff-qualifier weeks',
  'the lower handicap',
  'the earlier registration',
] as const;

export interface StandingsRound {
  golferId: number;
  /** `yyyy-MM-dd` */
  date: string;
  points: number | null;
  /** False for special-event dates, which count for neither handicap nor standings. */
  counts: boolean;
}

export interface StandingsInput {
  /** The flight's rounds for the season's regular weeks; the caller leaves out playoff weeks. */
  rounds: readonly StandingsRound[];
  /** The four playoff-qualifier dates of the season (weeks 10–13). */
  qualifierDates: readonly string[];
  /** Golfers to list even without a round (e.g. everyone assigned to the flight). */
  golferIds?: readonly number[];
}

export interface Standing {
  golferId: number;
  totalPoints: number;
  countingRounds: number;
  qualifierRoundsPlayed: number;
  qualified: boolean;
}

/**
 * One flight's standings, best first: by total points, then by rounds played, then golfer id so
 * the order is stable between page loads.
 */
export function computeStandings(input: StandingsInput): Standing[] {
  const qualifierDates = new Set(input.qualifierDates);
  const byGolfer = new Map<number, { totalPoints: number; countingRounds: number; qualifiers: Set<string> }>();
  const entryFor = (golferId: number) => {
    let entry = byGolfer.get(golferId);
    if (!entry) {
      entry = { totalPoints: 0, countingRounds: 0, qualifiers: new Set() };
      byGolfer.set(golferId, entry);
    }
    return entry;
  };

  for (const golferId of input.golferIds ?? []) entryFor(golferId);
  for (const round of input.rounds) {
    const entry = entryFor(round.golferId);
    if (!round.counts) continue;
    entry.totalPoints += round.points ?? 0;
    entry.countingRounds += 1;
    // A date counts once even if a round was recorded twice by mistake.
    if (qualifierDates.has(round.date)) entry.qualifiers.add(round.date);
  }

  return [...byGolfer.entries()]
    .map(([golferId, entry]) => ({
      golferId,
      totalPoints: entry.totalPoints,
      countingRounds: entry.countingRounds,
      qualifierRoundsPlayed: entry.qualifiers.size,
      qualified: entry.countingRounds >= REQUIRED_COUNTING_ROUNDS && entry.qualifiers.size >= REQUIRED_QUALIFIER_ROUNDS,
    }))
    .sort((a, b) => b.totalPoints - a.totalPoints || b.countingRounds - a.countingRounds || a.golferId - b.golferId);
}

/** The flight's playoff field: the first four qualified golfers of the standings. */
export function playoffTopFour(standings: readonly Standing[]): Standing[] {
  return standings.filter((standing) => standing.qualified).slice(0, PLAYOFF_SPOTS);
}

/**
 * Standings of a group of golfers (a flight, or one golfer) over a season's rounds, by the season's schedule: playoff
 * and championship weeks are not part of the regular standings, rounds on special events and rain-outs count for
 * nothing, and qualification counts the qualifier dates that were not rained out
 * (docs/product/seasons.md#what-a-season-holds).
 */
export function seasonStandings(
  schedule: readonly ScheduleEntry[],
  rounds: readonly Omit<StandingsRound, 'counts'>[],
  golferIds?: readonly number[],
): Standing[] {
  const playoffDates = new Set(
    schedule.filter((e) => e.kind === 'flight-playoff' || e.kind === 'grand-championship').map((e) => e.date),
  );
  const nonCounting = nonCountingDates(schedule);
  return computeStandings({
    // Written out, not `{ ...r, counts }`: a season is 10,000 rounds and on Node 20 a spread costs microseconds each.
    rounds: rounds
      .filter((r) => !playoffDates.has(r.date))
      .map((r) => ({ golferId: r.golferId, date: r.date, points: r.points, counts: !nonCounting.has(r.date) })),
    qualifierDates: playoffQualifierDates(schedule),
    golferIds,
  });
}
