import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from './database-url.server';
import { BackupError, type BackupFile, type BackupKind, backupName } from './backup-files.server';
import { assertRoomFor, kindOfFile, knownMigrations } from './backup-checks.server';
import { assertSqliteEmpty, backupSqlite, checkSqliteBackup, restoreSqlite } from './backup-sqlite.server';
import { assertPostgresEmpty, backupPostgres, checkPostgresBackup, restorePostgres } from './backup-postgres.server';

/**
 * Backups of the league's database (docs/decisions/114-backups.md): a consistent copy written to the backups folder
 * with the time in its name (SQLite's online backup API, or `pg_dump` for PostgreSQL), restored only into an empty
 * database and only from a file that is a backup of this app.
 */

/**
 * Writes a consistent copy of the database to `dir` and answers it. The copy is written under a temporary name and
 * renamed when complete, so a half-written file is never taken for a backup.
 */
export async function backupDatabase(config: DatabaseConfig, dir: string, now = new Date()): Promise<BackupFile> {
  fs.mkdirSync(dir, { recursive: true });
  await assertRoomFor(config, dir);
  const name = backupName(config.kind, now);
  const file = path.join(dir, name);
  if (fs.existsSync(file)) throw new BackupError(`A backup named ${name} already exists: try again in a second.`);
  const partial = `${file}.partial`;
  try {
    if (config.kind === 'sqlite') await backupSqlite(config.file, partial);
    else await backupPostgres(config.url, partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, name, at: new Date(now.toISOString().replace(/\.\d{3}Z$/, 'Z')) };
}

/**
 * Restores the backup `file` into the database of `config`, which must be empty (no tables: a new SQLite file, or
 * none, or a newly created PostgreSQL database). Refuses, with a BackupError naming why, a non-empty database and a
 * file that is not a backup of this app. Migrations newer than the backup are applied when the server next starts.
 */
export async function restoreDatabase(config: DatabaseConfig, file: string, root = process.cwd()): Promise<void> {
  const kind = await kindOfFile(file);
  if (kind !== config.kind)
    throw new BackupError(
      `${file} is a ${KIND_NAME[kind]} backup but DATABASE_URL points at ${KIND_NAME[config.kind]}: restore it into a ${KIND_NAME[kind]} database.`,
    );
  const known = knownMigrations(config.kind, root);
  if (config.kind === 'sqlite') {
    checkSqliteBackup(file, known);
    assertSqliteEmpty(config.file);
    await restoreSqlite(file, config.file);
  } else {
    await checkPostgresBackup(file, known);
    await assertPostgresEmpty(config.url);
    await restorePostgres(file, config.url);
  }
}

const KIND_NAME: Record<BackupKind, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' };
