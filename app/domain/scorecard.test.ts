import { describe, expect, it } from 'vitest';
import {
  capStrokes,
  cappedMessage,
  cardLine,
  handicapStrokes,
  holesProblems,
  parOfHoles,
  runningTotalLabel,
  scorecardStatus,
  type HoleSpec,
} from './scorecard';

/** Stroke indexes of a real nine (hole 1 is the 5th hardest, …) and of an eighteen (odd on the front, even on the back). */
const NINE_SI = [5, 9, 1, 7, 3, 8, 2, 6, 4];
const EIGHTEEN_SI = [9, 15, 1, 13, 5, 17, 3, 11, 7, 10, 16, 2, 14, 6, 18, 4, 12, 8];

function holesOf(strokeIndexes: number[], par = 4): HoleSpec[] {
  return strokeIndexes.map((strokeIndex, i) => ({ number: i + 1, par, strokeIndex }));
}

describe('the double-par cap', () => {
  it('stores double par when more is entered, and says so', () => {
    expect(capStrokes(9, 4)).toEqual({ strokes: 8, capped: true });
    expect(capStrokes(20, 3)).toEqual({ strokes: 6, capped: true });
    expect(cappedMessage(8)).toBe('Capped at 8: double par');
  });

  it('keeps an entry of double par or less as entered', () => {
    expect(capStrokes(8, 4)).toEqual({ strokes: 8, capped: false });
    expect(capStrokes(1, 5)).toEqual({ strokes: 1, capped: false });
  });
});

describe('handicap strokes by stroke index', () => {
  for (const [label, strokeIndexes] of [
    ['9 holes', NINE_SI],
    ['18 holes', EIGHTEEN_SI],
  ] as const) {
    const n = strokeIndexes.length;
    it(`${label}: every handicap from 0 to 36 gives exactly its strokes, the hardest holes first`, () => {
      for (let handicap = 0; handicap <= 36; handicap++) {
        const given = handicapStrokes(handicap, strokeIndexes);
        expect(given.reduce((a, b) => a + b, 0)).toBe(handicap);
        // A harder hole (lower index) never gets fewer strokes than an easier one, and at most one more.
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            if (strokeIndexes[i] < strokeIndexes[j]) {
              expect(given[i] - given[j]).toBeGreaterThanOrEqual(0);
              expect(given[i] - given[j]).toBeLessThanOrEqual(1);
            }
          }
        }
      }
    });

    it(`${label}: plus handicaps give strokes back on the easiest holes first`, () => {
      for (let handicap = -1; handicap >= -n - 2; handicap--) {
        const given = handicapStrokes(handicap, strokeIndexes);
        expect(given.reduce((a, b) => a + b, 0)).toBe(handicap);
        const easiest = strokeIndexes.indexOf(n);
        expect(given[easiest]).toBeLessThan(0);
      }
    });
  }

  it('gives a 5 handicap one stroke on stroke indexes 1 to 5 of a nine', () => {
    expect(handicapStrokes(5, NINE_SI)).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 1]);
  });

  it('gives a 12 handicap two strokes on the three hardest holes of a nine, one on the rest', () => {
    expect(handicapStrokes(12, NINE_SI)).toEqual([1, 1, 2, 1, 2, 1, 2, 1, 1]);
  });

  it('takes a +2 handicap back on stroke indexes 9 and 8', () => {
    expect(handicapStrokes(-2, NINE_SI)).toEqual([0, -1, 0, 0, 0, -1, 0, 0, 0]);
  });

  it('gives an 18-hole card a 36 handicap two strokes on every hole, and a 20 handicap a third on the two hardest', () => {
    expect(handicapStrokes(36, EIGHTEEN_SI)).toEqual(EIGHTEEN_SI.map(() => 2));
    expect(handicapStrokes(20, EIGHTEEN_SI)).toEqual(EIGHTEEN_SI.map((si) => (si <= 2 ? 2 : 1)));
  });
});

describe('a card line', () => {
  const holes = holesOf(NINE_SI);

  it('runs gross, net and Thru over the holes entered so far', () => {
    // Handicap 5: strokes on holes 1, 3, 5, 7 and 9. Holes 1–3 played: 5 + 4 + 6 = 15, two strokes received.
    const line = cardLine(holes, [5, 4, 6, null, null, null, null, null, null], 5);
    expect(line).toEqual({ thru: 3, gross: 15, net: 13, toPar: 3, complete: false });
  });

  it('ends at gross − handicap, the net a round gets', () => {
    const line = cardLine(holes, [4, 4, 4, 4, 4, 4, 4, 4, 4], 7);
    expect(line).toEqual({ thru: 9, gross: 36, net: 29, toPar: 0, complete: true });
  });

  it('adds strokes back for a plus handicap and plays a golfer without a handicap off scratch', () => {
    expect(cardLine(holes, [4, 4, 4, 4, 4, 4, 4, 4, 4], -2).net).toBe(38);
    expect(cardLine(holes, [4, 5, null, null, null, null, null, null, null], null).net).toBe(9);
  });

  it('shows the one dash of an absent value (decision 142) for the totals before the first hole, and the totals from then on', () => {
    const empty = cardLine(holes, Array(9).fill(null), 5);
    expect([runningTotalLabel(empty.gross, empty.thru), runningTotalLabel(empty.net, empty.thru)]).toEqual(['—', '—']);
    const one = cardLine(holes, [5, null, null, null, null, null, null, null, null], 5);
    expect([runningTotalLabel(one.gross, one.thru), runningTotalLabel(one.net, one.thru)]).toEqual(['5', '4']);
  });
});

describe("a course's holes", () => {
  it('accepts 9 or 18 holes with stroke indexes 1 to n each once; the par is their sum', () => {
    expect(holesProblems(holesOf(NINE_SI))).toEqual({});
    expect(holesProblems(holesOf(EIGHTEEN_SI))).toEqual({});
    expect(parOfHoles(holesOf(NINE_SI, 4))).toBe(36);
  });

  it('refuses another number of holes, a repeated stroke index and a par out of range', () => {
    expect(holesProblems(holesOf([1, 2, 3]))).toEqual({ holes: ['A course has 9 or 18 holes'] });
    const repeated = holesOf([1, 1, 3, 4, 5, 6, 7, 8, 9]);
    expect(holesProblems(repeated)).toEqual({ hole2: ["Hole 2: stroke index 1 is already hole 1's"] });
    const badPar = holesOf(NINE_SI).map((h) => (h.number === 4 ? { ...h, par: 7 } : h));
    expect(holesProblems(badPar)).toEqual({ hole4: ['Hole 4: par must be a whole number from 3 to 6'] });
    const outOfRange = holesOf([1, 2, 3, 4, 5, 6, 7, 8, 10]);
    expect(holesProblems(outOfRange)).toEqual({ hole9: ['Hole 9: stroke index must be a whole number from 1 to 9'] });
  });
});

describe('a group on the game-night page', () => {
  it("names each state in the administrators' words", () => {
    expect(scorecardStatus(null, 0)).toBe('Not started');
    expect(scorecardStatus('open', 0)).toBe('Not started');
    expect(scorecardStatus('open', 4)).toBe('Thru 4');
    expect(scorecardStatus('submitted', 9)).toBe('Submitted');
    expect(scorecardStatus('attested', 9)).toBe('Attested');
  });
});
