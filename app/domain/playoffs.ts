/**
 * The playoffs (docs/product/playoffs.md): each flight's race to the playoffs, its field of the top 4 qualified
 * golfers seeded 1 to 4, and how a tie on a playoff night is decided. Pure: the caller loads the season's schedule,
 * the flight's rounds and each golfer's handicap and registration (app/models/playoffs.server.ts).
 */
import { PLAYOFF_SPOTS, REQUIRED_COUNTING_ROUNDS, REQUIRED_QUALIFIER_ROUNDS, seasonStandings } from './standings';
import { playoffQualifierDates, type ScheduleEntry } from './schedule';
import { handicapStrokes } from './scorecard';
import type { Standing } from './standings';

// ---------------------------------------------------------------------------------------------------------------
// The field

/** What the seeding needs to know of a golfer beyond their rounds. */
export type RaceGolfer = {
  golferId: number;
  /** The golfer's handicap after their last round of the season's regular weeks; null without one. */
  handicap: number | null;
  /** When they registered for the season (an ISO timestamp); null when the membership has no date. */
  registeredAt: string | null;
};

export type RaceInput = {
  schedule: readonly ScheduleEntry[];
  /** The flight's rounds of the season (playoff nights are left out by the standings). */
  rounds: readonly { golferId: number; date: string; points: number | null }[];
  /** Every golfer of the flight, played or not. */
  golfers: readonly RaceGolfer[];
};

/** Where a golfer stands in the race; `statusText` gives its words. */
export type RaceStatus =
  | { kind: 'in-top-4' }
  | { kind: 'qualified' }
  | { kind: 'needs'; rounds: number; qualifierWeeks: number }
  | { kind: 'cannot-qualify' };

export type RaceRow = Standing &
  RaceGolfer & {
    /** Points won on the playoff-qualifier nights: the first tie rule. */
    qualifierPoints: number;
    /** 1 to 4 for the provisional field, else null. */
    seed: number | null;
    status: RaceStatus;
  };

/** The counting nights of the schedule still to play: every one, and the playoff-qualifier weeks among them. */
export type NightsLeft = { nights: number; qualifierWeeks: number };

/** Points compared to the hundredth, so that sums of decimals never split golfers who are level. */
const hundredths = (points: number) => Math.round(points * 100);

/** 1 for a missing value, which sorts after every present one. */
const missingLast = (value: number | string | null) => (value === null ? 1 : 0);

/**
 * The race order and the seeding: standings points, then the tie rules (qualifier-week points, the lower handicap,
 * the earlier registration; a golfer without a handicap or a registration date comes after those with one), then the
 * golfer id so the order never changes between page loads.
 */
function bySeeding(a: RaceRow, b: RaceRow): number {
  return (
    hundredths(b.totalPoints) - hundredths(a.totalPoints) ||
    hundredths(b.qualifierPoints) - hundredths(a.qualifierPoints) ||
    missingLast(a.handicap) - missingLast(b.handicap) ||
    (a.handicap ?? 0) - (b.handicap ?? 0) ||
    missingLast(a.registeredAt) - missingLast(b.registeredAt) ||
    (a.registeredAt ?? '').localeCompare(b.registeredAt ?? '') ||
    a.golferId - b.golferId
  );
}

const QUALIFIED: RaceStatus = { kind: 'qualified' };

const COUNTING_KINDS: ReadonlySet<ScheduleEntry['kind']> = new Set(['regular-round', 'playoff-qualifier']);

/**
 * The counting nights still to come: the schedule's regular rounds and playoff qualifiers, not rained out, on which
 * no round of the flight is recorded yet. Null when the season has no playoff-qualifier week on its schedule at all
 * (a schedule not set up yet): then nothing can be said to be impossible.
 */
export function nightsLeft(schedule: readonly ScheduleEntry[], playedDates: ReadonlySet<string>): NightsLeft | null {
  if (!schedule.some((e) => e.kind === 'playoff-qualifier')) return null;
  const left = schedule.filter((e) => COUNTING_KINDS.has(e.kind) && !e.rainOut && !playedDates.has(e.date));
  return { nights: left.length, qualifierWeeks: left.filter((e) => e.kind === 'playoff-qualifier').length };
}

/**
 * A golfer's place in the race. Qualified: 'In the top 4' in the field, else 'Qualified'. Not yet: what they still
 * need ('Needs 2 more regular rounds and 1 more qualifier week'), or 'Cannot qualify this season' when even every
 * night left would not be enough (a qualifier week is also a round, so playing every night left gives both).
 */
