import { describe, expect, it } from 'vitest';
import { expectUpgradedCalendar, fillSecondReleaseSchedule, SECOND_RELEASE_MIGRATION } from './previous-release';
import { ownSqliteDatabase, previousReleaseDatabase, upgradeDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up.
ownSqliteDatabase('upgrade2');

describe('upgrading a second-release SQLite database', () => {
  it("carries every schedule night over as the first version of its calendar event, and the feed's versions then move", async () => {
    const db = await previousReleaseDatabase(SECOND_RELEASE_MIGRATION);
    const nights = await fillSecondReleaseSchedule(db);

    const upgradedFrom = new Date();
    // The calendar's migration first; later releases' migrations (the playoffs', …) follow it.
    const applied = await upgradeDatabase();
    expect(applied[0]).toMatch(/_calendar_sequence$/);
    expect(applied.every((name) => name > SECOND_RELEASE_MIGRATION)).toBe(true);
    await expectUpgradedCalendar(db, nights, upgradedFrom);
    await db.$disconnect();
  });
});
