/**
 * Scorecard rules (docs/product/scorecards.md, SPEC-3 §D1–§D2): a course's holes, the double-par cap on a hole,
 * handicap strokes given on the hardest holes by stroke index, and a card's running totals. Pure functions.
 */
import { MAX_SCORE_PAR_MULTIPLE } from './league-rules';
import { ABSENT } from './format';

/** A course has 9 or 18 holes. */
const HOLE_COUNTS = [9, 18] as const;
export const HOLE_PAR_MIN = 3;
export const HOLE_PAR_MAX = 6;
/** Strokes a golfer may enter on one hole. */
export const HOLE_STROKES_MIN = 1;
export const HOLE_STROKES_MAX = 20;

export type HoleSpec = { number: number; par: number; strokeIndex: number };

/** The most a hole counts: 'Maximum score is double par'. */
function holeCap(par: number): number {
  return MAX_SCORE_PAR_MULTIPLE * par;
}

export function cappedMessage(cap: number): string {
  return `Capped at ${cap}: double par`;
}

/** The strokes stored for an entry: at most double par, and whether the entry was cut to that. */
export function capStrokes(entered: number, par: number): { strokes: number; capped: boolean } {
  const cap = holeCap(par);
  return entered > cap ? { strokes: cap, capped: true } : { strokes: entered, capped: false };
}

/**
 * What is wrong with a course's holes, per field (`holes` for the set, `hole{n}` for one hole); empty when they are
 * 9 or 18 holes numbered 1 to n, each par from 3 to 6, and stroke indexes 1 to n each used once.
 */
export function holesProblems(holes: readonly HoleSpec[]): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const n = holes.length;
  if (!(HOLE_COUNTS as readonly number[]).includes(n)) {
    problems.holes = ['A course has 9 or 18 holes'];
    return problems;
  }
  const numbers = holes.map((h) => h.number).sort((a, b) => a - b);
  if (numbers.some((number, i) => number !== i + 1)) problems.holes = [`Holes are numbered 1 to ${n}, each once`];
  const seen = new Map<number, number>();
  for (const hole of holes) {
    const messages: string[] = [];
    if (!Number.isInteger(hole.par) || hole.par < HOLE_PAR_MIN || hole.par > HOLE_PAR_MAX)
      messages.push(`Hole ${hole.number}: par must be a whole number from ${HOLE_PAR_MIN} to ${HOLE_PAR_MAX}`);
    if (!Number.isInteger(hole.strokeIndex) || hole.strokeIndex < 1 || hole.strokeIndex > n)
      messages.push(`Hole ${hole.number}: stroke index must be a whole number from 1 to ${n}`);
    else if (seen.has(hole.strokeIndex))
      messages.push(
        `Hole ${hole.number}: stroke index ${hole.strokeIndex} is already hole ${seen.get(hole.strokeIndex)}'s`,
      );
    else seen.set(hole.strokeIndex, hole.number);
    if (messages.length > 0) problems[`hole${hole.number}`] = messages;
  }
  return problems;
}

/**
 * A course's holes in one cell of the course import and export: 'par/stroke index' of each hole in order, separated
 * by spaces ('4/5 3/9 5/1 …'); '' for a course without holes.
 */
export function holesToText(holes: readonly HoleSpec[]): string {
  return [...holes]
    .sort((a, b) => a.number - b.number)
    .map((h) => `${h.par}/${h.strokeIndex}`)
    .join(' ');
}

/** The holes a cell spells, numbered from 1; null when it is not 'par/stroke index' pairs. */
export function holesFromText(text: string): HoleSpec[] | null {
  const pairs = text.trim().split(/\s+/);
  const holes: HoleSpec[] = [];
  for (const [i, pair] of pairs.entries()) {
    const match = /^(\d{1,2})\/(\d{1,2})$/.exec(pair);
    if (!match) return null;
    holes.push({ number: i + 1, par: Number(match[1]), strokeIndex: Number(match[2]) });
  }
  return holes;
}

/** The course par is the sum of its holes' pars. */
export function parOfHoles(holes: readonly { par: number }[]): number {
  return holes.reduce((sum, hole) => sum + hole.par, 0);
}

/**
 * The league's one stroke allocation: handicap strokes on each hole, in the order of `strokeIndexes` (the holes'
 * stroke indexes). A handicap of h over n holes gives every hole floor(h / n) strokes and one more to the h mod n
 * hardest holes (lowest stroke index first, so 18-hole indexes on a nine still decide by their order). A plus
 * handicap (below 0) gives strokes back, starting on the easiest hole. The strokes always add up to the handicap, so
 * a card's net is the round's net (gross − handicap). The card, the live leaderboard, net skins and the playoffs'
 * card-off all use it.
 */
export function handicapStrokes(handicap: number, strokeIndexes: readonly number[]): number[] {
  const n = strokeIndexes.length;
  if (n === 0) return [];
  const size = Math.abs(handicap);
  const sign = handicap < 0 ? -1 : 1;
  // Each hole's rank in the order strokes are given: hardest first, or easiest first for a plus handicap.
  const order = strokeIndexes
    .map((index, position) => ({ index, position }))
    .sort((a, b) => sign * (a.index - b.index) || a.position - b.position);
  const rank = new Map(order.map((hole, i) => [hole.position, i]));
  return strokeIndexes.map(
    (_, position) => sign * (Math.floor(size / n) + (rank.get(position)! < size % n ? 1 : 0)) || 0,
  );
}

export type CardLine = {
  /** Holes with strokes entered. */
  thru: number;
  gross: number;
  /** Gross less the handicap strokes of the holes played; the round's net once every hole is in. */
  net: number;
  /** Strokes against the par of the holes played (+3, −1). */
  toPar: number;
  complete: boolean;
};

/**
 * One golfer's running totals on a card: `strokes[i]` is hole `holes[i]`'s stored (capped) strokes, null when empty;
 * `handicap` null counts as 0 (a golfer without history plays off scratch, as a round without one is netted).
 */
export function cardLine(
  holes: readonly HoleSpec[],
  strokes: readonly (number | null)[],
  handicap: number | null,
): CardLine {
  const given = handicapStrokes(
    handicap ?? 0,
    holes.map((h) => h.strokeIndex),
  );
  let thru = 0;
  let gross = 0;
  let received = 0;
  let par = 0;
  holes.forEach((hole, i) => {
    const value = strokes[i];
    if (value === null || value === undefined) return;
    thru += 1;
    gross += value;
    received += given[i];
    par += hole.par;
  });
  return { thru, gross, net: gross - received, toPar: gross - par, complete: thru === holes.length };
}

export function thruLabel(thru: number): string {
  return `Thru ${thru}`;
}

/** A running gross or net as a card shows it: ABSENT before the golfer's first hole, not a total of 0. */
export function runningTotalLabel(total: number, thru: number): string {
  return thru === 0 ? ABSENT : String(total);
}

/** A card's state: open, submitted ('Submit card'), attested ('Attest' or an administrator's 'Confirm'). */
export type ScorecardState = 'open' | 'submitted' | 'attested';

/** A group's card as the administrators' game-night page names it (SPEC-3 §D3). */
export function scorecardStatus(state: ScorecardState | null, thru: number): string {
  if (state === 'attested') return 'Attested';
  if (state === 'submitted') return 'Submitted';
  if (state === null || thru === 0) return 'Not started';
  return `Thru ${thru}`;
}
