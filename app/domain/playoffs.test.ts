import { describe, expect, it } from 'vitest';
import {
  breakTie,
  flightRace,
  lastQualifierDate,
  nightResult,
  nightsLeft,
  playoffNights,
  replacementFor,
  winnerRuleText,
  playoffWinner,
  raceStatus,
  statusText,
  TIE_RULE_TEXT,
  type CardOffHole,
  type RaceGolfer,
  type RaceInput,
} from './playoffs';
import type { ScheduleEntry } from './schedule';
import { handicapStrokes } from './scorecard';

// A season of the league's shape: 9 regular weeks, playoff qualifiers in weeks 10 to 13, the flight playoff (14) and
// the Grand Championship (15).
const REGULAR = Array.from({ length: 9 }, (_, i) => `2025-05-${String(5 + i * 2).padStart(2, '0')}`);
const QUALIFIERS = ['2025-07-07', '2025-07-14', '2025-07-21', '2025-07-28'];
const PLAYOFF = '2025-08-04';
const GRAND = '2025-08-11';

function schedule(rainedOut: readonly string[] = []): ScheduleEntry[] {
  return [
    ...REGULAR.map((date, i) => ({ date, weekNumber: i + 1, event: 'League Play', kind: 'regular-round' as const })),
    ...QUALIFIERS.map((date, i) => ({
      date,
      weekNumber: 10 + i,
      event: 'Playoff Qualifier',
      kind: 'playoff-qualifier' as const,
    })),
    { date: PLAYOFF, weekNumber: 14, event: 'Flight Playoff', kind: 'flight-playoff' as const },
    { date: GRAND, weekNumber: 15, event: 'Grand Championship', kind: 'grand-championship' as const },
  ].map((e) => ({ ...e, rainOut: rainedOut.includes(e.date) }));
}

function rounds(golferId: number, dates: readonly string[], points = 10) {
  return dates.map((date) => ({ golferId, date, points }));
}

function golfer(golferId: number, handicap: number | null = 10, registeredAt: string | null = null): RaceGolfer {
  return { golferId, handicap, registeredAt };
}

/** Every regular week and the first three qualifiers: a qualified golfer. */
const QUALIFYING = [...REGULAR.slice(0, 5), ...QUALIFIERS.slice(0, 3)];

function race(input: Partial<RaceInput> & Pick<RaceInput, 'rounds' | 'golfers'>) {
  return flightRace({ schedule: schedule(), ...input }).rows;
}

