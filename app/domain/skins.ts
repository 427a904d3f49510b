/**
 * Skins and hole stats (docs/decisions/124-live-results-and-skins.md). Pure: the caller gives a night's
 * holes and the flight's scorecards; nothing here reads the database.
 *
 * A skin is a hole won outright: the lowest strokes on it, alone. Gross and net are worked out separately; net
 * takes each golfer's handicap strokes off the hardest holes by stroke index (`handicapStrokes`, app/domain/scorecard.ts, the
 * league's one stroke allocation). With 'Skins carry over' a tied hole's skin goes to the next hole won outright; without it
 * a tied hole's skin is not won. Skins still carried at the end of the round are reported, never dropped silently.
 */
import { handicapStrokes } from './scorecard';

/** One hole of the course played that night. */
export type SkinsHole = { number: number; par: number; strokeIndex: number };

/** One golfer's scorecard of the night: hole number → gross strokes (a hole not played is absent). */
export type SkinsCard = {
  golferId: number;
  /** The handicap the night's net is worked with (strokes over the holes played); null: none yet, so net = gross. */
  handicap: number | null;
  /** Only attested cards count (D2: submitted, then attested by another player or confirmed by an administrator). */
  attested: boolean;
  strokes: Readonly<Record<number, number>>;
};

type Skin = {
  hole: number;
  golferId: number;
  /** The winning score on the hole (net strokes for a net skin). */
  strokes: number;
  /** Skins this hole is worth: 1, plus the tied holes carried into it. */
  value: number;
  /** The tied holes whose skins this win collected (carry-over only), in order. */
  carried: number[];
};

export type SkinsOutcome = {
  skins: Skin[];
  /** Holes tied at the lowest score: no skin (without carry-over), or carried (with it). */
  tied: number[];
  /** With carry-over: the tied holes whose skins no later hole collected, left unclaimed at the end of the round. */
  unclaimed: number[];
};

export type NightSkins = { gross: SkinsOutcome; net: SkinsOutcome };

export type SkinsSettings = { skins: boolean; skinsCarryOver: boolean };

/** A hole is contested when at least this many golfers have a score on it: one golfer alone wins nothing. */
const CONTESTANTS = 2;

/**
 * A flight's gross and net skins for one night, or null when 'Skins' is off or no attested card has a hole score
 * (the page then shows nothing, not an empty table).
 */
export function flightSkins(
  holes: readonly SkinsHole[],
  cards: readonly SkinsCard[],
  settings: SkinsSettings,
): NightSkins | null {
  if (!settings.skins) return null;
  const counted = cards.filter((card) => card.attested && Object.keys(card.strokes).length > 0);
  if (counted.length === 0) return null;
  const ordered = [...holes].sort((a, b) => a.number - b.number);
  const indexes = ordered.map((hole) => hole.strokeIndex);
  const netOf = new Map(
    counted.map((card) => {
      const given = handicapStrokes(card.handicap ?? 0, indexes);
      const net: Record<number, number> = {};
      ordered.forEach((hole, i) => {
        const gross = card.strokes[hole.number];
        if (gross !== undefined) net[hole.number] = gross - given[i];
      });
      return [card.golferId, net] as const;
    }),
  );
  return {
    gross: skinsOf(
      ordered,
      counted.map((card) => ({ golferId: card.golferId, strokes: card.strokes })),
      settings.skinsCarryOver,
    ),
    net: skinsOf(
      ordered,
      counted.map((card) => ({ golferId: card.golferId, strokes: netOf.get(card.golferId)! })),
      settings.skinsCarryOver,
    ),
  };
}

function skinsOf(
  holes: readonly SkinsHole[],
  cards: readonly { golferId: number; strokes: Readonly<Record<number, number>> }[],
  carryOver: boolean,
): SkinsOutcome {
  const skins: Skin[] = [];
  const tied: number[] = [];
  let carried: number[] = [];
  for (const hole of holes) {
    const scores = cards
      .filter((card) => card.strokes[hole.number] !== undefined)
      .map((card) => ({ golferId: card.golferId, strokes: card.strokes[hole.number] }));
    if (scores.length < CONTESTANTS) continue;
    const low = Math.min(...scores.map((s) => s.strokes));
    const winners = scores.filter((s) => s.strokes === low);
    if (winners.length > 1) {
      tied.push(hole.number);
      if (carryOver) carried.push(hole.number);
      continue;
    }
    skins.push({ hole: hole.number, golferId: winners[0].golferId, strokes: low, value: 1 + carried.length, carried });
    carried = [];
  }
  return { skins, tied, unclaimed: carried };
}

/** Skins won per golfer (the sum of their skins' values), most first: the results page's and the API's summary. */
export function skinsWon(outcome: SkinsOutcome): { golferId: number; skins: number; holes: number[] }[] {
  const byGolfer = new Map<number, { golferId: number; skins: number; holes: number[] }>();
  for (const skin of outcome.skins) {
    const entry = byGolfer.get(skin.golferId) ?? { golferId: skin.golferId, skins: 0, holes: [] };
    entry.skins += skin.value;
    entry.holes.push(skin.hole);
    byGolfer.set(skin.golferId, entry);
  }
  return [...byGolfer.values()].sort((a, b) => b.skins - a.skins || a.golferId - b.golferId);
}

// ---------------------------------------------------------------------------------------------------------------
// A golfer's hole stats

/** One hole a golfer played: its number and par, and the golfer's gross strokes on it. */
export type PlayedHole = { number: number; par: number; strokes: number };

type ScoreCounts = {
  eaglesOrBetter: number;
  birdies: number;
  pars: number;
  bogeys: number;
  doubleOrWorse: number;
};

type HoleAverage = {
  number: number;
  /** How many times the golfer played this hole number. */
  played: number;
  /** Average gross strokes, and average strokes against par (+0.5: half a stroke over par on average). */
  average: number;
  toPar: number;
};

export type HoleStats = { holes: HoleAverage[]; counts: ScoreCounts };

/** A count of each score against par, and each hole number's averages; null when the golfer has no hole scores. */
export function holeStats(played: readonly PlayedHole[]): HoleStats | null {
  if (played.length === 0) return null;
  const counts: ScoreCounts = { eaglesOrBetter: 0, birdies: 0, pars: 0, bogeys: 0, doubleOrWorse: 0 };
  const byNumber = new Map<number, { played: number; strokes: number; toPar: number }>();
  for (const hole of played) {
    const diff = hole.strokes - hole.par;
    if (diff <= -2) counts.eaglesOrBetter += 1;
    else if (diff === -1) counts.birdies += 1;
    else if (diff === 0) counts.pars += 1;
    else if (diff === 1) counts.bogeys += 1;
    else counts.doubleOrWorse += 1;
    const sum = byNumber.get(hole.number) ?? { played: 0, strokes: 0, toPar: 0 };
    sum.played += 1;
    sum.strokes += hole.strokes;
    sum.toPar += diff;
    byNumber.set(hole.number, sum);
  }
  const tenth = (value: number) => Math.round(value * 10) / 10;
  const holes = [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, sum]) => ({
      number,
      played: sum.played,
      average: tenth(sum.strokes / sum.played),
      toPar: tenth(sum.toPar / sum.played),
    }));
  return { holes, counts };
}
