import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from './database-url.server';

/**
 * Backups of the league's database (docs/decisions/114-backups.md): a consistent copy written to the backups folder
 * with the time in its name (SQLite's online backup API, or `pg_dump` for PostgreSQL), restored only into an empty
 * database and only from a file that is a backup of this app.
 */

const run = promisify(execFile);

/** A refusal the operator can act on: its message says why, and the scripts print it as it is. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** How many backups the server keeps when it backs up on its own (BACKUP_EVERY_HOURS). */
export const BACKUPS_KEPT = 14;

/** The backups folder: BACKUP_DIR, or backups/ beside package.json (the working directory of every script). */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.BACKUP_DIR?.trim() || 'backups');
}

type BackupKind = DatabaseConfig['kind'];
const EXTENSION: Record<BackupKind, string> = { sqlite: 'sqlite', postgresql: 'pgdump' };
/** league-2026-11-25T12-47-24Z.sqlite: the UTC time, so names sort in time order and carry no colon. */
const BACKUP_NAME = /^league-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(sqlite|pgdump)$/;

function backupName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `league-${stamp}.${EXTENSION[kind]}`;
}

export type BackupFile = { file: string; name: string; at: Date };

/** The backups in `dir` this app wrote (by their names), oldest first. Other files are not ours and are left alone. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const m = BACKUP_NAME.exec(name);
      if (!m) return [];
      const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
      return Number.isNaN(at.getTime()) ? [] : [{ file: path.join(dir, name), name, at }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The newest backup in `dir`, or null: what Settings shows. */
export function latestBackup(dir: string): BackupFile | null {
  return listBackups(dir).at(-1) ?? null;
}

