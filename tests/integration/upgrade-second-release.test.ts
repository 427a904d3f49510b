import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectUpgradedCalendar,
  fillSecondReleaseSchedule,
  previousReleaseRoot,
  SECOND_RELEASE_MIGRATION,
} from './previous-release';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up. Named like setup-env's files, so the run's teardown removes it.
const file = `int-${process.ppid}-upgrade2-${crypto.randomBytes(4).toString('hex')}.db`;
process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;

describe('upgrading a second-release SQLite database', () => {
  it("carries every schedule night over as the first version of its calendar event, and the feed's versions then move", async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const previous = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    expect(previous.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    const { db } = await import('~/db/db.server');
    const nights = await fillSecondReleaseSchedule(db);

    const upgradedFrom = new Date();
    // The calendar's migration first; later releases' migrations (the playoffs', …) follow it.
    const applied = await migrate(databaseConfig());
    expect(applied[0]).toMatch(/_calendar_sequence$/);
    expect(applied.every((name) => name > SECOND_RELEASE_MIGRATION)).toBe(true);
    await expectUpgradedCalendar(db, nights, upgradedFrom);
    await db.$disconnect();
  });
});
