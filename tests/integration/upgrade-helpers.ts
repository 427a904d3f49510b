import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
 * Migrates the database DATABASE_URL names as far as the release whose last migration is `last` took it, and returns
 * the migrations it applied.
 */
export async function migrateTo(last: string): Promise<string[]> {
  const { migrate } = await import('~/db/migrate.server');
  const { databaseConfig } = await import('~/db/database-url.server');
  const root = previousReleaseRoot(last);
  try {
    return await migrate(databaseConfig(), root);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Today's start-up on that database: applies every migration it lacks and returns their names. */
export async function upgradeDatabase(): Promise<string[]> {
  const { migrate } = await import('~/db/migrate.server');
  const { databaseConfig } = await import('~/db/database-url.server');
  return migrate(databaseConfig());
}

/** Today's migrations that came after `last`, in the order start-up applies them. */
export function migrationsAfter(last: string): string[] {
  return fs
    .readdirSync(path.resolve('prisma', 'migrations'))
    .filter((name) => /^\d{14}_/.test(name) && name > last)
    .sort();
}
