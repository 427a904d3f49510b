/**
 * Handicap rules from docs/product/handicaps.md. Everything here is a pure function of one
 * golfer's rounds, so a model can recompute and store every round's columns after any change.
 */

import {
  DEFAULT_NINE_HOLE_PAR,
  HANDICAP_PERCENT,
  HANDICAP_ROUNDS_COUNTED,
  HISTORICAL_ROUNDS_FROM_ESTIMATE,
  MAX_SCORE_PAR_MULTIPLE,
} from './league-rules';

/** A course par above this must be an 18-hole par entered for the course. */
const MAX_NINE_HOLE_PAR = 45;

/**
 * Nine-hole par of a round. Courses are sometimes entered with their 18-hole par, so anything
 * above 45 is halved; a round without a course uses the league's default par.
 */
export function ninePar(coursePar: number | null | undefined, defaultPar: number): number {
  if (coursePar === null || coursePar === undefined) return defaultPar;
  return coursePar <= MAX_NINE_HOLE_PAR ? coursePar : Math.round(coursePar / 2);
}

/** "Maximum score is double par": a blow-up round counts as 2·par. */
export function differential(gross: number, par: number): number {
  return Math.min(gross, MAX_SCORE_PAR_MULTIPLE * par) - par;
}

/**
 * Rounds half away from zero, so a golfer 0.5 under par gets the same size of handicap as one
 * 0.5 over (Math.round would give -0.5 → 0 but 0.5 → 1). Working on the fraction 80·sum / 100·n
 * avoids floating-point noise such as 0.8 × 1.5 = 1.2000000000000002 deciding a tie.
 */
function roundRatioHalfAwayFromZero(numerator: number, denominator: number): number {
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return numerator < 0 ? -magnitude : magnitude;
}

/**
 * Handicap from the differentials that count (the caller passes the ≤10 most recent):
 * round(0.8 × mean), rounding half away from zero; null when there is no history.
 */
export function handicapFrom(differentials: readonly number[]): number | null {
  if (differentials.length === 0) return null;
  const sum = differentials.reduce((total, value) => total + value, 0);
  const result = roundRatioHalfAwayFromZero(HANDICAP_PERCENT * sum, 100 * differentials.length);
  // Avoid -0, which would print as "0" but compare oddly in tests and JSON.
  return result === 0 ? 0 : result;
}

export interface GolferRoundInput {
  id: number;
  /** Plain calendar date `yyyy-MM-dd`. */
  date: string;
  /** Tie-break for rounds on the same date (e.g. the round id, i.e. the order they were recorded). */
  createdOrder: number;
  grossScore: number;
  /** Nine-hole par already resolved with `ninePar`. */
  par: number;
  /** False for rounds on special-event dates: they count for neither handicap nor standings. */
  counts: boolean;
}

export interface GolferHandicapInput {
  rounds: readonly GolferRoundInput[];
  /** Estimated nine-hole score from the golfer's membership, if any. */
  estimatedScore: number | null;
}

export interface RoundHandicap {
  id: number;
  hcpIndexBefore: number | null;
  netScore: number;
  hcpIndexAfter: number | null;
}

function chronological(rounds: readonly GolferRoundInput[]): GolferRoundInput[] {
  return [...rounds].sort((a, b) => (a.date === b.date ? a.createdOrder - b.createdOrder : a.date < b.date ? -1 : 1));
}

/**
 * One entry of a golfer's handicap history: a counting round, or one of the entries the estimated score stands for
 * (docs/product/handicaps.md). The estimate's entries have no round and no date.
 */
interface HistoryEntry {
  roundId: number | null;
  date: string | null;
  grossScore: number;
  par: number;
  differential: number;
}

/** The estimate's entries sit before every real round, so they are the first to drop out. */
function estimateEntries(estimatedScore: number | null): HistoryEntry[] {
  if (estimatedScore === null) return [];
  return Array.from({ length: HISTORICAL_ROUNDS_FROM_ESTIMATE }, () => ({
    roundId: null,
    date: null,
    grossScore: estimatedScore,
    par: DEFAULT_NINE_HOLE_PAR,
    differential: differential(estimatedScore, DEFAULT_NINE_HOLE_PAR),
  }));
}

function estimateHistory(estimatedScore: number | null): number[] {
  return estimateEntries(estimatedScore).map((entry) => entry.differential);
}

function handicapOfHistory(history: readonly number[]): number | null {
  return handicapFrom(history.slice(-HANDICAP_ROUNDS_COUNTED));
}

/**
 * The computed columns of every round of one golfer, in chronological order (date, then
 * createdOrder). A non-counting round is scored with the handicap of the moment but leaves
 * the history untouched.
 */
export function computeGolferRounds(input: GolferHandicapInput): RoundHandicap[] {
  const history = estimateHistory(input.estimatedScore);
  return chronological(input.rounds).map((round) => {
    const hcpIndexBefore = handicapOfHistory(history);
    if (round.counts) history.push(differential(round.grossScore, round.par));
    const hcpIndexAfter = round.counts ? handicapOfHistory(history) : hcpIndexBefore;
    return {
      id: round.id,
      hcpIndexBefore,
      netScore: round.grossScore - (hcpIndexBefore ?? 0),
      hcpIndexAfter,
    };
  });
}

/** How a golfer's current handicap is computed, as the stats website shows it (docs/product/stats.md). */
export interface HandicapBreakdown {
  /** The entries that count, newest first: at most the 10 most recent. */
  rounds: HistoryEntry[];
  /** Sum of their differentials. */
  total: number;
  /** Mean of their differentials; null without history. */
  average: number | null;
  percent: number;
  /** percent × average before rounding; null without history. */
  scaled: number | null;
  /** The handicap: `scaled` rounded half away from zero (exactly what `handicapFrom` gives). */
  handicap: number | null;
}

/**
 * The golfer's current handicap with the entries it is computed from: the estimate's entries, then every counting
 * round in chronological order, of which the last 10 count.
 */
export function handicapBreakdown(input: GolferHandicapInput): HandicapBreakdown {
  const history = [
    ...estimateEntries(input.estimatedScore),
    ...chronological(input.rounds)
      .filter((round) => round.counts)
      .map((round) => ({
        roundId: round.id,
        date: round.date,
        grossScore: round.grossScore,
        par: round.par,
        differential: differential(round.grossScore, round.par),
      })),
  ];
  const counted = history.slice(-HANDICAP_ROUNDS_COUNTED);
  const differentials = counted.map((entry) => entry.differential);
  const total = differentials.reduce((sum, value) => sum + value, 0);
  const n = counted.length;
  return {
    rounds: counted.reverse(),
    total,
    average: n === 0 ? null : total / n,
    percent: HANDICAP_PERCENT,
    scaled: n === 0 ? null : (HANDICAP_PERCENT * total) / (100 * n),
    handicap: handicapFrom(differentials),
  };
}

/** The golfer's handicap after all their rounds (or from the estimate alone); null with neither. */
export function currentHandicap(input: GolferHandicapInput): number | null {
  return handicapBreakdown(input).handicap;
}
