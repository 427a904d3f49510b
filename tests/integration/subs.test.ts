import { describe } from 'vitest';
import { db } from '~/db/db.server';
import { subsCases } from './subs-cases';

// Weekly availability and subs on SQLite (docs/product/availability-and-subs.md); the same cases run on PostgreSQL in
// subs.postgres.test.ts.
describe('availability and subs (SQLite)', () => {
  subsCases(2090, () => db);
});
