import { describe, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { previousReleaseRoot, SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSubs, fillSecondReleaseGolfers } from './upgrade-availability-and-subs';

let db: Db;
let before: Awaited<ReturnType<typeof fillSecondReleaseGolfers>>;
// The server is first given the second release's database and its golfers, then migrated as today's start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    const { db: early } = await import('~/db/db.server');
    before = await fillSecondReleaseGolfers(early);
  },
);

describe('upgrading a second-release PostgreSQL database for availability and subs', () => {
  it('carries golfers, settings and tee times over: nobody is a sub yet, every night In, the cut-off noon the day before', async () => {
    await expectUpgradedSubs(db, before);
  });
});
