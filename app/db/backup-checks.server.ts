import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from './database-url.server';
import { BackupError, type BackupKind } from './backup-files.server';

/*
 * What is checked before a backup or a restore writes anything: room on the backups' disk, and that a file to restore
 * is a backup of this app and of a version this one knows (docs/decisions/114-backups.md, docs/decisions/147).
 */

/** Room kept free beyond the backup itself: a tenth of the database, and never less than 32 MB. */
export const BACKUP_MARGIN_BYTES = 32 * 1024 * 1024;
const mb = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

/** The database's size in bytes: the SQLite file with its write-ahead log, or PostgreSQL's pg_database_size. */
async function databaseBytes(config: DatabaseConfig): Promise<number> {
  if (config.kind === 'sqlite') {
    const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
    return size(config.file) + size(`${config.file}-wal`);
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    return Number(rows[0].bytes);
  } finally {
    await client.end();
  }
}

/**
 * Refuses, before writing anything, a backup the backups folder's disk has no room for (docs/decisions/147): free
 * space (fs.statfs, as an unprivileged process may use it) must hold the database's size plus a margin, so a backup
 * never fills the disk the league's own writes need. The size is an upper bound of the copy (a dump is smaller).
 */
export async function assertRoomFor(config: DatabaseConfig, dir: string): Promise<void> {
  const bytes = await databaseBytes(config);
  const needed = bytes + Math.max(Math.ceil(bytes / 10), BACKUP_MARGIN_BYTES);
  const stats = await fs.promises.statfs(dir);
  const free = stats.bavail * stats.bsize;
  if (free < needed)
    throw new BackupError(
      `Not backing up: ${dir} has ${mb(free)} free, and a backup of this ${mb(bytes)} database needs ${mb(needed)} ` +
        `(its size plus room kept free). Free some space or set BACKUP_DIR to a larger disk.`,
    );
}

/** Tables every database of this app holds, whatever its version: a backup without them is someone else's. */
const APP_TABLES = ['_prisma_migrations', 'users', 'golfers', 'seasons', 'rounds'];

export function notOurs(file: string, why: string): BackupError {
  return new BackupError(`${file} is not a backup of this app: ${why}.`);
}

export async function kindOfFile(file: string): Promise<BackupKind> {
  let head: Buffer;
  try {
    const fd = await fs.promises.open(file, 'r');
    try {
      head = Buffer.alloc(16);
      await fd.read(head, 0, 16, 0);
    } finally {
      await fd.close();
    }
  } catch {
    throw new BackupError(`There is no backup file at ${file}.`);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgresql';
  throw notOurs(file, 'it is neither a SQLite database nor a pg_dump archive');
}

/** The migrations this version of the app knows, by name: a backup's must all be among them. */
export function knownMigrations(kind: BackupKind, root: string): Set<string> {
  const dir =
    kind === 'sqlite' ? path.join(root, 'prisma', 'migrations') : path.join(root, 'prisma', 'postgres', 'migrations');
  return new Set(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
}

export function checkTablesAndMigrations(file: string, tables: Set<string>, migrations: string[], known: Set<string>) {
  const missing = APP_TABLES.filter((t) => !tables.has(t));
  if (missing.length) throw notOurs(file, `it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}`);
  if (migrations.length === 0) throw notOurs(file, 'it records no migration of this app');
  const unknown = migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new BackupError(
      `${file} was made by another version of this app, or another app: its migration ${unknown[0]} is not one of this version's. Restore it with the version that made it.`,
    );
}

export function notEmpty(what: string, tables: string[], remedy: string): BackupError {
  return new BackupError(
    `Restore needs an empty database, and ${what} is not empty: it has ${tables.length} table${tables.length > 1 ? 's' : ''} (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}). ${remedy}, then restore again. Nothing was changed.`,
  );
}
