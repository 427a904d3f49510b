import { describe, expect, it } from 'vitest';
import { expectUpgradedPlayoffs, fillSecondReleaseSchedule, SECOND_RELEASE_MIGRATION } from './previous-release';
import { ownSqliteDatabase, previousReleaseDatabase, upgradeDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up, which adds the playoff field's tables (docs/decisions/122-playoffs-field-and-nights.md).
ownSqliteDatabase('upgrade-playoffs');

describe('upgrading a second-release SQLite database for the playoffs', () => {
  it('keeps every schedule night, starts every season unlocked, and can then lock a field', async () => {
    const db = await previousReleaseDatabase(SECOND_RELEASE_MIGRATION);
    const nights = await fillSecondReleaseSchedule(db);

    expect(await upgradeDatabase()).toContainEqual(expect.stringMatching(/_playoff_field$/));
    await expectUpgradedPlayoffs(db, nights);
    await db.$disconnect();
  });
});
