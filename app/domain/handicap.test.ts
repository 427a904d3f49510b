import { describe, expect, it } from 'vitest';
import {
  computeGolferRounds,
  currentHandicap,
  differential,
  handicapFrom,
  ninePar,
  type GolferRoundInput,
} from './handicap';

function round(id: number, date: string, grossScore: number, extra: Partial<GolferRoundInput> = {}): GolferRoundInput {
  return { id, date, createdOrder: id, grossScore, par: 36, counts: true, ...extra };
}

describe('ninePar', () => {
  it("uses a nine-hole course's par as it is", () => {
    expect(ninePar(36, 36)).toBe(36);
    expect(ninePar(35, 36)).toBe(35);
    expect(ninePar(45, 36)).toBe(45);
  });

  it('halves an 18-hole par entered for the course', () => {
    expect(ninePar(72, 36)).toBe(36);
    expect(ninePar(70, 36)).toBe(35);
    expect(ninePar(71, 36)).toBe(36);
    expect(ninePar(46, 36)).toBe(23);
  });

  it('falls back to the default par when the round has no course', () => {
    expect(ninePar(null, 36)).toBe(36);
    expect(ninePar(undefined, 34)).toBe(34);
  });
});

describe('differential', () => {
  it('is gross minus par', () => {
    expect(differential(40, 36)).toBe(4);
    expect(differential(33, 36)).toBe(-3);
  });

  it('caps the score at double par', () => {
    expect(differential(72, 36)).toBe(36);
    expect(differential(80, 36)).toBe(36);
    expect(differential(80, 35)).toBe(35);
  });
});

describe('handicapFrom', () => {
  it('is null without history', () => {
    expect(handicapFrom([])).toBeNull();
  });

  it('is 80% of the mean differential, rounded', () => {
    expect(handicapFrom([4])).toBe(3); // 3.2
    expect(handicapFrom([4, 6])).toBe(4); // 4.0
    expect(handicapFrom([1, 2])).toBe(1); // 1.2
    expect(handicapFrom([9, 9, 9])).toBe(7); // 7.2
    expect(handicapFrom([3, 3])).toBe(2); // 2.4
    expect(handicapFrom([4, 3])).toBe(3); // 2.8
  });

  it('rounds halves away from zero on both sides of par', () => {
    // mean 5/8 = 0.625, × 0.8 = 0.5
    expect(handicapFrom([1, 1, 1, 1, 1, 0, 0, 0])).toBe(1);
    expect(handicapFrom([-1, -1, -1, -1, -1, 0, 0, 0])).toBe(-1);
    // mean 25/8, × 0.8 = 2.5
    expect(handicapFrom([4, 4, 4, 4, 4, 4, 1, 0])).toBe(3);
    expect(handicapFrom([-4, -4, -4, -4, -4, -4, -1, 0])).toBe(-3);
    // mean 15/8, × 0.8 = 1.5
    expect(handicapFrom([2, 2, 2, 2, 2, 2, 2, 1])).toBe(2);
  });

  it('never answers negative zero', () => {
    expect(Object.is(handicapFrom([-1, 0, 0]), 0)).toBe(true); // -0.27
  });
});

