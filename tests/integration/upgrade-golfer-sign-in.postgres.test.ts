import { describe, it } from 'vitest';
import { SECOND_RELEASE_MIGRATION } from './previous-release';
import { fillGolfersBeforeSignIn, expectGolfersAfterSignIn } from './upgrade-golfer-sign-in-cases';
import { upgradedPostgres } from './upgrade-helpers';

// The server is first given the second release's database and golfers, then migrated as today's start-up does.
const upgraded = upgradedPostgres(SECOND_RELEASE_MIGRATION, fillGolfersBeforeSignIn);

describe("upgrading a second-release PostgreSQL database for golfers' sign-in", () => {
  it('keeps every golfer and email, lets two golfers share an address, and can store sign-in codes', async () => {
    await expectGolfersAfterSignIn(upgraded.db, upgraded.before);
  });
});
