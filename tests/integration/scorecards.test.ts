import { describe } from 'vitest';
import { db } from '~/db/db.server';
import { scorecardCases } from './scorecards-cases';

// Scorecards on SQLite: idempotent hole writes, the later write winning, submit and attest writing the rounds in one
// transaction (docs/decisions/121-scorecards.md); the same cases run on PostgreSQL in scorecards.postgres.test.ts.
describe('scorecards (SQLite)', () => {
  scorecardCases(2031, () => db);
});
