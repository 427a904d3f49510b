import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { databaseUrl, withPgClient, withPostgres } from './pg-server';

let db: Db;
// A server of its own: the test drops and recreates its database by name (league_test).
withPostgres((ready) => (db = ready), undefined, { ownServer: true });

const TMP = path.resolve('tests', '.tmp');
const made: string[] = [];
function scratch(what: string): string {
  const p = path.join(TMP, `int-${process.ppid}-backup-pg-${what}-${crypto.randomBytes(4).toString('hex')}`);
  made.push(p);
  return p;
}
afterAll(() => {
  for (const p of made) fs.rmSync(p, { recursive: true, force: true });
});

const urlOf = (database: string) => databaseUrl(process.env.DATABASE_URL!, database);

/** Every table's rows, each table's sorted: what a backup must give back. */
function tablesOf(url: string): Promise<Record<string, string[]>> {
  return withPgClient(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables)
      out[name] = (await client.query(`SELECT * FROM "${name}"`)).rows.map((r) => JSON.stringify(r)).sort();
    return out;
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const { BackupError } = await import('~/db/backup-files.server');
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as Error).message;
}

describe('backups on PostgreSQL (pg_dump / pg_restore)', () => {
  it('refuses a file that is not a backup of this app, or a SQLite backup, saying why', async () => {
    const { backupDatabase, restoreDatabase } = await import('~/db/backup.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const config = databaseConfig();
    const target = { kind: 'postgresql' as const, url: urlOf('league_foreign_target') };
    await withPgClient(urlOf('postgres'), (c) => c.query('CREATE DATABASE league_foreign_target'));

    // A pg_dump of another application's database.
    await withPgClient(urlOf('postgres'), (c) => c.query('CREATE DATABASE other_app'));
    await withPgClient(urlOf('other_app'), (c) =>
      c.query("CREATE TABLE notes (id serial PRIMARY KEY, body text); INSERT INTO notes (body) VALUES ('hi')"),
    );
    const foreign = (await backupDatabase({ kind: 'postgresql', url: urlOf('other_app') }, scratch('other'))).file;
    expect(await refusal(restoreDatabase(target, foreign))).toBe(
      `${foreign} is not a backup of this app: it has no _prisma_migrations, users, golfers, seasons, rounds tables.`,
    );

    // Not an archive at all, though it starts like one.
    const garbage = scratch('garbage.pgdump');
    fs.writeFileSync(garbage, 'PGDMP this is not really an archive');
    expect(await refusal(restoreDatabase(target, garbage))).toMatch(
      new RegExp(
        `^${garbage.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a backup of this app: pg_restore cannot read it \\(.+\\)\\.$`,
      ),
    );

    // A SQLite backup of this app, into PostgreSQL.
    const sqliteBackup = scratch('league.sqlite');
    fs.copyFileSync(process.env.TEST_TEMPLATE_DB ?? path.join(TMP, 'template.db'), sqliteBackup);
    expect(await refusal(restoreDatabase(config, sqliteBackup))).toBe(
      `${sqliteBackup} is a SQLite backup but DATABASE_URL points at PostgreSQL: restore it into a SQLite database.`,
    );

    // None of them wrote a table.
    expect(await tablesOf(target.url)).toEqual({});
  });

  it('backing up on its own keeps the newest 14 pg_dump backups', async () => {
    const { backupIfDue } = await import('~/db/backup-schedule.server');
    const { listBackups } = await import('~/db/backup-files.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const dir = scratch('rotation');
    const start = new Date('2026-11-01T00:00:00Z').getTime();
    const hour = 60 * 60 * 1000;
    for (let i = 0; i < 15; i++)
      expect(await backupIfDue(databaseConfig(), dir, hour, new Date(start + i * hour))).not.toBeNull();
    expect(await backupIfDue(databaseConfig(), dir, hour, new Date(start + 14.5 * hour))).toBeNull();
    const names = listBackups(dir).map((b) => b.name);
    expect(names).toHaveLength(14);
    expect(names[0]).toBe('league-2026-11-01T01-00-00Z.pgdump');
    expect(names[13]).toBe('league-2026-11-01T14-00-00Z.pgdump');
  });

  // Last in this file: it destroys the file's database.
  it('backs up a league, and after the database is destroyed a restore gives back every row of every table', async () => {
    const { backupDatabase, restoreDatabase } = await import('~/db/backup.server');
    const { databaseConfig } = await import('~/db/database-url.server');
    const config = databaseConfig();
    if (config.kind !== 'postgresql') throw new Error('expected PostgreSQL');
    // Loaded now that DATABASE_URL points at PostgreSQL: the models it calls bind to the database client when loaded.
    const { seedDemoLeague } = await import('../../prisma/seed');
    await seedDemoLeague(db, new Date('2026-11-23T17:00:00Z'));

    const dir = scratch('roundtrip');
    const backup = await backupDatabase(config, dir);
    expect(backup.name).toMatch(/^league-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.pgdump$/);
    expect(fs.readdirSync(dir)).toEqual([backup.name]);
    const before = await tablesOf(config.url);
    expect(before.golfers.length).toBe(16);
    expect(before.rounds.length).toBeGreaterThan(0);
    expect(before._prisma_migrations.length).toBeGreaterThan(0);

    // The backup refuses to go into this database, which is not empty, and changes nothing.
    expect(await refusal(restoreDatabase(config, backup.file))).toMatch(
      /^Restore needs an empty database, and the PostgreSQL database league_test is not empty: it has \d+ tables \(public\._prisma_migrations, public\.audit_log, public\.automation_deliveries, …\)\. Create a new database \(createdb\) and point DATABASE_URL at it, then restore again\. Nothing was changed\.$/,
    );
    expect(await tablesOf(config.url)).toEqual(before);

    await db.$disconnect();
    await withPgClient(urlOf('postgres'), async (c) => {
      await c.query('DROP DATABASE league_test WITH (FORCE)');
      await c.query('CREATE DATABASE league_test');
    });
    expect(await tablesOf(config.url)).toEqual({});

    await restoreDatabase(config, backup.file);
    expect(await tablesOf(config.url)).toEqual(before);
    // Sequences come back too: the next golfer gets a new id, not one in use.
    await withPgClient(config.url, async (c) => {
      const { rows } = await c.query<{ id: number }>(
        `INSERT INTO golfers ("firstName", "lastName", "fullName", "updatedAt") VALUES ('After', 'Restore', 'After Restore', now()) RETURNING id`,
      );
      expect(before.golfers.map((g) => (JSON.parse(g) as { id: number }).id)).not.toContain(rows[0].id);
    });
  });
});
