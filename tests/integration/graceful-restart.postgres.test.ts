import { describe } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { gracefulRestartCases } from './graceful-restart-cases';

// A graceful restart in the middle of game night on PostgreSQL: the built server and this file share a database of the
// run's cluster.
let db: Db;
withPostgres((ready) => (db = ready));

describe('a graceful restart in the middle of game night, on PostgreSQL (docs/decisions/171)', () => {
  gracefulRestartCases(() => db);
});