describe('computeGolferRounds', () => {
  it('scores a first round with no history at gross and no handicap before it', () => {
    expect(computeGolferRounds({ rounds: [round(1, '2025-05-19', 40)], estimatedScore: null })).toEqual([
      { id: 1, hcpIndexBefore: null, netScore: 40, hcpIndexAfter: 3 },
    ]);
  });

  it('builds the handicap over fewer than 10 rounds', () => {
    const result = computeGolferRounds({
      rounds: [round(1, '2025-05-19', 40), round(2, '2025-06-02', 42), round(3, '2025-06-09', 38)],
      estimatedScore: null,
    });
    expect(result).toEqual([
      { id: 1, hcpIndexBefore: null, netScore: 40, hcpIndexAfter: 3 }, // diffs [4] → 3.2
      { id: 2, hcpIndexBefore: 3, netScore: 39, hcpIndexAfter: 4 }, // [4, 6] → 4.0
      { id: 3, hcpIndexBefore: 4, netScore: 34, hcpIndexAfter: 3 }, // [4, 6, 2] → 3.2
    ]);
  });

  it('orders rounds by date, then by the order they were recorded', () => {
    const result = computeGolferRounds({
      rounds: [round(5, '2025-06-02', 46), round(9, '2025-05-19', 41), round(3, '2025-06-02', 36)],
      estimatedScore: null,
    });
    expect(result).toEqual([
      { id: 9, hcpIndexBefore: null, netScore: 41, hcpIndexAfter: 4 }, // [5] → 4.0
      { id: 3, hcpIndexBefore: 4, netScore: 32, hcpIndexAfter: 2 }, // [5, 0] → 2.0
      { id: 5, hcpIndexBefore: 2, netScore: 44, hcpIndexAfter: 4 }, // [5, 0, 10] → 4.0
    ]);
  });

  it('starts a new golfer from three entries of their estimated score at par 36', () => {
    const result = computeGolferRounds({ rounds: [round(1, '2025-05-19', 36)], estimatedScore: 45 });
    // before: [9, 9, 9] → 7.2; after: [9, 9, 9, 0] → 5.4
    expect(result).toEqual([{ id: 1, hcpIndexBefore: 7, netScore: 29, hcpIndexAfter: 5 }]);
  });

  it('drops the estimate entries as real rounds push them past 10', () => {
    const real = Array.from({ length: 10 }, (_, index) =>
      round(index + 1, `2025-06-${String(index + 1).padStart(2, '0')}`, 36),
    );
    const result = computeGolferRounds({ rounds: real, estimatedScore: 45 });
    // Before round 7: 3 × 9 + 6 × 0 → mean 3 → 2.4 → 2
    // After 7 real rounds: 3 × 9 + 7 × 0 → mean 2.7 → 2.16 → 2
    expect(result[6]).toEqual({ id: 7, hcpIndexBefore: 2, netScore: 34, hcpIndexAfter: 2 });
    // After 8 real rounds, only 2 estimate entries remain: mean 1.8 → 1.44 → 1
    expect(result[7]).toEqual({ id: 8, hcpIndexBefore: 2, netScore: 34, hcpIndexAfter: 1 });
    // After 9: one estimate entry left, mean 0.9 → 0.72 → 1
    expect(result[8]).toEqual({ id: 9, hcpIndexBefore: 1, netScore: 35, hcpIndexAfter: 1 });
    // After 10 real rounds the estimate no longer counts at all.
    expect(result[9]).toEqual({ id: 10, hcpIndexBefore: 1, netScore: 35, hcpIndexAfter: 0 });
    expect(currentHandicap({ rounds: real, estimatedScore: 45 })).toBe(0);
    expect(currentHandicap({ rounds: real.slice(0, 8), estimatedScore: 45 })).toBe(1);
  });

  it('uses only the 10 most recent real rounds', () => {
    const twelve = Array.from({ length: 12 }, (_, index) =>
      round(index + 1, `2025-07-${String(index + 1).padStart(2, '0')}`, index < 2 ? 56 : 36),
    );
    const result = computeGolferRounds({ rounds: twelve, estimatedScore: null });
    // Round 11's window is rounds 2–11: [20, 0 × 9] → mean 2 → 1.6 → 2
    expect(result[10]).toMatchObject({ id: 11, hcpIndexAfter: 2 });
    // Round 12's window is rounds 3–12, all par.
    expect(result[11]).toEqual({ id: 12, hcpIndexBefore: 2, netScore: 34, hcpIndexAfter: 0 });
  });

  it('scores a special-event round without adding it to the history', () => {
    const input = {
      rounds: [round(1, '2025-05-19', 40), round(2, '2025-05-26', 60, { counts: false }), round(3, '2025-06-02', 38)],
      estimatedScore: null,
    };
    expect(computeGolferRounds(input)).toEqual([
      { id: 1, hcpIndexBefore: null, netScore: 40, hcpIndexAfter: 3 }, // [4]
      { id: 2, hcpIndexBefore: 3, netScore: 57, hcpIndexAfter: 3 }, // unchanged
      { id: 3, hcpIndexBefore: 3, netScore: 35, hcpIndexAfter: 2 }, // [4, 2] → 2.4
    ]);
    expect(currentHandicap(input)).toBe(2);
  });

  it('leaves a special-event round with no history unhandicapped', () => {
    expect(
      computeGolferRounds({ rounds: [round(1, '2025-05-05', 50, { counts: false })], estimatedScore: null }),
    ).toEqual([{ id: 1, hcpIndexBefore: null, netScore: 50, hcpIndexAfter: null }]);
  });

  it('uses the nine-hole par of an 18-hole course', () => {
    const result = computeGolferRounds({
      rounds: [round(1, '2025-05-19', 45, { par: ninePar(72, 36) })],
      estimatedScore: null,
    });
    expect(result).toEqual([{ id: 1, hcpIndexBefore: null, netScore: 45, hcpIndexAfter: 7 }]); // [9] → 7.2
  });

  it('caps a blow-up round at double par in the handicap, not in the net score', () => {
    const result = computeGolferRounds({
      rounds: [round(1, '2025-05-19', 40), round(2, '2025-05-26', 90)],
      estimatedScore: null,
    });
    // [4, 36] → mean 20 → 16; uncapped it would be [4, 54] → 23.2
    expect(result[1]).toEqual({ id: 2, hcpIndexBefore: 3, netScore: 87, hcpIndexAfter: 16 });
  });
});

