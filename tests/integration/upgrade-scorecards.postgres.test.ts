import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { previousReleaseRoot } from './previous-release';
import { BEFORE_SCORECARDS, expectUpgradedToScorecards, fillBeforeScorecards } from './upgrade-scorecards-cases';

let db: Db;
let before: string[] = [];
// The server is first given the database as the release before scorecards left it, then migrated as start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    before = await migrate(databaseConfig(), previousReleaseRoot(BEFORE_SCORECARDS));
    const { db: early } = await import('~/db/db.server');
    await fillBeforeScorecards(early);
  },
);

describe('upgrading a PostgreSQL database to scorecards', () => {
  it('keeps every course and round; courses have no holes until an administrator fills them in', async () => {
    expect(before.at(-1)).toBe(BEFORE_SCORECARDS);
    await expectUpgradedToScorecards(db);
  });
});
