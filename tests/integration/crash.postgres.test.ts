import { describe } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { crashCases } from './crash-cases';

// A crash in the middle of game night on PostgreSQL, the documented way to grow past one machine: the built server
// and this file share a database of the run's cluster.
let db: Db;
withPostgres((ready) => (db = ready));

describe('a crash in the middle of game night, on PostgreSQL (docs/product/faults.md, docs/decisions/148)', () => {
  crashCases(() => db);
});