export function raceStatus(standing: Standing, inField: boolean, left: NightsLeft | null): RaceStatus {
  if (standing.qualified) return { kind: inField ? 'in-top-4' : 'qualified' };
  const rounds = Math.max(0, REQUIRED_COUNTING_ROUNDS - standing.countingRounds);
  const qualifierWeeks = Math.max(0, REQUIRED_QUALIFIER_ROUNDS - standing.qualifierRoundsPlayed);
  if (left && (rounds > left.nights || qualifierWeeks > left.qualifierWeeks)) return { kind: 'cannot-qualify' };
  return { kind: 'needs', rounds, qualifierWeeks };
}

const more = (n: number, noun: string) => `${n} more ${noun}${n === 1 ? '' : 's'}`;

/** The status line of the race table and of the golfer's page. */
export function statusText(status: RaceStatus): string {
  switch (status.kind) {
    case 'in-top-4':
      return `In the top ${PLAYOFF_SPOTS}`;
    case 'qualified':
      return 'Qualified';
    case 'cannot-qualify':
      return 'Cannot qualify this season';
    case 'needs': {
      const parts = [
        ...(status.rounds > 0 ? [more(status.rounds, 'regular round')] : []),
        ...(status.qualifierWeeks > 0 ? [more(status.qualifierWeeks, 'qualifier week')] : []),
      ];
      return `Needs ${parts.join(' and ')}`;
    }
  }
}

/**
 * One flight's race to the playoffs: every golfer in race order (points, then the seeding's tie rules), the first
 * 4 qualified golfers seeded 1 to 4 (fewer when fewer qualify), and each golfer's status from the nights left.
 */
export function flightRace(input: RaceInput): { rows: RaceRow[]; left: NightsLeft | null; standings: Standing[] } {
  const golferOf = new Map(input.golfers.map((g) => [g.golferId, g]));
  const standings = seasonStandings(
    input.schedule,
    input.rounds,
    input.golfers.map((g) => g.golferId),
  );
  const qualifierDates = new Set(playoffQualifierDates(input.schedule));
  const qualifierPoints = new Map<number, number>();
  for (const round of input.rounds)
    if (qualifierDates.has(round.date))
      qualifierPoints.set(round.golferId, (qualifierPoints.get(round.golferId) ?? 0) + (round.points ?? 0));
  const left = nightsLeft(input.schedule, new Set(input.rounds.map((r) => r.date)));

  // Rows written out field by field, not spread: a league of 10,000 golfers sorts thousands of them per page.
  const ordered = standings
    .map((standing): RaceRow => ({
      golferId: standing.golferId,
      totalPoints: standing.totalPoints,
      countingRounds: standing.countingRounds,
      qualifierRoundsPlayed: standing.qualifierRoundsPlayed,
      qualified: standing.qualified,
      handicap: golferOf.get(standing.golferId)?.handicap ?? null,
      registeredAt: golferOf.get(standing.golferId)?.registeredAt ?? null,
      qualifierPoints: qualifierPoints.get(standing.golferId) ?? 0,
      seed: null,
      status: QUALIFIED,
    }))
    .sort(bySeeding);
  let seed = 0;
  for (const row of ordered) {
    const inField = row.qualified && seed < PLAYOFF_SPOTS;
    if (inField) seed += 1;
    row.seed = inField ? seed : null;
    row.status = raceStatus(row, inField, left);
  }
  return { left, rows: ordered, standings };
}

// ---------------------------------------------------------------------------------------------------------------
// A tie on a playoff night

/** One hole of a playoff round, in the order played. */
export type CardOffHole = { strokes: number; strokeIndex: number };

export type TiedGolfer = {
  golferId: number;
  seed: number;
  /** The golfer's handicap before that night (the one the night's net is computed with). */
  handicap: number | null;
  /** The hole scores of the night's round, when a scorecard was kept; null otherwise. */
  holes: readonly CardOffHole[] | null;
};

/** What decided a tie: the card-off's last 6 holes, last 3 holes or last hole, else the better seed. */
export type TieRule = 'last-6-holes' | 'last-3-holes' | 'last-hole' | 'seed';

export const TIE_RULE_TEXT: Record<TieRule, string> = {
  'last-6-holes': 'Card-off: net of the last 6 holes',
  'last-3-holes': 'Card-off: net of the last 3 holes',
  'last-hole': 'Card-off: net of the last hole',
  seed: 'The better seed',
};

/** The net of the last `count` holes of a round, with the round's handicap strokes of those holes. */
function netOfLast(golfer: TiedGolfer & { holes: readonly CardOffHole[] }, count: number): number {
  const strokes = handicapStrokes(
    golfer.handicap ?? 0,
    golfer.holes.map((h) => h.strokeIndex),
  );
  const from = golfer.holes.length - count;
  return golfer.holes.slice(from).reduce((sum, hole, i) => sum + hole.strokes - strokes[from + i], 0);
}

