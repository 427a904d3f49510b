import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { fillGolfersBeforeSignIn, expectGolfersAfterSignIn } from './upgrade-golfer-sign-in-cases';
import { previousReleaseRoot, SECOND_RELEASE_MIGRATION } from './previous-release';

let db: Db;
let before: Awaited<ReturnType<typeof fillGolfersBeforeSignIn>>;
let previous: string[] = [];
// The server is first given the second release's database and golfers, then migrated as today's start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    previous = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    const { db: early } = await import('~/db/db.server');
    before = await fillGolfersBeforeSignIn(early);
  },
);

describe("upgrading a second-release PostgreSQL database for golfers' sign-in", () => {
  it('keeps every golfer and email, lets two golfers share an address, and can store sign-in codes', async () => {
    expect(previous.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    await expectGolfersAfterSignIn(db, before);
  });
});
