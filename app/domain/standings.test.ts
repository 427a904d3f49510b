import { describe, expect, it } from 'vitest';
import { computeStandings, playoffTopFour, type StandingsRound } from './standings';

const QUALIFIERS = ['2025-08-04', '2025-08-11', '2025-08-18', '2025-08-25'];
const REGULAR = ['2025-05-19', '2025-06-02', '2025-06-09', '2025-06-16', '2025-06-23', '2025-06-30', '2025-07-14'];

function played(golferId: number, dates: readonly string[], points = 10): StandingsRound[] {
  return dates.map((date) => ({ golferId, date, points, counts: true }));
}

describe('computeStandings', () => {
  it('totals points and counting rounds per golfer, best first', () => {
    const standings = computeStandings({
      rounds: [...played(1, REGULAR.slice(0, 2), 20), ...played(2, REGULAR.slice(0, 3), 15)],
      qualifierDates: QUALIFIERS,
    });
    expect(standings).toEqual([
      { golferId: 2, totalPoints: 45, countingRounds: 3, qualifierRoundsPlayed: 0, qualified: false },
      { golferId: 1, totalPoints: 40, countingRounds: 2, qualifierRoundsPlayed: 0, qualified: false },
    ]);
  });

  it('ignores special-event rounds and treats missing points as zero', () => {
    const [standing] = computeStandings({
      rounds: [
        { golferId: 1, date: '2025-05-05', points: 24, counts: false },
        { golferId: 1, date: '2025-05-19', points: null, counts: true },
        { golferId: 1, date: '2025-06-02', points: 23.5, counts: true },
      ],
      qualifierDates: QUALIFIERS,
    });
    expect(standing).toMatchObject({ totalPoints: 23.5, countingRounds: 2 });
  });

  it('qualifies a golfer with 8 rounds including 3 of the 4 qualifiers', () => {
    const [standing] = computeStandings({
      rounds: played(1, [...REGULAR.slice(0, 5), ...QUALIFIERS.slice(0, 3)]),
      qualifierDates: QUALIFIERS,
    });
    expect(standing).toMatchObject({ countingRounds: 8, qualifierRoundsPlayed: 3, qualified: true });
  });

  it('does not qualify a golfer with only 2 qualifier weeks however many rounds', () => {
    const [standing] = computeStandings({
      rounds: played(1, [...REGULAR, ...QUALIFIERS.slice(0, 2)]),
      qualifierDates: QUALIFIERS,
    });
    expect(standing).toMatchObject({ countingRounds: 9, qualifierRoundsPlayed: 2, qualified: false });
  });

  it('does not qualify a golfer with all 4 qualifiers but only 7 rounds', () => {
    const [standing] = computeStandings({
      rounds: played(1, [...REGULAR.slice(0, 3), ...QUALIFIERS]),
      qualifierDates: QUALIFIERS,
    });
    expect(standing).toMatchObject({ countingRounds: 7, qualifierRoundsPlayed: 4, qualified: false });
  });

  it('lists golfers of the flight who have not played yet', () => {
    const standings = computeStandings({
      rounds: played(1, REGULAR.slice(0, 1)),
      qualifierDates: QUALIFIERS,
      golferIds: [1, 7],
    });
    expect(standings.map((standing) => [standing.golferId, standing.totalPoints])).toEqual([
      [1, 10],
      [7, 0],
    ]);
  });

  it('breaks equal points by rounds played, then golfer id', () => {
    const standings = computeStandings({
      rounds: [
        ...played(3, REGULAR.slice(0, 2), 10),
        ...played(2, REGULAR.slice(0, 1), 20),
        ...played(1, REGULAR.slice(0, 1), 20),
      ],
      qualifierDates: QUALIFIERS,
    });
    expect(standings.map((standing) => standing.golferId)).toEqual([3, 1, 2]);
  });
});

describe('playoffTopFour', () => {
  it('takes the four best qualified golfers and skips those who did not qualify', () => {
    const qualifying = [...REGULAR.slice(0, 5), ...QUALIFIERS.slice(0, 3)];
    const standings = computeStandings({
      rounds: [
        ...played(1, qualifying, 5),
        ...played(2, qualifying, 6),
        ...played(3, qualifying, 7),
        ...played(4, qualifying, 8),
        ...played(5, qualifying, 9),
        ...played(6, REGULAR, 24), // most points, but never played a qualifier
      ],
      qualifierDates: QUALIFIERS,
    });
    expect(standings[0]?.golferId).toBe(6);
    expect(playoffTopFour(standings).map((standing) => standing.golferId)).toEqual([5, 4, 3, 2]);
  });
});