const CARD_OFF: readonly [TieRule, number][] = [
  ['last-6-holes', 6],
  ['last-3-holes', 3],
  ['last-hole', 1],
];

/**
 * Who wins a tie on a playoff night's net (docs/product/playoffs.md#a-tie): when every tied golfer has hole scores
 * (at least 6 holes), a card-off on the net of the last 6 holes, then the last 3, then the last hole, each step
 * keeping the golfers with the best net; otherwise, or while still level, the better (lower) seed. Says which rule
 * decided it.
 */
export function breakTie(tied: readonly TiedGolfer[]): { golferId: number; rule: TieRule } {
  if (tied.length === 0) throw new RangeError('A tie needs at least one golfer');
  let contenders = [...tied];
  const carded = (g: TiedGolfer): g is TiedGolfer & { holes: readonly CardOffHole[] } =>
    g.holes !== null && g.holes.length >= CARD_OFF[0][1];
  if (contenders.length > 1 && contenders.every(carded)) {
    for (const [rule, count] of CARD_OFF) {
      const nets = contenders.map((g) => netOfLast(g as TiedGolfer & { holes: readonly CardOffHole[] }, count));
      const best = Math.min(...nets);
      contenders = contenders.filter((_, i) => nets[i] === best);
      if (contenders.length === 1) return { golferId: contenders[0].golferId, rule };
    }
  }
  const better = contenders.reduce((a, b) => (b.seed < a.seed ? b : a));
  return { golferId: better.golferId, rule: 'seed' };
}

/**
 * The winner of a playoff night (a flight playoff or the Grand Championship): the lowest net; a tie on it is broken
 * by `breakTie`. `rule` is 'net' when the net alone decided.
 */
export function playoffWinner(
  entries: readonly (TiedGolfer & { net: number })[],
): { golferId: number; rule: TieRule | 'net' } | null {
  if (entries.length === 0) return null;
  const best = Math.min(...entries.map((e) => e.net));
  const level = entries.filter((e) => e.net === best);
  return level.length === 1 ? { golferId: level[0].golferId, rule: 'net' } : breakTie(level);
}

// ---------------------------------------------------------------------------------------------------------------
// The lock and the nights

/**
 * The date whose points lock the field by themselves: the last playoff-qualifier night of the schedule that was not
 * rained out. Null when the schedule has none (nothing locks by itself then).
 */
export function lastQualifierDate(schedule: readonly ScheduleEntry[]): string | null {
  return playoffQualifierDates(schedule).at(-1) ?? null;
}

/** The flight playoff's and the Grand Championship's dates of a schedule (the first of each kind), or null. */
export function playoffNights(schedule: readonly ScheduleEntry[]): { playoff: string | null; grand: string | null } {
  const first = (kind: ScheduleEntry['kind']) =>
    schedule
      .filter((e) => e.kind === kind)
      .map((e) => e.date)
      .sort()[0] ?? null;
  return { playoff: first('flight-playoff'), grand: first('grand-championship') };
}

/** One golfer of a playoff night: their seed, the handicap before that night, and their round's net (null: none). */
export type NightEntry = TiedGolfer & { net: number | null };

/**
 * The result of a playoff night (a flight playoff, or the Grand Championship between the flight champions): the
 * entrants who played it, lowest net first (ties by seed, so the order is stable), and the winner with the rule that
 * decided (docs/product/playoffs.md#a-tie). No winner before anyone has a round on that night.
 */
export function nightResult(entries: readonly NightEntry[]): {
  played: (NightEntry & { net: number })[];
  winner: { golferId: number; rule: TieRule | 'net' } | null;
} {
  const played = entries
    .filter((e): e is NightEntry & { net: number } => e.net !== null)
    .sort((a, b) => a.net - b.net || a.seed - b.seed);
  return { played, winner: playoffWinner(played) };
}

/** How the page says what decided a night: the lowest net, or the tie rule. */
export function winnerRuleText(rule: TieRule | 'net'): string {
  return rule === 'net' ? 'The lowest net' : TIE_RULE_TEXT[rule];
}

/**
 * Which golfer takes a seed an administrator frees ('Replace'): the golfer named, when they are qualified, in that
 * flight and not in the field; otherwise the next qualified golfer of the race not in the field and not replaced
 * before. Null when nobody can.
 */
export function replacementFor(
  race: readonly { golferId: number; qualified: boolean }[],
  unavailable: ReadonlySet<number>,
  named: number | null,
): number | null {
  const can = (r: { golferId: number; qualified: boolean }) => r.qualified && !unavailable.has(r.golferId);
  if (named !== null) return race.some((r) => r.golferId === named && can(r)) ? named : null;
  return race.find(can)?.golferId ?? null;
}
