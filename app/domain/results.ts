/**
 * Places on a league night (docs/product/stats.md#public-stats-pages): within a flight, the lowest net score is
 * first, and golfers tied on net share a place, shown as 'T2'. The place after a tie skips the places the tie took
 * (1, T2, T2, 4), the way golf leaderboards and the points split (app/domain/points.ts) count them.
 */

export interface RankEntry<K> {
  key: K;
  /** Lower is better (a net score). */
  value: number;
}

/** One group of golfers sharing a place: `place` is 1-based, `size` how many share it. */
export interface TieGroup<K> {
  place: number;
  keys: K[];
}

/** The entries grouped by equal value, best (lowest) first; a group's place counts the entries before it. */
export function tieGroups<K>(entries: readonly RankEntry<K>[]): TieGroup<K>[] {
  const ranked = [...entries].sort((a, b) => a.value - b.value);
  const groups: TieGroup<K>[] = [];
  let index = 0;
  while (index < ranked.length) {
    const value = ranked[index].value;
    const keys: K[] = [];
    const place = index + 1;
    while (index < ranked.length && ranked[index].value === value) {
      keys.push(ranked[index].key);
      index += 1;
    }
    groups.push({ place, keys });
  }
  return groups;
}

export interface Place {
  place: number;
  tied: boolean;
  /** '1', 'T2' */
  label: string;
}

/** Each key's place, tied places labelled 'T{place}'. */
export function placesOf<K>(entries: readonly RankEntry<K>[]): Map<K, Place> {
  const out = new Map<K, Place>();
  for (const { place, keys } of tieGroups(entries)) {
    const tied = keys.length > 1;
    for (const key of keys) out.set(key, { place, tied, label: tied ? `T${place}` : String(place) });
  }
  return out;
}
