import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectSetAsideRecomputed,
  expectUpgradedLeague,
  fillFirstReleaseLeague,
  previousReleaseRoot,
} from './previous-release';

// This file builds its own database (before anything loads the client): first as the first release left it, then
// upgraded by today's start-up. Named like setup-env's files, so the run's teardown removes it.
const file = `int-${process.ppid}-upgrade-${crypto.randomBytes(4).toString('hex')}.db`;
process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;

let doubled: Parameters<typeof expectSetAsideRecomputed>[1];

describe('upgrading a first-release SQLite database', () => {
  it('carries the 2025 schedule over as data and keeps every stored handicap', async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    expect(await migrate(databaseConfig(), previousReleaseRoot())).toEqual(['20261122122753_init']);
    const { db } = await import('~/db/db.server');
    let golferId: number;
    ({ golferId, doubled } = await fillFirstReleaseLeague(db));

    expect(await migrate(databaseConfig())).toEqual(expect.arrayContaining([expect.stringMatching(/_seasons$/)]));
    await expectUpgradedLeague(db, golferId);
  });

  it('recomputes, at the first start, the golfers whose second rounds on one date were set aside', async () => {
    const { db } = await import('~/db/db.server');
    await expectSetAsideRecomputed(db, doubled);
    await db.$disconnect();
  });
});
