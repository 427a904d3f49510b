import { describe, expect, it } from 'vitest';
import { SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSkinsSettings, fillPreviousReleaseSettings } from './upgrade-skins-cases';
import { ownSqliteDatabase, previousReleaseDatabase, upgradeDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up.
ownSqliteDatabase('upgrade-skins');

describe('upgrading a second-release SQLite database to skins', () => {
  it("keeps the league's settings and turns 'Skins' on and 'Skins carry over' off", async () => {
    const db = await previousReleaseDatabase(SECOND_RELEASE_MIGRATION);
    await fillPreviousReleaseSettings(db);

    expect(await upgradeDatabase()).toContainEqual(expect.stringMatching(/_skins_settings$/));
    await expectUpgradedSkinsSettings(db);
    await db.$disconnect();
  });
});