describe('a worked example mixing every rule', () => {
  it('combines the estimate, a special event, an 18-hole course, the double-par cap and a same-date tie', () => {
    const result = computeGolferRounds({
      estimatedScore: 40, // three entries of +4
      rounds: [
        round(7, '2025-06-02', 38), // recorded after round 5 on the same date
        round(1, '2025-05-05', 50, { counts: false }), // practice round
        round(3, '2025-05-19', 45, { par: ninePar(70, 36) }), // 18-hole par 70 → 35
        round(5, '2025-06-02', 80), // capped at 72 → +36
      ],
    });
    expect(result).toEqual([
      { id: 1, hcpIndexBefore: 3, netScore: 47, hcpIndexAfter: 3 }, // [4, 4, 4] → 3.2; the practice round adds nothing
      { id: 3, hcpIndexBefore: 3, netScore: 42, hcpIndexAfter: 4 }, // [4, 4, 4, 10] → 4.4
      { id: 5, hcpIndexBefore: 4, netScore: 76, hcpIndexAfter: 9 }, // [4, 4, 4, 10, 36] → 9.28
      { id: 7, hcpIndexBefore: 9, netScore: 29, hcpIndexAfter: 8 }, // [4, 4, 4, 10, 36, 2] → 8.0
    ]);
  });

  it('keeps only the 10 most recent when estimate and real rounds together exceed 10', () => {
    // 3 estimate entries of +9 and 8 real rounds at +1: the window drops the oldest estimate entry.
    const rounds = Array.from({ length: 8 }, (_, index) =>
      round(index + 1, `2025-08-${String(index + 1).padStart(2, '0')}`, 37),
    );
    expect(currentHandicap({ rounds, estimatedScore: 45 })).toBe(2); // [9, 9, 1 × 8] → 26 / 10 → 2.08
  });
});

describe('currentHandicap', () => {
  it('is null with no rounds and no estimate', () => {
    expect(currentHandicap({ rounds: [], estimatedScore: null })).toBeNull();
  });

  it('comes from the estimate alone before any round', () => {
    expect(currentHandicap({ rounds: [], estimatedScore: 40 })).toBe(3); // [4, 4, 4] → 3.2
  });

  it('is null when the only rounds are special events', () => {
    expect(
      currentHandicap({ rounds: [round(1, '2025-05-05', 44, { counts: false })], estimatedScore: null }),
    ).toBeNull();
  });

  it("matches the last round's handicap after, whatever order the rounds come in", () => {
    const input = {
      rounds: [round(4, '2025-06-09', 39), round(2, '2025-05-19', 47), round(3, '2025-06-02', 35)],
      estimatedScore: 42,
    };
    const computed = computeGolferRounds(input);
    expect(currentHandicap(input)).toBe(computed[computed.length - 1]?.hcpIndexAfter);
    // [6, 6, 6, 11, -1, 3] → mean 31/6 → 4.13 → 4
    expect(currentHandicap(input)).toBe(4);
  });
});
