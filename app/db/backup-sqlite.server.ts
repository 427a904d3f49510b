import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BackupError } from './backup-files.server';
import { checkTablesAndMigrations, notEmpty, notOurs } from './backup-checks.server';

/* A SQLite database's backup and restore: the online backup API, one self-contained file. */

export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no SQLite database at ${source} to back up.`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    // The online backup API copies a snapshot: a write by another connection between steps restarts it. After the
    // first step, the rest goes in one step, so a busy server cannot keep it restarting.
    await db.backup(target, { progress: (info) => Math.max(info.remainingPages, 100) });
  } finally {
    db.close();
  }
  // One self-contained file (no -wal beside it), which opens read-only anywhere.
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export function checkSqliteBackup(file: string, known: Set<string>): void {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw notOurs(file, `it cannot be opened (${(error as Error).message})`);
  }
  try {
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const migrations = tables.has('_prisma_migrations')
      ? (
          db.prepare('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL').all() as {
            migration_name: string;
          }[]
        ).map((r) => r.migration_name)
      : [];
    checkTablesAndMigrations(file, tables, migrations, known);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw notOurs(file, `it cannot be read as a SQLite database (${(error as Error).message})`);
  } finally {
    db.close();
  }
}

export function assertSqliteEmpty(target: string): void {
  if (!fs.existsSync(target) || fs.statSync(target).size === 0) return;
  let tables: string[];
  try {
    const db = new Database(target, { readonly: true, fileMustExist: true });
    try {
      tables = (
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
          .all() as { name: string }[]
      ).map((r) => r.name);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new BackupError(
      `${target} is not an empty database (it cannot be read as one: ${(error as Error).message}). Move it aside, then restore again.`,
    );
  }
  if (tables.length) throw notEmpty(`the SQLite database ${target}`, tables, 'Move the file aside');
}

export async function restoreSqlite(file: string, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Side files of a database that is gone belong to nothing; SQLite would otherwise try to replay them.
  if (!fs.existsSync(target)) for (const side of ['-wal', '-shm']) fs.rmSync(target + side, { force: true });
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  // The app runs its database in WAL mode (the migrator sets it too; this makes the restored file ready at once).
  const db = new Database(target);
  try {
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}
