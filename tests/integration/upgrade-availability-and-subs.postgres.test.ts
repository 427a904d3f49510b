import { describe, it } from 'vitest';
import { SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSubs, fillSecondReleaseGolfers } from './upgrade-availability-and-subs';
import { upgradedPostgres } from './upgrade-helpers';

// The server is first given the second release's database and its golfers, then migrated as today's start-up does.
const upgraded = upgradedPostgres(SECOND_RELEASE_MIGRATION, fillSecondReleaseGolfers);

describe('upgrading a second-release PostgreSQL database for availability and subs', () => {
  it('carries golfers, settings and tee times over: nobody is a sub yet, every night In, the cut-off noon the day before', async () => {
    await expectUpgradedSubs(upgraded.db, upgraded.before);
  });
});
