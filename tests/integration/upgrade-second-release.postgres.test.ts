import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import {
  expectUpgradedCalendar,
  fillSecondReleaseSchedule,
  previousReleaseRoot,
  SECOND_RELEASE_MIGRATION,
} from './previous-release';

let db: Db;
let nights: Awaited<ReturnType<typeof fillSecondReleaseSchedule>>;
let secondRelease: string[] = [];
let upgradedFrom: Date;
// The server is first given the second release's database and schedules, then migrated as today's start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    secondRelease = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    const { db: early } = await import('~/db/db.server');
    nights = await fillSecondReleaseSchedule(early);
    upgradedFrom = new Date();
  },
);

describe('upgrading a second-release PostgreSQL database', () => {
  it("carries every schedule night over as the first version of its calendar event, and the feed's versions then move", async () => {
    expect(secondRelease.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    await expectUpgradedCalendar(db, nights, upgradedFrom);
  });
});
