import { describe } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { scorecardCases } from './scorecards-cases';

// Scorecards on a real PostgreSQL server, where concurrent writes to one card really run side by side: the card's
// row lock keeps each hole stored once (docs/decisions/121-scorecards.md).
let db: Db;
withPostgres((ready) => (db = ready));

describe('scorecards (PostgreSQL)', () => {
  scorecardCases(2031, () => db);
});
