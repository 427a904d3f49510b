import { describe, expect, it } from 'vitest';
import { flightSkins, holeStats, skinsWon, type SkinsCard, type SkinsHole } from './skins';

/** Nine holes, par 4 each, stroke indexes in a shuffled order: hole 3 is the hardest, hole 8 the easiest. */
const NINE: SkinsHole[] = [5, 7, 1, 3, 6, 2, 4, 9, 8].map((strokeIndex, i) => ({
  number: i + 1,
  par: 4,
  strokeIndex,
}));

/** A card from the strokes of holes 1..n in order (undefined: not played). */
function card(golferId: number, strokes: (number | undefined)[], handicap: number | null = 0, attested = true) {
  const holes: Record<number, number> = {};
  strokes.forEach((s, i) => {
    if (s !== undefined) holes[i + 1] = s;
  });
  return { golferId, handicap, attested, strokes: holes } satisfies SkinsCard;
}

const ON = { skins: true, skinsCarryOver: false };
const CARRY = { skins: true, skinsCarryOver: true };

describe('gross skins', () => {
  it('gives a skin for each hole won outright and none for a tied hole', () => {
    const result = flightSkins(
      NINE,
      [
        card(1, [4, 4, 5, 4, 3, 4, 4, 4, 4]),
        card(2, [5, 4, 4, 4, 4, 4, 4, 4, 5]),
        card(3, [5, 4, 5, 4, 4, 4, 4, 4, 5]),
      ],
      ON,
    )!;
    expect(result.gross.skins).toEqual([
      { hole: 1, golferId: 1, strokes: 4, value: 1, carried: [] },
      { hole: 3, golferId: 2, strokes: 4, value: 1, carried: [] },
      { hole: 5, golferId: 1, strokes: 3, value: 1, carried: [] },
      { hole: 9, golferId: 1, strokes: 4, value: 1, carried: [] },
    ]);
    expect(result.gross.tied).toEqual([2, 4, 6, 7, 8]);
    expect(result.gross.unclaimed).toEqual([]);
    expect(skinsWon(result.gross)).toEqual([
      { golferId: 1, skins: 3, holes: [1, 5, 9] },
      { golferId: 2, skins: 1, holes: [3] },
    ]);
  });

  it('with carry-over, gives the tied holes to the next hole won outright and reports the skins left at the end', () => {
    const result = flightSkins(
      NINE,
      [card(1, [4, 4, 4, 3, 4, 4, 4, 4, 4]), card(2, [4, 4, 5, 4, 4, 3, 4, 4, 4])],
      CARRY,
    )!;
    expect(result.gross.skins).toEqual([
      { hole: 3, golferId: 1, strokes: 4, value: 3, carried: [1, 2] },
      { hole: 4, golferId: 1, strokes: 3, value: 1, carried: [] },
      { hole: 6, golferId: 2, strokes: 3, value: 2, carried: [5] },
    ]);
    expect(result.gross.tied).toEqual([1, 2, 5, 7, 8, 9]);
    expect(result.gross.unclaimed).toEqual([7, 8, 9]);
    expect(skinsWon(result.gross)).toEqual([
      { golferId: 1, skins: 4, holes: [3, 4] },
      { golferId: 2, skins: 2, holes: [6] },
    ]);
  });

  it('without carry-over the same night has single skins and nothing unclaimed', () => {
    const result = flightSkins(NINE, [card(1, [4, 4, 4, 3, 4, 4, 4, 4, 4]), card(2, [4, 4, 5, 4, 4, 3, 4, 4, 4])], ON)!;
    expect(result.gross.skins.map((s) => [s.hole, s.value])).toEqual([
      [3, 1],
      [4, 1],
      [6, 1],
    ]);
    expect(result.gross.unclaimed).toEqual([]);
  });

  it('counts only attested cards, and a hole needs two golfers with a score on it', () => {
    const result = flightSkins(
      NINE,
      [
        card(1, [4, 4, 4, 4, 4, 4, 4, 4, undefined]),
        card(2, [5, 5, 5, 5, 5, 5, 5, 5, 3]),
        // Not attested: its birdies win nothing.
        card(3, [3, 3, 3, 3, 3, 3, 3, 3, 3], 0, false),
      ],
      ON,
    )!;
    expect(result.gross.skins.map((s) => [s.hole, s.golferId])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((hole) => [hole, 1]),
    );
    expect(result.gross.tied).toEqual([]);
  });

  it("is null when 'Skins' is off or the night has no attested hole scores", () => {
    const cards = [card(1, [4, 4, 4, 4, 4, 4, 4, 4, 4]), card(2, [5, 5, 5, 5, 5, 5, 5, 5, 5])];
    expect(flightSkins(NINE, cards, { skins: false, skinsCarryOver: true })).toBeNull();
    expect(flightSkins(NINE, [], ON)).toBeNull();
    expect(flightSkins(NINE, [card(1, []), card(2, [4], 0, false)], ON)).toBeNull();
  });
});

