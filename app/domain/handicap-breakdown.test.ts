import { describe, expect, it } from 'vitest';
import { computeGolferRounds, currentHandicap, handicapBreakdown, type GolferRoundInput } from './handicap';

function round(id: number, date: string, grossScore: number, extra: Partial<GolferRoundInput> = {}): GolferRoundInput {
  return { id, date, createdOrder: id, grossScore, par: 36, counts: true, ...extra };
}

/** A date `n` weeks after June 1st 2025. */
function week(n: number): string {
  const d = new Date(Date.UTC(2025, 5, 1 + 7 * n));
  return d.toISOString().slice(0, 10);
}

describe('handicapBreakdown', () => {
  it('lists the counting rounds newest first with their differentials, their average, × 80% and the rounding', () => {
    const breakdown = handicapBreakdown({
      estimatedScore: null,
      rounds: [round(1, '2025-06-02', 40), round(2, '2025-06-09', 45, { par: 35 }), round(3, '2025-06-16', 38)],
    });
    expect(breakdown.rounds).toEqual([
      { roundId: 3, date: '2025-06-16', grossScore: 38, par: 36, differential: 2 },
      { roundId: 2, date: '2025-06-09', grossScore: 45, par: 35, differential: 10 },
      { roundId: 1, date: '2025-06-02', grossScore: 40, par: 36, differential: 4 },
    ]);
    // (2 + 10 + 4) / 3 = 5.333…; × 80% = 4.2666…; rounded: 4.
    expect(breakdown.total).toBe(16);
    expect(breakdown.average).toBeCloseTo(16 / 3);
    expect(breakdown.percent).toBe(80);
    expect(breakdown.scaled).toBeCloseTo(4.2667, 4);
    expect(breakdown.handicap).toBe(4);
  });

  it('keeps only the 10 most recent counting rounds and leaves special events out', () => {
    const rounds = Array.from({ length: 12 }, (_, i) => round(i + 1, week(i), 36 + i));
    rounds.push(round(13, week(12), 80, { counts: false }));
    const breakdown = handicapBreakdown({ estimatedScore: null, rounds });
    expect(breakdown.rounds).toHaveLength(10);
    expect(breakdown.rounds.map((r) => r.roundId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // Differentials 2..11: sum 65, mean 6.5, × 80% = 5.2 → 5.
    expect(breakdown.total).toBe(65);
    expect(breakdown.handicap).toBe(5);
  });

  it('shows the estimate as three entries without a date until real rounds push them out', () => {
    const early = handicapBreakdown({ estimatedScore: 45, rounds: [round(1, '2025-06-02', 40)] });
    expect(early.rounds).toEqual([
      { roundId: 1, date: '2025-06-02', grossScore: 40, par: 36, differential: 4 },
      ...Array.from({ length: 3 }, () => ({ roundId: null, date: null, grossScore: 45, par: 36, differential: 9 })),
    ]);
    // (4 + 27) / 4 = 7.75; × 80% = 6.2 → 6.
    expect(early.handicap).toBe(6);

    const estimateOnly = handicapBreakdown({ estimatedScore: 45, rounds: [] });
    expect(estimateOnly.rounds.every((r) => r.roundId === null)).toBe(true);
    expect(estimateOnly.handicap).toBe(7); // 9 × 0.8 = 7.2

    const later = handicapBreakdown({
      estimatedScore: 45,
      rounds: Array.from({ length: 8 }, (_, i) => round(i + 1, week(i), 40)),
    });
    // 8 rounds and 2 of the 3 estimate entries make 10.
    expect(later.rounds.filter((r) => r.roundId === null)).toHaveLength(2);
  });

  it('rounds half away from zero, as the stored handicaps do', () => {
    // Differentials 1 and 2: mean 1.5, × 80% = 1.2 → 1; differentials -3 and -2: × 80% = -2 exactly.
    expect(
      handicapBreakdown({ estimatedScore: null, rounds: [round(1, week(0), 37), round(2, week(1), 38)] }),
    ).toMatchObject({ scaled: 1.2, handicap: 1 });
    // 5 × 0.5 differential… a mean of 0.625 × 0.8 = 0.5 exactly rounds to 1; -0.5 to -1.
    const half = [37, 36, 37, 36, 37, 36, 37, 37].map((g, i) => round(i + 1, week(i), g));
    expect(handicapBreakdown({ estimatedScore: null, rounds: half })).toMatchObject({ scaled: 0.5, handicap: 1 });
    const minusHalf = [35, 36, 35, 36, 35, 36, 35, 35].map((g, i) => round(i + 1, week(i), g));
    expect(handicapBreakdown({ estimatedScore: null, rounds: minusHalf })).toMatchObject({
      scaled: -0.5,
      handicap: -1,
    });
  });

  it('is empty without rounds or estimate', () => {
    expect(handicapBreakdown({ estimatedScore: null, rounds: [] })).toEqual({
      rounds: [],
      total: 0,
      average: null,
      percent: 80,
      scaled: null,
      handicap: null,
    });
  });

  it("always equals the last counting round's hcpIndexAfter and currentHandicap", () => {
    // A pseudo-random history: scores, pars, special events and an estimate.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let golfer = 0; golfer < 50; golfer++) {
      const estimatedScore = next() < 0.5 ? 30 + Math.floor(next() * 30) : null;
      const rounds = Array.from({ length: Math.floor(next() * 25) }, (_, i) =>
        round(i + 1, week(i), 30 + Math.floor(next() * 50), {
          par: 33 + Math.floor(next() * 5),
          counts: next() > 0.15,
        }),
      );
      const input = { estimatedScore, rounds };
      const computed = computeGolferRounds(input);
      const lastCounting = [...rounds].reverse().find((r) => r.counts);
      const expected = lastCounting
        ? computed.find((c) => c.id === lastCounting.id)!.hcpIndexAfter
        : currentHandicap({ estimatedScore, rounds: [] });
      expect(handicapBreakdown(input).handicap).toBe(expected);
      expect(currentHandicap(input)).toBe(expected);
    }
  });
});
