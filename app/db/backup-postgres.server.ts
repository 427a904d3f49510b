import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './backup-files.server';
import { checkTablesAndMigrations, notEmpty, notOurs } from './backup-checks.server';

/* PostgreSQL: pg_dump / pg_restore of Debian's postgresql-client, of the server's major version or newer. */

const run = promisify(execFile);

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

export async function backupPostgres(url: string, target: string): Promise<void> {
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

export async function checkPostgresBackup(file: string, known: Set<string>): Promise<void> {
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

export async function assertPostgresEmpty(url: string): Promise<void> {
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

export async function restorePostgres(file: string, url: string): Promise<void> {
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
