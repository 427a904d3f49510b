import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '~/db/db.server';
import { freePort } from '../free-port';

/** Where initdb/pg_ctl live: PATH first, then Debian's versioned folder. */
function findPgBin(tool: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && fs.existsSync(path.join(dir, tool))) return path.join(dir, tool);
  }
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    for (const v of fs.readdirSync(base).sort().reverse()) {
      const p = path.join(base, v, 'bin', tool);
      if (fs.existsSync(p)) return p;
    }
  }
  return null;
}

export type PgServer = {
  url: string;
  stop: () => Promise<void>;
  /** Stops the server (a fast shutdown: every connection is ended) and starts it again on the same port and data. */
  restart: () => Promise<void>;
};

/**
 * Starts a throwaway PostgreSQL cluster on a loopback port (trust auth, socket in a temp dir) and creates a
 * database. As root, the server runs as the `postgres` user, since initdb refuses root.
 */
export async function startPostgres(): Promise<PgServer> {
  const initdb = findPgBin('initdb');
  const postgres = findPgBin('postgres');
  if (!initdb || !postgres)
    throw new Error(
      'PostgreSQL is not installed (Debian package: postgresql). `npm test` installs it when run as root.',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-pg-'));
  const asRoot = process.getuid?.() === 0;
  const wrap = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  execFileSync(...wrap(initdb, ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']), {
    stdio: 'ignore',
  });
  const port = await freePort();
  const [cmd, args] = wrap(postgres, [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  let child: ChildProcess = spawn(cmd, args, { stdio: 'ignore' });
  const url = `postgresql://postgres@127.0.0.1:${port}/league_test`;
  const pg = (await import('pg')).default;
  /** Waits until the server answers, then runs `sql` (if any) on its `postgres` database. */
  const whenUp = async (sql?: string) => {
    for (let i = 0; ; i++) {
      const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
      try {
        await client.connect();
        if (sql) await client.query(sql);
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (i > 100) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await whenUp('CREATE DATABASE league_test');
  /** Signals the postmaster itself (runuser does not pass signals on); SIGINT is a fast shutdown. */
  const shutDown = async () => {
    const pidFile = path.join(data, 'postmaster.pid');
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : child.pid;
    const exited = new Promise((r) => child.once('exit', r));
    if (pid) process.kill(pid, 'SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  };
  return {
    url,
    stop: async () => {
      await shutDown();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await shutDown();
      child = spawn(cmd, args, { stdio: 'ignore' });
      await whenUp();
    },
  };
}

/** The test run's PostgreSQL cluster (global-setup.ts starts it): its `postgres` database's URL. */
const CLUSTER_ENV = 'TEST_PG_CLUSTER';
/** The database global-setup.ts migrates once; each test file gets a copy of it. */
const MIGRATED_TEMPLATE = 'league_migrated';

/** The address of another database on the same server as `url`. */
export function databaseUrl(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

/** Runs `work` with a client connected to `url`, and closes the client after it. */
export async function withPgClient<T>(url: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function onCluster(clusterUrl: string, sql: string): Promise<void> {
  await withPgClient(clusterUrl, (client) => client.query(sql));
}

/**
 * For global-setup.ts: one PostgreSQL cluster for the whole run, with the app's migrations applied once to a template
 * database. Starting a cluster (initdb) and migrating took each PostgreSQL test file 5 to 10 s; copying the template
 * takes a fraction of a second. Answers the teardown.
 */
export async function startSharedPostgres(): Promise<() => Promise<void>> {
  const server = await startPostgres();
  const clusterUrl = databaseUrl(server.url, 'postgres');
  try {
    await onCluster(clusterUrl, `CREATE DATABASE ${MIGRATED_TEMPLATE}`);
    const { migrate } = await import('../../app/db/migrate.server');
    await migrate({ kind: 'postgresql', url: databaseUrl(server.url, MIGRATED_TEMPLATE) });
  } catch (error) {
    // No teardown runs after a failed setup: the cluster would outlive the run.
    await server.stop();
    throw error;
  }
  // Test workers are forked after global setup, so they inherit this.
  process.env[CLUSTER_ENV] = clusterUrl;
  return server.stop;
}

/**
 * Runs the calling test file against a PostgreSQL database of its own: made, migrated and set as DATABASE_URL before
 * anything loads the database client. `onReady` receives the client; it is disconnected and the database dropped
 * after the file. `beforeMigrate` runs on the empty database first (a test may build an earlier release's database
 * there); otherwise the database starts as a copy of the run's migrated template, and the migration run
 * below finds nothing left to apply. The database is one of the run's shared cluster, unless `ownServer` (a test
 * that drops and recreates its database by name, or stops the server) asks for a cluster of the file's own. `empty`
 * leaves the database empty and unmigrated: the upgrade chain applies each release's migrations itself
 * (docs/decisions/186-postgres-where-it-differs.md).
 */
export function withPostgres(
  onReady: (db: Db) => void,
  beforeMigrate?: () => Promise<void>,
  { ownServer = false, empty = false }: { ownServer?: boolean; empty?: boolean } = {},
): void {
  // setup-env.ts gave this file a SQLite file too; DATABASE_URL is replaced before the client is first loaded.
  process.env.TEST_OWN_DATABASE = '1';
  let stop: (() => Promise<void>) | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    const clusterUrl = process.env[CLUSTER_ENV];
    if (ownServer || !clusterUrl) {
      const server = await startPostgres();
      process.env.DATABASE_URL = server.url;
      stop = server.stop;
    } else {
      const database = `league_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
      await onCluster(
        clusterUrl,
        `CREATE DATABASE ${database} TEMPLATE ${beforeMigrate || empty ? 'template0' : MIGRATED_TEMPLATE}`,
      );
      process.env.DATABASE_URL = databaseUrl(clusterUrl, database);
      stop = () => onCluster(clusterUrl, `DROP DATABASE ${database} WITH (FORCE)`);
    }
    await beforeMigrate?.();
    if (!empty) {
      const { migrate } = await import('~/db/migrate.server');
      const { databaseConfig } = await import('~/db/database-url.server');
      await migrate(databaseConfig());
    }
    db = (await import('~/db/db.server')).db;
    // A file that imported the app's database module before this ran (a helper imported at the top) holds the SQLite
    // client of setup-env.ts and would pass its PostgreSQL tests on SQLite: refuse, loudly.
    const engine = await db.$queryRawUnsafe<{ engine: string }[]>('SELECT version() AS engine').then(
      (rows) => rows[0]?.engine ?? '',
      () => 'not PostgreSQL (SQLite has no version())',
    );
    if (!/PostgreSQL/.test(engine))
      throw new Error(
        `This PostgreSQL test is connected to ${engine}: import the app and ./helpers lazily, after withPostgres`,
      );
    onReady(db);
  }, 120_000);
  afterAll(async () => {
    await db?.$disconnect();
    await stop?.();
  });
}
