import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectUpgradedPlayoffs,
  fillSecondReleaseSchedule,
  previousReleaseRoot,
  SECOND_RELEASE_MIGRATION,
} from './previous-release';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up, which adds the playoff field's tables (docs/decisions/122-playoffs-field-and-nights.md).
const file = `int-${process.ppid}-upgrade-playoffs-${crypto.randomBytes(4).toString('hex')}.db`;
process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;

describe('upgrading a second-release SQLite database for the playoffs', () => {
  it('keeps every schedule night, starts every season unlocked, and can then lock a field', async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const previous = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    expect(previous.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    const { db } = await import('~/db/db.server');
    const nights = await fillSecondReleaseSchedule(db);

    expect(await migrate(databaseConfig())).toContainEqual(expect.stringMatching(/_playoff_field$/));
    await expectUpgradedPlayoffs(db, nights);
    await db.$disconnect();
  });
});
