import { FIRST_PLACE_POINTS } from './league-rules';
import { tieGroups } from './results';

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

  // Places come from the same tie groups as a night's results (1, T2, T2, 4), so points and places agree.
  const points = new Map<K, number>();
  for (const { place, keys: group } of tieGroups(entries.map((entry) => ({ key: entry.key, value: entry.netScore })))) {
    let shared = 0;
    for (let index = place - 1; index < place - 1 + group.length; index += 1) shared += pointsForPlace(index);
    const share = shared / group.length;
    for (const key of group) points.set(key, share);
  }
  return points;
}
