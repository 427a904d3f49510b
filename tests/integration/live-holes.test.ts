import { describe } from 'vitest';
import { liveHoleCases } from './live-holes-cases';

// The live leaderboard and skins from the scorecards' hole scores on SQLite; the same cases run on PostgreSQL in
// live-holes.postgres.test.ts.
describe('live results from hole scores (SQLite)', () => {
  liveHoleCases(2060);
});
