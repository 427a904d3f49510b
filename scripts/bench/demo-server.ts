// The production server as a visitor meets it, for the page-weight and Lighthouse benches: the bench's production
// build (./server.ts) serving a temporary SQLite database that holds the demo league `npm start` seeds on first run,
// so the public pages show what they show on a real site. Run as a script with `--seed`, it is the child process that
// seeds that database (the bench's own process already holds a database client of its own).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCookie } from '@remix-run/node';
import { buildApp, signIn, startServer } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type DemoServer = {
  url: string;
  /** The session cookie of the bench administrator, for the signed-in pages with a CLS budget (/flights). */
  cookie: string;
  /** The cookie of a demo golfer signed in to 'My league', for /me. */
  golferCookie: string;
  stop: () => Promise<void>;
};

export async function startDemoServer(): Promise<DemoServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-demo-'));
  const databaseUrl = `file:${path.join(dir, 'demo.db')}`;
  try {
    console.log('Building the app for production and seeding the demo league…');
    buildApp();
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/demo-server.ts', '--seed'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_GOLFER_TOKEN_FILE: path.join(dir, 'golfer-token') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('Seeding the demo league for the benchmark failed');
    const server = await startServer(databaseUrl);
    const cookie = await signIn(server.url);
    const token = fs.readFileSync(path.join(dir, 'golfer-token'), 'utf8').trim();
    const golferCookie = (
      await createCookie('__league_golfer', { secrets: ['bench-session-secret'] }).serialize(token)
    ).split(';')[0];
    return {
      url: server.url,
      cookie,
      golferCookie,
      stop: async () => {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The child: migrate the temporary database and seed the demo league into it, as `npm start` does on first run. */
async function seed() {
  const { migrate } = await import('../../app/db/migrate.server');
  const { databaseConfig } = await import('../../app/db/database-url.server');
  await migrate(databaseConfig());
  const { db } = await import('../../app/db/db.server');
  const { seedDemoLeague, seedDemoPlayoffs } = await import('../../prisma/seed');
  // As `npm start` seeds it: the league, then last season played to its playoff champions.
  await seedDemoLeague(db);
  await seedDemoPlayoffs(db);
  // A demo golfer signed in to 'My league' (a real session row), for /me's JavaScript budget.
  const golfer = await db.golfer.findFirst({ where: { email: { not: null } }, orderBy: { id: 'asc' } });
  if (!golfer) throw new Error('The demo league has no golfer with an email');
  const { createGolferSession } = await import('../../app/models/golfer-sessions.server');
  fs.writeFileSync(process.env.BENCH_GOLFER_TOKEN_FILE!, await createGolferSession(golfer.id));
  await db.$disconnect();
}

if (process.argv.includes('--seed') && fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? ''))
  await seed();