describe('the field', () => {
  it('seeds the top 4 qualified golfers by points, leaving out a golfer with more points who is not qualified', () => {
    const rows = race({
      golfers: [1, 2, 3, 4, 5, 6].map((id) => golfer(id)),
      rounds: [
        ...rounds(1, QUALIFYING, 20),
        ...rounds(2, QUALIFYING, 18),
        ...rounds(3, REGULAR, 30), // 270 points, but no qualifier week
        ...rounds(4, QUALIFYING, 15),
        ...rounds(5, QUALIFYING, 12),
        ...rounds(6, QUALIFYING, 10),
      ],
    });
    expect(rows.map((r) => [r.golferId, r.seed])).toEqual([
      [3, null],
      [1, 1],
      [2, 2],
      [4, 3],
      [5, 4],
      [6, null],
    ]);
    // The others played three qualifier nights: one is left, and golfer 3 needs three.
    expect(rows.map((r) => statusText(r.status))).toEqual([
      'Cannot qualify this season',
      'In the top 4',
      'In the top 4',
      'In the top 4',
      'In the top 4',
      'Qualified',
    ]);
  });

  it('has a smaller field when fewer than 4 golfers qualify', () => {
    const rows = race({
      golfers: [1, 2, 3].map((id) => golfer(id)),
      rounds: [...rounds(1, QUALIFYING), ...rounds(2, QUALIFYING), ...rounds(3, REGULAR.slice(0, 2))],
    });
    expect(rows.filter((r) => r.seed !== null).map((r) => [r.golferId, r.seed])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('breaks equal points by more points from the qualifier weeks', () => {
    // Both have 100 points; golfer 2 won more of them on the qualifier nights.
    const rows = race({
      golfers: [golfer(1, 5), golfer(2, 20)],
      rounds: [
        ...rounds(1, REGULAR.slice(0, 5), 14),
        ...rounds(1, QUALIFIERS.slice(0, 3), 10),
        ...rounds(2, REGULAR.slice(0, 5), 8),
        ...rounds(2, QUALIFIERS.slice(0, 3), 20),
      ],
    });
    expect(rows.map((r) => [r.golferId, r.totalPoints, r.qualifierPoints, r.seed])).toEqual([
      [2, 100, 60, 1],
      [1, 100, 30, 2],
    ]);
  });

  it('then by the lower handicap, a golfer without one last', () => {
    const rows = race({
      golfers: [golfer(1, null), golfer(2, 12), golfer(3, -1)],
      rounds: [...rounds(1, QUALIFYING), ...rounds(2, QUALIFYING), ...rounds(3, QUALIFYING)],
    });
    expect(rows.map((r) => [r.golferId, r.seed])).toEqual([
      [3, 1],
      [2, 2],
      [1, 3],
    ]);
  });

  it('then by the earlier registration, a golfer without a registration date last', () => {
    const rows = race({
      golfers: [golfer(1, 8, null), golfer(2, 8, '2025-04-02T15:00:00.000Z'), golfer(3, 8, '2025-03-30T09:00:00.000Z')],
      rounds: [...rounds(1, QUALIFYING), ...rounds(2, QUALIFYING), ...rounds(3, QUALIFYING)],
    });
    expect(rows.map((r) => [r.golferId, r.seed])).toEqual([
      [3, 1],
      [2, 2],
      [1, 3],
    ]);
  });

  it('does not split golfers whose decimal points add up to the same total', () => {
    const rows = race({
      golfers: [golfer(1, 9), golfer(2, 3)],
      rounds: [
        { golferId: 1, date: REGULAR[0], points: 0.1 },
        { golferId: 1, date: REGULAR[1], points: 0.2 },
        { golferId: 2, date: REGULAR[0], points: 0.3 },
      ],
    });
    // 0.1 + 0.2 is not 0.3 in floating point; the lower handicap decides.
    expect(rows.map((r) => r.golferId)).toEqual([2, 1]);
  });

  it('leaves playoff nights out of the points', () => {
    const rows = race({
      golfers: [golfer(1), golfer(2)],
      rounds: [...rounds(1, QUALIFYING, 10), ...rounds(2, QUALIFYING, 10), ...rounds(2, [PLAYOFF], 24)],
    });
    expect(rows.map((r) => r.totalPoints)).toEqual([80, 80]);
  });
});

describe('the status lines', () => {
  it('says what a golfer still needs, in rounds and qualifier weeks', () => {
    // Four regular rounds played and the league has played those four nights: 5 regular weeks and 4 qualifiers left.
    const rows = race({ golfers: [golfer(1)], rounds: rounds(1, REGULAR.slice(0, 4)) });
    expect(rows[0].status).toEqual({ kind: 'needs', rounds: 4, qualifierWeeks: 3 });
    expect(statusText(rows[0].status)).toBe('Needs 4 more regular rounds and 3 more qualifier weeks');
  });

  it("writes the spec's example: 2 more regular rounds and 1 more qualifier week", () => {
    const rows = race({
      golfers: [golfer(1)],
      rounds: rounds(1, [...REGULAR.slice(0, 4), ...QUALIFIERS.slice(0, 2)]),
    });
    expect(statusText(rows[0].status)).toBe('Needs 2 more regular rounds and 1 more qualifier week');
  });

  it('names only what is missing, in the singular for one', () => {
    const left = { nights: 5, qualifierWeeks: 2 };
    const standing = { golferId: 1, totalPoints: 0, countingRounds: 7, qualifierRoundsPlayed: 3, qualified: false };
    expect(statusText(raceStatus(standing, false, left))).toBe('Needs 1 more regular round');
    expect(statusText(raceStatus({ ...standing, countingRounds: 9, qualifierRoundsPlayed: 1 }, false, left))).toBe(
      'Needs 2 more qualifier weeks',
    );
  });

  it('can still qualify by playing every night left, and says what that takes', () => {
    // The league has played every regular week and the first qualifier; golfer 1 played 4 regular weeks only.
    // 3 qualifier weeks are left, and golfer 1 needs 4 more rounds (all 3 qualifiers give 3): that is 1 short...
    const played = [...REGULAR, QUALIFIERS[0]];
    const short = race({
      golfers: [golfer(1), golfer(2)],
      rounds: [...rounds(1, REGULAR.slice(0, 4)), ...rounds(2, played)],
    });
    expect(statusText(short.find((r) => r.golferId === 1)!.status)).toBe('Cannot qualify this season');

    // ...while golfer 3, with 5 regular weeks, needs exactly the 3 nights left: every one of them.
    const exact = flightRace({
      schedule: schedule(),
      golfers: [golfer(2), golfer(3)],
      rounds: [...rounds(3, REGULAR.slice(0, 5)), ...rounds(2, played)],
    });
    expect(exact.left).toEqual({ nights: 3, qualifierWeeks: 3 });
    expect(statusText(exact.rows.find((r) => r.golferId === 3)!.status)).toBe(
      'Needs 3 more regular rounds and 3 more qualifier weeks',
    );
  });

  it('cannot qualify once too few qualifier weeks are left, however many rounds', () => {
    // Two qualifiers are played and golfer 1 missed both: 2 are left, 3 are needed.
    const rows = race({
      golfers: [golfer(1), golfer(2)],
      rounds: [...rounds(1, REGULAR), ...rounds(2, QUALIFIERS.slice(0, 2))],
    });
    expect(rows.find((r) => r.golferId === 1)!.status).toEqual({ kind: 'cannot-qualify' });
  });

  it('counts a rained-out night as neither played nor left', () => {
    // Two qualifiers rained out: with only 2 left in the season nobody can reach 3.
    const rows = flightRace({
      schedule: schedule(QUALIFIERS.slice(0, 2)),
      golfers: [golfer(1)],
      rounds: [],
    });
    expect(rows.left).toEqual({ nights: 11, qualifierWeeks: 2 });
    expect(statusText(rows.rows[0].status)).toBe('Cannot qualify this season');
  });

  it('never says impossible while the season has no qualifier weeks on its schedule', () => {
    expect(nightsLeft([], new Set())).toBeNull();
    const rows = flightRace({ schedule: [], golfers: [golfer(1)], rounds: [] });
    expect(statusText(rows.rows[0].status)).toBe('Needs 8 more regular rounds and 3 more qualifier weeks');
  });

  it('counts the nights left from the results recorded, not from the calendar', () => {
    expect(nightsLeft(schedule(), new Set([...REGULAR.slice(0, 3), PLAYOFF]))).toEqual({
      nights: 10,
      qualifierWeeks: 4,
    });
  });
});

describe('a tie on a playoff night', () => {
  /** Nine holes with stroke indexes 1..9 in a fixed shuffled order, and the strokes given. */
  const INDEXES = [5, 9, 1, 7, 3, 8, 2, 6, 4];
  const card = (strokes: readonly number[]): CardOffHole[] =>
    strokes.map((s, i) => ({ strokes: s, strokeIndex: INDEXES[i] }));

  it('gives handicap strokes by stroke index, round again above nine, and back for a plus handicap', () => {
    expect(handicapStrokes(3, INDEXES)).toEqual([0, 0, 1, 0, 1, 0, 1, 0, 0]);
    expect(handicapStrokes(11, INDEXES)).toEqual([1, 1, 2, 1, 1, 1, 2, 1, 1]);
    expect(handicapStrokes(0, INDEXES)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(handicapStrokes(-2, INDEXES)).toEqual([0, -1, 0, 0, 0, -1, 0, 0, 0]);
    // 18-hole indexes on a nine: their order still decides.
    expect(handicapStrokes(1, [11, 3, 17])).toEqual([0, 1, 0]);
  });

  it('is decided by the net of the last 6 holes', () => {
    const result = breakTie([
      { golferId: 1, seed: 1, handicap: 0, holes: card([3, 3, 3, 5, 5, 5, 5, 5, 5]) }, // last 6: 30
      { golferId: 2, seed: 2, handicap: 0, holes: card([5, 5, 5, 4, 5, 5, 5, 5, 5]) }, // last 6: 29
    ]);
    expect(result).toEqual({ golferId: 2, rule: 'last-6-holes' });
  });

  it('counts handicap strokes on those holes by stroke index', () => {
    // Level gross over the last 6; golfer 1's handicap of 3 gives strokes on indexes 1, 2, 3: holes 3, 5 and 7, so
    // 2 of them fall in the last 6 (holes 5 and 7), golfer 2's handicap of 1 only on hole 3.
    const result = breakTie([
      { golferId: 2, seed: 1, handicap: 1, holes: card([4, 4, 4, 5, 5, 5, 5, 5, 5]) },
      { golferId: 1, seed: 2, handicap: 3, holes: card([4, 4, 4, 5, 5, 5, 5, 5, 5]) },
    ]);
    expect(result).toEqual({ golferId: 1, rule: 'last-6-holes' });
  });

  it('then by the last 3 holes, then the last hole', () => {
    const byThree = breakTie([
      { golferId: 1, seed: 1, handicap: 0, holes: card([5, 5, 5, 4, 4, 4, 6, 6, 6]) }, // 30, last 3: 18
      { golferId: 2, seed: 2, handicap: 0, holes: card([5, 5, 5, 6, 6, 6, 4, 4, 4]) }, // 30, last 3: 12
    ]);
    expect(byThree).toEqual({ golferId: 2, rule: 'last-3-holes' });
    const byLast = breakTie([
      { golferId: 1, seed: 1, handicap: 0, holes: card([5, 5, 5, 5, 5, 5, 4, 5, 6]) }, // 30, 15, last: 6
      { golferId: 2, seed: 2, handicap: 0, holes: card([5, 5, 5, 5, 5, 5, 6, 5, 4]) }, // 30, 15, last: 4
    ]);
    expect(byLast).toEqual({ golferId: 2, rule: 'last-hole' });
    expect([byThree, byLast].map((r) => TIE_RULE_TEXT[r.rule])).toEqual([
      'Card-off: net of the last 3 holes',
      'Card-off: net of the last hole',
    ]);
  });

  it('keeps only the best of three at each step', () => {
    const result = breakTie([
      { golferId: 1, seed: 1, handicap: 0, holes: card([5, 5, 5, 5, 5, 5, 5, 5, 6]) }, // 31: out after 6
      { golferId: 2, seed: 2, handicap: 0, holes: card([5, 5, 5, 5, 5, 5, 5, 5, 5]) }, // 30, 15, 5
      { golferId: 3, seed: 3, handicap: 0, holes: card([5, 5, 5, 5, 5, 5, 6, 5, 4]) }, // 30, 15, 4
    ]);
    expect(result).toEqual({ golferId: 3, rule: 'last-hole' });
  });

  it('falls back to the better seed when a golfer has no hole scores, or the card-off is level', () => {
    expect(
      breakTie([
        { golferId: 1, seed: 3, handicap: 0, holes: card([4, 4, 4, 4, 4, 4, 4, 4, 4]) },
        { golferId: 2, seed: 2, handicap: 0, holes: null },
      ]),
    ).toEqual({ golferId: 2, rule: 'seed' });
    expect(
      breakTie([
        { golferId: 1, seed: 4, handicap: 2, holes: card([5, 5, 5, 5, 5, 5, 5, 5, 5]) },
        { golferId: 2, seed: 1, handicap: 2, holes: card([5, 5, 5, 5, 5, 5, 5, 5, 5]) },
      ]),
    ).toEqual({ golferId: 2, rule: 'seed' });
  });

  it('names the winner of a night by the lowest net, or by the tie rule that decided', () => {
    const holes = null;
    expect(
      playoffWinner([
        { golferId: 1, seed: 1, handicap: 5, holes, net: 36 },
        { golferId: 2, seed: 2, handicap: 5, holes, net: 35 },
      ]),
    ).toEqual({ golferId: 2, rule: 'net' });
    expect(
      playoffWinner([
        { golferId: 1, seed: 2, handicap: 5, holes, net: 35 },
        { golferId: 2, seed: 1, handicap: 5, holes, net: 35 },
        { golferId: 3, seed: 3, handicap: 5, holes, net: 38 },
      ]),
    ).toEqual({ golferId: 2, rule: 'seed' });
    expect(playoffWinner([])).toBeNull();
  });
});

describe('the lock and the nights', () => {
  it('locks on the points of the last qualifier night that was not rained out', () => {
    expect(lastQualifierDate(schedule())).toBe(QUALIFIERS[3]);
    expect(lastQualifierDate(schedule([QUALIFIERS[3]]))).toBe(QUALIFIERS[2]);
    expect(lastQualifierDate(schedule().filter((e) => e.kind !== 'playoff-qualifier'))).toBeNull();
    expect(playoffNights(schedule())).toEqual({ playoff: PLAYOFF, grand: GRAND });
  });

  it("ranks a night's entrants by net, leaves out those who did not play, and names the winner and the rule", () => {
    const holes = null;
    const result = nightResult([
      { golferId: 1, seed: 1, handicap: 8, holes, net: 37 },
      { golferId: 2, seed: 2, handicap: 8, holes, net: null },
      { golferId: 3, seed: 3, handicap: 8, holes, net: 34 },
      { golferId: 4, seed: 4, handicap: 8, holes, net: 37 },
    ]);
    expect(result.played.map((e) => e.golferId)).toEqual([3, 1, 4]);
    expect(result.winner).toEqual({ golferId: 3, rule: 'net' });
    expect(winnerRuleText('net')).toBe('The lowest net');
    expect(winnerRuleText('seed')).toBe('The better seed');
    expect(nightResult([{ golferId: 1, seed: 1, handicap: 8, holes, net: null }]).winner).toBeNull();
  });

  it('breaks a tie on a night by the card-off when the tied golfers kept hole scores', () => {
    const card = (strokes: number[]) => strokes.map((s, i) => ({ strokes: s, strokeIndex: i + 1 }));
    const result = nightResult([
      { golferId: 1, seed: 1, handicap: 0, holes: card([4, 4, 4, 4, 4, 4, 3, 5, 5]), net: 37 },
      { golferId: 2, seed: 2, handicap: 0, holes: card([4, 4, 4, 4, 4, 4, 5, 5, 3]), net: 37 },
    ]);
    expect(result.winner).toEqual({ golferId: 2, rule: 'last-hole' });
  });

  it('gives a freed seed to the next qualified golfer outside the field, or to the qualified golfer named', () => {
    const race = [
      { golferId: 1, qualified: true },
      { golferId: 2, qualified: false },
      { golferId: 3, qualified: true },
      { golferId: 4, qualified: true },
    ];
    expect(replacementFor(race, new Set([1]), null)).toBe(3);
    expect(replacementFor(race, new Set([1, 3]), null)).toBe(4);
    expect(replacementFor(race, new Set([1, 3]), 4)).toBe(4);
    expect(replacementFor(race, new Set([1]), 2)).toBeNull();
    expect(replacementFor(race, new Set([1]), 1)).toBeNull();
    expect(replacementFor(race, new Set([1, 3, 4]), null)).toBeNull();
  });
});
