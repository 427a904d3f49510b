import { FIRST_PLACE_POINTS } from './league-rules';

export interface PointsEntry<K extends string | number> {
  key: K;
  netScore: number;
}

/** "First place gets 24, each place below gets 1 less, ties split points." */
function pointsForPlace(placeIndex: number): number {
  return Math.max(0, FIRST_PLACE_POINTS - placeIndex);
}

/**
 * Points for one flight on one date. Lower net is better; golfers tied on net share equally the
 * points of the places they occupy, so the flight's total is the same with or without ties.
 * Shares can be fractional (two tied for first get 23.5 each); formatting is the caller's.
 */
export function awardPoints<K extends string | number>(entries: readonly PointsEntry<K>[]): Map<K, number> {
  const keys = new Set<K>();
  for (const entry of entries) {
    if (!Number.isFinite(entry.netScore)) {
      throw new Error(`Net score for ${String(entry.key)} is not a number`);
    }
    if (keys.has(entry.key)) throw new Error(`${String(entry.key)} appears twice in one points ranking`);
    keys.add(entry.key);
  }

  const ranked = [...entries].sort((a, b) => a.netScore - b.netScore);
  const points = new Map<K, number>();
  let place = 0;
  while (place < ranked.length) {
    const netScore = ranked[place].netScore;
    let end = place;
    while (end < ranked.length && ranked[end].netScore === netScore) end += 1;
    let shared = 0;
    for (let index = place; index < end; index += 1) shared += pointsForPlace(index);
    const share = shared / (end - place);
    for (let index = place; index < end; index += 1) points.set(ranked[index].key, share);
    place = end;
  }
  return points;
}
