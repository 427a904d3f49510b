import { describe } from 'vitest';
import { db } from '~/db/db.server';
import { pointsConsistencyCases } from './points-consistency-cases';

// Points are never stale (docs/decisions/075-points-never-stale.md), on SQLite; the same cases run on PostgreSQL in
// points-consistency.postgres.test.ts.
describe('points stay consistent with the rounds (SQLite)', () => {
  pointsConsistencyCases(2013, () => db);
});
