import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { previousReleaseRoot, SECOND_RELEASE_MIGRATION } from './previous-release';
import { expectUpgradedSkinsSettings, fillPreviousReleaseSettings } from './upgrade-skins-cases';

let db: Db;
let secondRelease: string[] = [];
// The server is first given the second release's database and settings, then migrated as today's start-up does.
withPostgres(
  (ready) => (db = ready),
  async () => {
    const { migrate } = await import('~/db/migrate.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    secondRelease = await migrate(databaseConfig(), previousReleaseRoot(SECOND_RELEASE_MIGRATION));
    const { db: early } = await import('~/db/db.server');
    await fillPreviousReleaseSettings(early);
  },
);

describe('upgrading a second-release PostgreSQL database to skins', () => {
  it("keeps the league's settings and turns 'Skins' on and 'Skins carry over' off", async () => {
    expect(secondRelease.at(-1)).toBe(SECOND_RELEASE_MIGRATION);
    await expectUpgradedSkinsSettings(db);
  });
});
