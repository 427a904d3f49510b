import { describe, it } from 'vitest';
import { BEFORE_SCORECARDS, expectUpgradedToScorecards, fillBeforeScorecards } from './upgrade-scorecards-cases';
import { upgradedPostgres } from './upgrade-helpers';

// The server is first given the database as the release before scorecards left it, then migrated as start-up does.
const upgraded = upgradedPostgres(BEFORE_SCORECARDS, fillBeforeScorecards);

describe('upgrading a PostgreSQL database to scorecards', () => {
  it('keeps every course and round; courses have no holes until an administrator fills them in', async () => {
    await expectUpgradedToScorecards(upgraded.db);
  });
});
