import { afterAll, describe } from 'vitest';
import { upgradeChainCases } from './upgrade-cases';
import { ownSqliteDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client), empty, and takes it through every release.
ownSqliteDatabase('upgrade');

afterAll(async () => {
  const { db } = await import('~/db/db.server');
  await db.$disconnect();
});

describe('upgrading one SQLite database through every release', () => {
  upgradeChainCases();
});
