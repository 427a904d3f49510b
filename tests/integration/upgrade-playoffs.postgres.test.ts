import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import {
  expectUpgradedPlayoffs,
  fillSecondReleaseSchedule,
  previousReleaseRoot,
  SECOND_RELEASE_MIGRATION,
} from './previous-release';

let db: Db;
let nights: Awaited<ReturnType<typeof fillSecondReleaseSchedule>>;
let secondRelease: string[] = [];
// The server is first given the second release's database and schedules, then migrated as today's start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    secondRelease = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    const { db: early } = await import('~/db/db.server');
    nights = await fillSecondReleaseSchedule(early);
  },
);

describe('upgrading a second-release PostgreSQL database for the playoffs', () => {
  it('keeps every schedule night, starts every season unlocked, and can then lock a field', async () => {
    expect(secondRelease.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    expect(
      await db.$queryRaw<{ migration_name: string }[]>`SELECT "migration_name" FROM "_prisma_migrations"`,
    ).toContainEqual({ migration_name: expect.stringMatching(/_playoff_field$/) });
    await expectUpgradedPlayoffs(db, nights);
  });
});