/** Deletes all but the `keep` newest backups in `dir`; answers the names deleted. */
function pruneBackups(dir: string, keep = BACKUPS_KEPT): string[] {
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.name);
}

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
async function assertRoomFor(config: DatabaseConfig, dir: string): Promise<void> {
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

async function backupSqlite(source: string, target: string): Promise<void> {
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

// ---------------------------------------------------------------------------------------------------------------
// Restore

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

/** Tables every database of this app holds, whatever its version: a backup without them is someone else's. */
const APP_TABLES = ['_prisma_migrations', 'users', 'golfers', 'seasons', 'rounds'];

function notOurs(file: string, why: string): BackupError {
  return new BackupError(`${file} is not a backup of this app: ${why}.`);
}

async function kindOfFile(file: string): Promise<BackupKind> {
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
function knownMigrations(kind: BackupKind, root: string): Set<string> {
  const dir =
    kind === 'sqlite' ? path.join(root, 'prisma', 'migrations') : path.join(root, 'prisma', 'postgres', 'migrations');
  return new Set(
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
}

function checkTablesAndMigrations(file: string, tables: Set<string>, migrations: string[], known: Set<string>) {
  const missing = APP_TABLES.filter((t) => !tables.has(t));
  if (missing.length) throw notOurs(file, `it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}`);
  if (migrations.length === 0) throw notOurs(file, 'it records no migration of this app');
  const unknown = migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new BackupError(
      `${file} was made by another version of this app, or another app: its migration ${unknown[0]} is not one of this version's. Restore it with the version that made it.`,
    );
}

function checkSqliteBackup(file: string, known: Set<string>): void {
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

function assertSqliteEmpty(target: string): void {
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

function notEmpty(what: string, tables: string[], remedy: string): BackupError {
  return new BackupError(
    `Restore needs an empty database, and ${what} is not empty: it has ${tables.length} table${tables.length > 1 ? 's' : ''} (${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}). ${remedy}, then restore again. Nothing was changed.`,
  );
}

async function restoreSqlite(file: string, target: string): Promise<void> {
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

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: pg_dump / pg_restore of Debian's postgresql-client, of the server's major version or newer.

/** Connection settings for the PostgreSQL tools: the URL without its password, which goes in PGPASSWORD. */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * Where `tool` (pg_dump, pg_restore) is: PG_BIN_DIR when set; else Debian's folder for the server's major version;
 * else the newest of Debian's folders or PATH that is at least that version (pg_dump refuses an older server's peer).
 */
async function pgTool(tool: 'pg_dump' | 'pg_restore', url?: string): Promise<string> {
  const fromEnv = process.env.PG_BIN_DIR?.trim();
  if (fromEnv) return path.join(fromEnv, tool);
  const major = url ? await serverMajorVersion(url) : 0;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .map(Number)
        .filter((v) => Number.isInteger(v) && fs.existsSync(path.join(base, String(v), 'bin', tool)))
        .sort((a, b) => a - b)
    : [];
  const exact = versions.find((v) => v === major);
  const newer = versions.filter((v) => v >= major).at(-1);
  const version = exact ?? newer;
  if (version !== undefined) return path.join(base, String(version), 'bin', tool);
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && fs.existsSync(path.join(dir, tool))) return path.join(dir, tool);
  throw new BackupError(
    `${tool} was not found${major ? ` for PostgreSQL ${major}` : ''}: install Debian's postgresql-client${major ? `-${major}` : ''} (or set PG_BIN_DIR to the folder holding ${tool}).`,
  );
}

function toolFailure(tool: string, error: unknown): BackupError {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return new BackupError(`${tool} failed: ${stderr || (error as Error).message}`);
}

async function backupPostgres(url: string, target: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const pgDump = await pgTool('pg_dump', url);
  try {
    // The custom format: compressed, one consistent snapshot (pg_dump runs in one repeatable-read transaction), and
    // read back by pg_restore. Owners and grants are the server's business, not the league's.
    await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${dbname}`], {
      env,
    });
  } catch (error) {
    throw toolFailure('pg_dump', error);
  }
}

async function checkPostgresBackup(file: string, known: Set<string>): Promise<void> {
  const pgRestore = await pgTool('pg_restore');
  let list: string;
  try {
    list = (await run(pgRestore, ['--list', file], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const why = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw notOurs(file, `pg_restore cannot read it (${why})`);
  }
  // TOC lines such as "215; 1259 16390 TABLE public golfers postgres".
  const tables = new Set([...list.matchAll(/^\d+; \d+ \d+ TABLE \S+ (\S+) /gm)].map((m) => m[1]));
  let migrations: string[] = [];
  if (tables.has('_prisma_migrations')) {
    const { stdout } = await run(pgRestore, ['--data-only', '--table=_prisma_migrations', '--file=-', file], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: unknown) => {
      throw notOurs(file, `its _prisma_migrations table cannot be read (${(error as Error).message})`);
    });
    migrations = copyColumn(stdout, '_prisma_migrations', 'migration_name');
  }
  checkTablesAndMigrations(file, tables, migrations, known);
}

/** The values of `column` in the `COPY table (…) FROM stdin;` block of a plain-text dump. */
function copyColumn(dump: string, table: string, column: string): string[] {
  const lines = dump.split('\n');
  const start = lines.findIndex((l) => l.startsWith('COPY ') && l.includes(`${table} (`));
  if (start < 0) return [];
  const columns = /\(([^)]*)\)/
    .exec(lines[start])![1]
    .split(',')
    .map((c) => c.trim().replace(/^"|"$/g, ''));
  const at = columns.indexOf(column);
  const values: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    values.push(line.split('\t')[at]);
  }
  return values;
}

async function assertPostgresEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the PostgreSQL database of DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    const name = new URL(url).pathname.slice(1);
    if (rows.length)
      throw notEmpty(
        `the PostgreSQL database ${name}`,
        rows.map((r) => r.name),
        'Create a new database (createdb) and point DATABASE_URL at it',
      );
  } finally {
    await client.end();
  }
}

async function restorePostgres(file: string, url: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const pgRestore = await pgTool('pg_restore', url);
  try {
    // One transaction: a restore that fails part-way leaves the database as empty as it was.
    await run(
      pgRestore,
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
      { env, maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    throw toolFailure('pg_restore', error);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Backing up on its own

/** BACKUP_EVERY_HOURS as hours (fractions allowed), or null when unset, empty or 0: no automatic backups. */
export function backupEveryHours(value = process.env.BACKUP_EVERY_HOURS): number | null {
  const text = value?.trim();
  if (!text) return null;
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours < 0)
    throw new BackupError(`BACKUP_EVERY_HOURS must be a number of hours, such as 24 (got "${text}").`);
  return hours === 0 ? null : hours;
}

/**
 * Backs up when the newest backup in `dir` is `everyMs` old or more (or there is none), then keeps the newest
 * BACKUPS_KEPT. Answers the new backup, or null when one is recent enough. Going by the folder rather than by a
 * timer alone, a restarted server (or a second process sharing the folder) does not back up again too soon.
 */
export async function backupIfDue(
  config: DatabaseConfig,
  dir: string,
  everyMs: number,
  now = new Date(),
): Promise<BackupFile | null> {
  const last = latestBackup(dir);
  if (last && now.getTime() - last.at.getTime() < everyMs) return null;
  const made = await backupDatabase(config, dir, now);
  pruneBackups(dir, BACKUPS_KEPT);
  return made;
}

/**
 * With BACKUP_EVERY_HOURS set, checks at start and then every few minutes whether a backup is due (backupIfDue).
 * A failed backup is logged and tried again at the next check; the server keeps serving. Answers the function that
 * stops the checks and waits for a backup under way.
 */
export function startBackupSchedule(
  config: DatabaseConfig,
  options: { everyHours?: number | null; dir?: string; log?: (line: string) => void } = {},
): () => Promise<void> {
  const everyHours = options.everyHours === undefined ? backupEveryHours() : options.everyHours;
  if (!everyHours) return () => Promise.resolve();
  const dir = options.dir ?? backupDir();
  const log = options.log ?? console.log;
  const everyMs = everyHours * 60 * 60 * 1000;
  // Often enough that a backup is at most a few minutes late, rarely enough to cost nothing.
  const checkMs = Math.min(everyMs, 5 * 60 * 1000);
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= backupIfDue(config, dir, everyMs)
      .then((made) => {
        if (made) log(`Backed up the database to ${made.file}`);
      })
      // A refusal (no room, docs/decisions/147) is logged by its reason alone; anything else with its stack.
      .catch((error: unknown) =>
        console.error('Automatic backup failed:', error instanceof BackupError ? error.message : error),
      )
      .finally(() => (running = null));
  };
  log(`Backing up the database every ${everyHours} hour(s) to ${dir}, keeping the last ${BACKUPS_KEPT}.`);
  check();
  const timer = setInterval(check, checkMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
