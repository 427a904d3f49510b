import { describe } from 'vitest';
import { withPostgres } from './pg-server';
import { upgradeChainCases } from './upgrade-cases';

// An empty database of the run's cluster, taken through every release; withPostgres checks the client is
// PostgreSQL's, and disconnects and drops the database after the file.
withPostgres(() => {}, undefined, { empty: true });

describe('upgrading one PostgreSQL database through every release', () => {
  upgradeChainCases();
});
