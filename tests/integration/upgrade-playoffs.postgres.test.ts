import { describe, expect, it } from 'vitest';
import { expectUpgradedPlayoffs, fillSecondReleaseSchedule, SECOND_RELEASE_MIGRATION } from './previous-release';
import { upgradedPostgres } from './upgrade-helpers';

// The server is first given the second release's database and schedules, then migrated as today's start-up does.
const upgraded = upgradedPostgres(SECOND_RELEASE_MIGRATION, fillSecondReleaseSchedule);

describe('upgrading a second-release PostgreSQL database for the playoffs', () => {
  it('keeps every schedule night, starts every season unlocked, and can then lock a field', async () => {
    expect(
      await upgraded.db.$queryRaw<{ migration_name: string }[]>`SELECT "migration_name" FROM "_prisma_migrations"`,
    ).toContainEqual({ migration_name: expect.stringMatching(/_playoff_field$/) });
    await expectUpgradedPlayoffs(upgraded.db, upgraded.before);
  });
});
