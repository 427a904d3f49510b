import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { previousReleaseRoot } from './previous-release';
import { BEFORE_SCORECARDS, expectUpgradedToScorecards, fillBeforeScorecards } from './upgrade-scorecards-cases';

// This file builds its own database (before anything loads the client): first as the release before scorecards left
// it, then upgraded by today's start-up. Named like setup-env's files, so the run's teardown removes it.
const file = `int-${process.ppid}-upgrade-cards-${crypto.randomBytes(4).toString('hex')}.db`;
process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;

describe('upgrading a SQLite database to scorecards', () => {
  it('keeps every course and round; courses have no holes until an administrator fills them in', async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const previous = await migrate(databaseConfig(), previousReleaseRoot(BEFORE_SCORECARDS));
    expect(previous.at(-1)).toBe(BEFORE_SCORECARDS);
    const { db } = await import('~/db/db.server');
    await fillBeforeScorecards(db);
    expect(await migrate(databaseConfig())).toContainEqual(expect.stringMatching(/_scorecards$/));
    await expectUpgradedToScorecards(db);
    await db.$disconnect();
  });
});
