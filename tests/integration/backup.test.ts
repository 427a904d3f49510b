import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupDatabase, restoreDatabase } from '~/db/backup.server';
import { BackupError, BACKUPS_KEPT, listBackups } from '~/db/backup-files.server';
import { backupIfDue, startBackupSchedule } from '~/db/backup-schedule.server';
import { BACKUP_MARGIN_BYTES } from '~/db/backup-checks.server';
import { databaseConfig } from '~/db/database-url.server';
import { db } from '~/db/db.server';
import { seedDemoLeague } from '../../prisma/seed';
import { signIn } from './helpers';

const TMP = path.resolve('tests', '.tmp');
const made: string[] = [];
/** A folder or file path of this test's own under tests/.tmp, removed after the file. */
function scratch(what: string): string {
  const p = path.join(TMP, `int-${process.ppid}-backup-${what}-${crypto.randomBytes(4).toString('hex')}`);
  made.push(p);
  return p;
}
afterAll(() => {
  for (const p of made) for (const side of ['', '-wal', '-shm']) fs.rmSync(p + side, { recursive: true, force: true });
});

const config = databaseConfig();
if (config.kind !== 'sqlite') throw new Error('backup.test.ts runs on its SQLite test database');
const HOUR = 60 * 60 * 1000;

/** Every table's rows, each table's sorted, read with a connection of its own: what a backup must give back. */
function tablesOf(file: string): Record<string, string[]> {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        sqlite
          .prepare(`SELECT * FROM "${name}"`)
          .all()
          .map((r) => JSON.stringify(r))
          .sort(),
      ]),
    );
  } finally {
    sqlite.close();
  }
}

