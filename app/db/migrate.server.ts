import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseConfig } from './database-url.server';

/**
 * Applies the committed SQL migrations at start-up, recording each in `_prisma_migrations` exactly as
 * `prisma migrate deploy` does (same table, same sha256 checksum), so Prisma's own CLI can take over wherever
 * its schema engine can be downloaded. See docs/decisions/003-applying-migrations-offline.md.
 */
export async function migrate(config: DatabaseConfig, root = process.cwd()): Promise<string[]> {
  const dir =
    config.kind === 'sqlite'
      ? path.join(root, 'prisma', 'migrations')
      : path.join(root, 'prisma', 'postgres', 'migrations');
  const migrations = listMigrations(dir);
  return config.kind === 'sqlite' ? migrateSqlite(config.file, migrations) : migratePostgres(config.url, migrations);
}

type Migration = { name: string; sql: string; checksum: string };

function listMigrations(dir: string): Migration[] {
  if (!fs.existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

function migrateSqlite(file: string, migrations: Migration[]): string[] {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    const applied = appliedNames(
      db
        .prepare(
          'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        )
        .all() as AppliedRow[],
      migrations,
    );
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.name)) continue;
      // IMMEDIATE takes the write lock first, so two servers starting at once apply each migration once.
      db.transaction(() => {
        const again = db
          .prepare('SELECT 1 FROM _prisma_migrations WHERE migration_name = ? AND finished_at IS NOT NULL')
          .get(m.name);
        if (again) return;
        const now = new Date().getTime();
        db.exec(m.sql);
        db.prepare(
          'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)',
        ).run(crypto.randomUUID(), m.checksum, new Date().getTime(), m.name, now);
        done.push(m.name);
      }).immediate();
    }
    return done;
  } finally {
    db.close();
  }
}

/**
 * Advisory lock keys (any constants, the same in every process). Several processes may start together on one
 * PostgreSQL database (docs/decisions/060-several-processes.md). MIGRATIONS_LOCK covers all of migratePostgres,
 * including creating `_prisma_migrations`: two concurrent `CREATE TABLE IF NOT EXISTS` collide in the catalog
 * ('duplicate key value violates unique constraint "pg_type_typname_nsp_index"'). STARTUP_LOCK covers the rest of
 * start-up (prepare.server.ts: the first administrator). It is always taken before MIGRATIONS_LOCK, never after,
 * so the two cannot deadlock.
 */
const MIGRATIONS_LOCK = 724811;
const STARTUP_LOCK = 724812;

/** Runs `work` holding a session advisory lock on a connection of its own; PostgreSQL releases it if we die. */
async function withAdvisoryLock<T>(url: string, key: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Start-up work that must run in one process at a time when several share a PostgreSQL database
 * (docs/decisions/060-several-processes.md). SQLite is served by one process, so there it just runs.
 */
export function withStartupLock<T>(config: DatabaseConfig, work: () => Promise<T>): Promise<T> {
  return config.kind === 'postgresql' ? withAdvisoryLock(config.url, STARTUP_LOCK, () => work()) : work();
}

function migratePostgres(url: string, migrations: Migration[]): Promise<string[]> {
  return withAdvisoryLock(url, MIGRATIONS_LOCK, (client) => applyPostgres(client, migrations));
}

async function applyPostgres(client: pg.Client, migrations: Migration[]): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id VARCHAR(36) PRIMARY KEY NOT NULL, checksum VARCHAR(64) NOT NULL, finished_at TIMESTAMPTZ,
    migration_name VARCHAR(255) NOT NULL, logs TEXT, rolled_back_at TIMESTAMPTZ,
    started_at TIMESTAMPTZ NOT NULL DEFAULT now(), applied_steps_count INTEGER NOT NULL DEFAULT 0)`);
  const done: string[] = [];
  for (const m of migrations) {
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<AppliedRow>(
        'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      );
      if (appliedNames(rows, migrations).has(m.name)) {
        await client.query('COMMIT');
        continue;
      }
      const started = new Date();
      await client.query(m.sql);
      await client.query(
        'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, $4, 1)',
        [crypto.randomUUID(), m.checksum, m.name, started],
      );
      await client.query('COMMIT');
      done.push(m.name);
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
  return done;
}

type AppliedRow = { migration_name: string; checksum: string };

function appliedNames(rows: AppliedRow[], migrations: Migration[]): Set<string> {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  for (const row of rows) {
    const m = byName.get(row.migration_name);
    if (m && m.checksum !== row.checksum) {
      throw new Error(`Migration ${row.migration_name} was changed after it was applied (checksum differs).`);
    }
  }
  return new Set(rows.map((r) => r.migration_name));
}
