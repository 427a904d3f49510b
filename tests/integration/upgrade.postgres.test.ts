import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import {
  expectSetAsideRecomputed,
  expectUpgradedLeague,
  fillFirstReleaseLeague,
  previousReleaseRoot,
} from './previous-release';

let db: Db;
let golferId: number;
let doubled: Parameters<typeof expectSetAsideRecomputed>[1];
let firstRelease: string[] = [];
// The server is first given the first release's database and league, then migrated as today's start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    firstRelease = await migrate(databaseConfig(), previousReleaseRoot());
    const { db: early } = await import('~/db/db.server');
    ({ golferId, doubled } = await fillFirstReleaseLeague(early));
  },
);

describe('upgrading a first-release PostgreSQL database', () => {
  it('carries the 2025 schedule over as data and keeps every stored handicap', async () => {
    expect(firstRelease).toEqual(['20261122122753_init']);
    await expectUpgradedLeague(db, golferId);
  });

  it('recomputes, at the first start, the golfers whose second rounds on one date were set aside', async () => {
    await expectSetAsideRecomputed(db, doubled);
  });
});
