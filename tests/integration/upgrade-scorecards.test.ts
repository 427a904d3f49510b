import { describe, expect, it } from 'vitest';
import { BEFORE_SCORECARDS, expectUpgradedToScorecards, fillBeforeScorecards } from './upgrade-scorecards-cases';
import { ownSqliteDatabase, previousReleaseDatabase, upgradeDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client): first as the release before scorecards left
// it, then upgraded by today's start-up.
ownSqliteDatabase('upgrade-cards');

describe('upgrading a SQLite database to scorecards', () => {
  it('keeps every course and round; courses have no holes until an administrator fills them in', async () => {
    const db = await previousReleaseDatabase(BEFORE_SCORECARDS);
    await fillBeforeScorecards(db);
    expect(await upgradeDatabase()).toContainEqual(expect.stringMatching(/_scorecards$/));
    await expectUpgradedToScorecards(db);
    await db.$disconnect();
  });
});
