import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillGolfersBeforeSignIn, expectGolfersAfterSignIn } from './upgrade-golfer-sign-in-cases';
import { previousReleaseRoot, SECOND_RELEASE_MIGRATION } from './previous-release';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up. Named like setup-env's files, so the run's teardown removes it.
const file = `int-${process.ppid}-upgrade-signin-${crypto.randomBytes(4).toString('hex')}.db`;
process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;

describe("upgrading a second-release SQLite database for golfers' sign-in", () => {
  it('keeps every golfer and email, lets two golfers share an address, and can store sign-in codes', async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const previous = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    expect(previous.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    const { db } = await import('~/db/db.server');
    const before = await fillGolfersBeforeSignIn(db);
    expect(await migrate(databaseConfig())).toContainEqual(expect.stringMatching(/_golfer_sign_in$/));
    await expectGolfersAfterSignIn(db, before);
    await db.$disconnect();
  });
});
