import { describe, it } from 'vitest';
import { SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSkinsSettings, fillPreviousReleaseSettings } from './upgrade-skins-cases';
import { upgradedPostgres } from './upgrade-helpers';

// The server is first given the second release's database and settings, then migrated as today's start-up does.
const upgraded = upgradedPostgres(SECOND_RELEASE_MIGRATION, fillPreviousReleaseSettings);

describe('upgrading a second-release PostgreSQL database to skins', () => {
  it("keeps the league's settings and turns 'Skins' on and 'Skins carry over' off", async () => {
    await expectUpgradedSkinsSettings(upgraded.db);
  });
});