describe('net skins', () => {
  it('takes handicap strokes off the hardest holes by stroke index (nine holes)', () => {
    // Golfer 2 gets 3 strokes: on holes 3 (index 1), 6 (index 2) and 4 (index 3).
    const result = flightSkins(
      NINE,
      [card(1, [4, 4, 4, 4, 4, 4, 4, 4, 4], 0), card(2, [5, 5, 4, 5, 4, 5, 4, 4, 4], 3)],
      ON,
    )!;
    // Gross: golfer 1 wins the holes where golfer 2 took 5; the rest are tied.
    expect(result.gross.skins.map((s) => [s.hole, s.golferId])).toEqual([
      [1, 1],
      [2, 1],
      [4, 1],
      [6, 1],
    ]);
    // Net: golfer 2's 4 on hole 3 is a net 3; the 5s on holes 4 and 6 are net 4s (tied); 1 and 2 stay golfer 1's.
    expect(result.net.skins).toEqual([
      { hole: 1, golferId: 1, strokes: 4, value: 1, carried: [] },
      { hole: 2, golferId: 1, strokes: 4, value: 1, carried: [] },
      { hole: 3, golferId: 2, strokes: 3, value: 1, carried: [] },
    ]);
    expect(result.net.tied).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('goes round again above the number of holes, gives strokes back for a plus handicap, and treats no handicap as 0', () => {
    const even = [4, 4, 4, 4, 4, 4, 4, 4, 4];
    // 10 strokes on nine holes: one on every hole and a second on hole 3 (index 1). A +1 (handicap -1) gives one back
    // on hole 8 (index 9, the easiest). No handicap yet: net is gross.
    const result = flightSkins(NINE, [card(1, even, 10), card(2, even, -1), card(3, even, null)], ON)!;
    expect(result.net.skins.map((s) => [s.hole, s.golferId, s.strokes])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((hole) => [hole, 1, hole === 3 ? 2 : 3]),
    );
    const plus = flightSkins(NINE, [card(2, even, -1), card(3, even, null)], ON)!;
    expect(plus.net.skins).toEqual([{ hole: 8, golferId: 3, strokes: 4, value: 1, carried: [] }]);
  });

  it('on eighteen holes allocates by the eighteen stroke indexes, with carry-over', () => {
    // Stroke index: odd indexes on the front nine, even on the back (hole 1 index 1, hole 10 index 2, …).
    const EIGHTEEN: SkinsHole[] = Array.from({ length: 18 }, (_, i) => ({
      number: i + 1,
      par: 4,
      strokeIndex: i < 9 ? 2 * i + 1 : 2 * (i - 9) + 2,
    }));
    const fours = Array<number>(18).fill(4);
    const fives = Array<number>(18).fill(5);
    // A 2 handicap gets strokes on holes 1 (index 1) and 10 (index 2) only: net 4 there, net 5 elsewhere.
    // Golfer 1 (scratch) shoots 4s: wins every hole but ties holes 1 and 10, whose skins carry to holes 2 and 11.
    const result = flightSkins(EIGHTEEN, [card(1, fours, 0), card(2, fives, 2)], CARRY)!;
    expect(result.gross.skins).toHaveLength(18);
    expect(result.net.tied).toEqual([1, 10]);
    expect(result.net.skins.find((s) => s.hole === 2)).toEqual({
      hole: 2,
      golferId: 1,
      strokes: 4,
      value: 2,
      carried: [1],
    });
    expect(result.net.skins.find((s) => s.hole === 11)?.carried).toEqual([10]);
    expect(skinsWon(result.net)).toEqual([
      { golferId: 1, skins: 18, holes: EIGHTEEN.map((h) => h.number).filter((n) => n !== 1 && n !== 10) },
    ]);
    // An 18 handicap on 18 holes is a stroke a hole: all tied, and every skin left unclaimed at the end.
    const level = flightSkins(EIGHTEEN, [card(1, fours, 0), card(2, fives, 18)], CARRY)!;
    expect(level.net.skins).toEqual([]);
    expect(level.net.unclaimed).toEqual(EIGHTEEN.map((h) => h.number));
  });
});

describe('hole stats', () => {
  it('counts eagles or better, birdies, pars, bogeys and double or worse, and averages each hole against par', () => {
    const stats = holeStats([
      { number: 1, par: 4, strokes: 2 },
      { number: 1, par: 4, strokes: 5 },
      { number: 2, par: 3, strokes: 2 },
      { number: 2, par: 3, strokes: 3 },
      { number: 2, par: 3, strokes: 3 },
      { number: 3, par: 5, strokes: 8 },
      { number: 3, par: 5, strokes: 7 },
      { number: 4, par: 5, strokes: 2 },
    ])!;
    expect(stats.counts).toEqual({ eaglesOrBetter: 2, birdies: 1, pars: 2, bogeys: 1, doubleOrWorse: 2 });
    expect(stats.holes).toEqual([
      { number: 1, played: 2, average: 3.5, toPar: -0.5 },
      { number: 2, played: 3, average: 2.7, toPar: -0.3 },
      { number: 3, played: 2, average: 7.5, toPar: 2.5 },
      { number: 4, played: 1, average: 2, toPar: -3 },
    ]);
  });

  it('is null for a golfer without hole scores', () => {
    expect(holeStats([])).toBeNull();
  });
});
