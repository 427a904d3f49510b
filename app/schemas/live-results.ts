/** One golfer's row of a night's live leaderboard (docs/decisions/124-live-results-and-skins.md), as the server sends it
 * to watchers and the page renders it. */
export type LiveRow = {
  id: number;
  name: string;
  place: string | null;
  gross: number;
  hcp: number | null;
  net: number | null;
  points: number | null;
  /** A sub's round (docs/product/availability-and-subs.md): listed, marked 'Sub', without a place or points. */
  sub: boolean;
  /** Holes played; null: not started. */
  thru: number | null;
};
