import crypto from 'node:crypto';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '~/db/db.server';
import { withPostgres } from './pg-server';
import { previousReleaseRoot } from './previous-release';

/**
 * Gives a SQLite upgrade test a database file of its own, named like setup-env's files so the run's teardown removes
 * it. Call it at the top of the test file: DATABASE_URL must be set before anything loads the client.
 */
export function ownSqliteDatabase(label: string): void {
  const file = `int-${process.ppid}-${label}-${crypto.randomBytes(4).toString('hex')}.db`;
  process.env.DATABASE_URL = `file:${path.resolve('tests', '.tmp', file)}`;
}

/**
 * Builds the database DATABASE_URL names as the release whose last migration is `last` left it, checks the
 * migrations stopped there, and returns the client (the app's own, loaded now).
 */
export async function previousReleaseDatabase(last: string): Promise<Db> {
  const { migrate } = await import('~/db/migrate.server');
  const { databaseConfig } = await import('~/db/database-url.server');
  expect((await migrate(databaseConfig(), previousReleaseRoot(last))).at(-1)).toBe(last);
  return (await import('~/db/db.server')).db;
}

/** Today's start-up on that database: applies every migration it lacks and returns their names. */
export async function upgradeDatabase(): Promise<string[]> {
  const { migrate } = await import('~/db/migrate.server');
  const { databaseConfig } = await import('~/db/database-url.server');
  return migrate(databaseConfig());
}

/**
 * A PostgreSQL upgrade test: the server is first given the database as the release ending at `last` left it and what
 * `fill` writes into it, then migrated as today's start-up does. `db` and `before` (what `fill` returned) are set
 * before the file's tests run.
 */
export function upgradedPostgres<T>(last: string, fill: (db: Db) => Promise<T>): { db: Db; before: T } {
  const upgraded = {} as { db: Db; before: T };
  withPostgres(
    (ready) => (upgraded.db = ready),
    async () => {
      upgraded.before = await fill(await previousReleaseDatabase(last));
    },
  );
  return upgraded;
}
