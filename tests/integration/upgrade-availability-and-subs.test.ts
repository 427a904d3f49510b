import { describe, it } from 'vitest';
import { SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSubs, fillSecondReleaseGolfers } from './upgrade-availability-and-subs';
import { ownSqliteDatabase, previousReleaseDatabase, upgradeDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up.
ownSqliteDatabase('upgrade-subs');

describe('upgrading a second-release SQLite database for availability and subs', () => {
  it('carries golfers, settings and tee times over: nobody is a sub yet, every night In, the cut-off noon the day before', async () => {
    const db = await previousReleaseDatabase(SECOND_RELEASE_MIGRATION);
    const before = await fillSecondReleaseGolfers(db);
    await upgradeDatabase();
    await expectUpgradedSubs(db, before);
    await db.$disconnect();
  });
});
