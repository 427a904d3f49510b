import { describe, it } from 'vitest';
import { expectUpgradedCalendar, fillSecondReleaseSchedule, SECOND_RELEASE_MIGRATION } from './previous-release';
import { upgradedPostgres } from './upgrade-helpers';

// The server is first given the second release's database and schedules, then migrated as today's start-up does.
const upgraded = upgradedPostgres(SECOND_RELEASE_MIGRATION, async (db) => ({
  nights: await fillSecondReleaseSchedule(db),
  upgradedFrom: new Date(),
}));

describe('upgrading a second-release PostgreSQL database', () => {
  it("carries every schedule night over as the first version of its calendar event, and the feed's versions then move", async () => {
    await expectUpgradedCalendar(upgraded.db, upgraded.before.nights, upgraded.before.upgradedFrom);
  });
});