/** Runs scripts/<name>.ts as `npm run <name>` does (tsx), with `env` added. */
function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), `scripts/${name}.ts`, ...args],
    {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

describe('backups on SQLite', () => {
  // A league written through the models: seasons, golfers, flights, memberships, rounds, points, tee times.
  beforeAll(async () => {
    await seedDemoLeague(db, new Date('2026-11-23T17:00:00Z'));
  });

  it('backing up on its own keeps the newest 14 backups and leaves other files alone', async () => {
    const dir = scratch('rotation');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const start = new Date('2026-11-01T00:00:00Z').getTime();
    for (let i = 0; i < 16; i++)
      expect(await backupIfDue(config, dir, HOUR, new Date(start + i * HOUR))).not.toBeNull();
    // Half an hour after the last one, the next is not due yet.
    expect(await backupIfDue(config, dir, HOUR, new Date(start + 15.5 * HOUR))).toBeNull();

    const names = listBackups(dir).map((b) => b.name);
    expect(BACKUPS_KEPT).toBe(14);
    expect(names).toHaveLength(14);
    expect(names[0]).toBe('league-2026-11-01T02-00-00Z.sqlite');
    expect(names[13]).toBe('league-2026-11-01T15-00-00Z.sqlite');
    expect(fs.readdirSync(dir).sort()).toEqual([...names, 'notes.txt'].sort());
  });

  it('with BACKUP_EVERY_HOURS the server backs up at start when no backup is recent', async () => {
    const dir = scratch('schedule');
    const lines: string[] = [];
    const stop = startBackupSchedule(config, { everyHours: 24, dir, log: (line) => lines.push(line) });
    try {
      for (let i = 0; i < 100 && listBackups(dir).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect(listBackups(dir)).toHaveLength(1);
    expect(lines[0]).toContain('every 24 hour(s)');
    expect(lines[1]).toBe(`Backed up the database to ${listBackups(dir)[0].file}`);
    // Off when unset or 0: nothing is written.
    const off = scratch('off');
    await startBackupSchedule(config, { everyHours: null, dir: off })();
    expect(fs.existsSync(off)).toBe(false);
  });

  it('npm run backup writes a backup; npm run restore refuses a non-empty database and restores into an empty one', () => {
    const dir = scratch('cli');
    const backup = runScript('backup', [], { DATABASE_URL: `file:${config.file}`, BACKUP_DIR: dir });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const [file] = listBackups(dir);
    expect(file.name).toMatch(/^league-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    expect(backup.stdout).toContain(file.file);

    const before = tablesOf(config.file);
    const refused = runScript('restore', [file.file], { DATABASE_URL: `file:${config.file}` });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `Restore needs an empty database, and the SQLite database ${config.file} is not empty`,
    );
    expect(tablesOf(config.file)).toEqual(before);

    const target = scratch('cli-restored.db');
    const restored = runScript('restore', [file.file], { DATABASE_URL: `file:${target}` });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(tablesOf(target)).toEqual(before);

    expect(runScript('restore', [], {}).status).toBe(2);
  });

  it('refuses a file that is not a backup of this app, saying why, and writes nothing', async () => {
    const target = scratch('foreign-target.db');
    const text = scratch('notes.txt');
    fs.writeFileSync(text, 'golfer,score\nAvery,41\n');
    expect(await refusal(restoreDatabase(config, text))).toBe(
      `${text} is not a backup of this app: it is neither a SQLite database nor a pg_dump archive.`,
    );

    const other = scratch('other-app.sqlite');
    const sqlite = new Database(other);
    sqlite.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hi')");
    sqlite.close();
    const targetConfig = { ...config, file: target };
    expect(await refusal(restoreDatabase(targetConfig, other))).toBe(
      `${other} is not a backup of this app: it has no _prisma_migrations, users, golfers, seasons, rounds tables.`,
    );

    // Our tables, but a migration this version does not have: a newer version's backup (or a look-alike).
    const dir = scratch('newer');
    const newer = (await backupDatabase(config, dir)).file;
    const edit = new Database(newer);
    edit
      .prepare(
        "INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ('x', 'y', 1, '29991231000000_future', 1, 1)",
      )
      .run();
    edit.close();
    expect(await refusal(restoreDatabase(targetConfig, newer))).toBe(
      `${newer} was made by another version of this app, or another app: its migration 29991231000000_future is not one of this version's. Restore it with the version that made it.`,
    );

    expect(await refusal(restoreDatabase(targetConfig, scratch('missing.sqlite')))).toMatch(
      /^There is no backup file at /,
    );
    expect(fs.existsSync(target)).toBe(false);
  });

  // Last in this file: it destroys the file's database.
  it('backs up a league, and after the database is destroyed a restore gives back every row of every table', async () => {
    const { user } = await signIn();
    const dir = scratch('roundtrip');
    // Online: the app's client is connected (and has written) while the copy is taken.
    const backup = await backupDatabase(config, dir);
    expect(fs.existsSync(`${backup.file}.partial`)).toBe(false);
    const before = tablesOf(config.file);
    expect(before.golfers.length).toBeGreaterThanOrEqual(16);
    expect(before.rounds.length).toBeGreaterThan(0);
    expect(before.users.some((u) => JSON.parse(u).username === user.username)).toBe(true);
    expect(before._prisma_migrations.length).toBeGreaterThan(0);

    await db.$disconnect();
    for (const side of ['', '-wal', '-shm']) fs.rmSync(config.file + side, { force: true });
    expect(fs.existsSync(config.file)).toBe(false);

    await restoreDatabase(config, backup.file);
    expect(tablesOf(config.file)).toEqual(before);
    const restored = new Database(config.file, { readonly: true });
    expect(restored.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    restored.close();

    // A second restore finds the database no longer empty, and changes nothing.
    expect(await refusal(restoreDatabase(config, backup.file))).toMatch(
      /^Restore needs an empty database, and the SQLite database .* is not empty: it has \d+ tables \(_prisma_migrations, audit_log, automation_deliveries, …\)\. Move the file aside, then restore again\. Nothing was changed\.$/,
    );
    expect(tablesOf(config.file)).toEqual(before);
  });
});

// docs/decisions/147: the automatic backup never fills the disk. Its folder is a 48 MB tmpfs of this test's own
// (mounting needs root), the database a few MB, so a backup needs the database's size plus the 32 MB margin.
describe('a backup with too little free space (docs/decisions/147)', () => {
  it('is refused with a logged reason, writing nothing, and made once there is room', async () => {
    const dir = scratch('tmpfs');
    fs.mkdirSync(dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', dir]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const size =
        fs.statSync(config.file).size + (fs.statSync(`${config.file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
      expect(size + BACKUP_MARGIN_BYTES).toBeLessThan(40 * 1024 * 1024);
      // Leaves 16 MB free: less than the margin alone.
      fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(32 * 1024 * 1024, 1));
      expect(await refusal(backupIfDue(config, dir, HOUR))).toMatch(
        /^Not backing up: .* has \d+ MB free, and a backup of this \d+ MB database needs \d+ MB/,
      );
      const stop = startBackupSchedule(config, { everyHours: 24, dir, log: () => {} });
      await stop();
      expect(errors).toHaveBeenCalledWith('Automatic backup failed:', expect.stringMatching(/^Not backing up: /));
      expect(fs.readdirSync(dir)).toEqual(['filler']);

      fs.rmSync(path.join(dir, 'filler'));
      const made = await backupIfDue(config, dir, HOUR);
      expect(made).not.toBeNull();
      expect(listBackups(dir).map((b) => b.name)).toEqual([made!.name]);
    } finally {
      errors.mockRestore();
      execFileSync('umount', [dir]);
    }
  });
});
