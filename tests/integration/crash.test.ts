import { describe } from 'vitest';
import { db } from '~/db/db.server';
import { crashCases } from './crash-cases';

// A crash in the middle of game night on the embedded SQLite database: the built server and this file share the file
// this test run gave it (setup-env.ts).
describe('a crash in the middle of game night, on SQLite (docs/product/faults.md, docs/decisions/148)', () => {
  crashCases(() => db);
});
