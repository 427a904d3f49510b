import { describe, expect, it } from 'vitest';
import { SECOND_RELEASE_MIGRATION } from './previous-release';
import { fillGolfersBeforeSignIn, expectGolfersAfterSignIn } from './upgrade-golfer-sign-in-cases';
import { ownSqliteDatabase, previousReleaseDatabase, upgradeDatabase } from './upgrade-helpers';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up.
ownSqliteDatabase('upgrade-signin');

describe("upgrading a second-release SQLite database for golfers' sign-in", () => {
  it('keeps every golfer and email, lets two golfers share an address, and can store sign-in codes', async () => {
    const db = await previousReleaseDatabase(SECOND_RELEASE_MIGRATION);
    const before = await fillGolfersBeforeSignIn(db);
    expect(await upgradeDatabase()).toContainEqual(expect.stringMatching(/_golfer_sign_in$/));
    await expectGolfersAfterSignIn(db, before);
    await db.$disconnect();
  });
});
