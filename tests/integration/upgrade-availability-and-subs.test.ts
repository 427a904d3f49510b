import crypto from 'node:crypto';
import path from 'node:path';
import { describe, it } from 'vitest';
import { previousReleaseRoot, SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSubs, fillSecondReleaseGolfers } from './upgrade-availability-and-subs';

// This file builds its own database (before anything loads the client): first as the second release left it, then
// upgraded by today's start-up. Named like setup-env's files, so the run's teardown removes it.
const file = `int-${process.ppid}-upgrade-subs-${crypto.randomBytes(4).toString('hex')}.db`;
process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;

describe('upgrading a second-release SQLite database for availability and subs', () => {
  it('carries golfers, settings and tee times over: nobody is a sub yet, every night In, the cut-off noon the day before', async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    const { db } = await import('~/db/db.server');
    const before = await fillSecondReleaseGolfers(db);
    await migrate(databaseConfig());
    await expectUpgradedSubs(db, before);
    await db.$disconnect();
  });
});
