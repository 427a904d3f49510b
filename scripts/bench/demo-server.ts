// The production server as a visitor meets it, for the page-weight and Lighthouse benches: the bench's production
// build (./server.ts) serving a temporary SQLite database that holds the demo league `npm start` seeds on first run,
// so the public pages show what they show on a real site. Run as a script with `--seed`, it is the child process that
// seeds that database (the bench's own process already holds a database client of its own).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, signIn, startServer } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type DemoServer = {
  url: string;
  /** The session cookie of the bench administrator, for the signed-in pages with a CLS budget (/flights). */
  cookie: string;
  /**
   * A demo golfer's sign-in (for /me), the address of their group's card of tonight (SPEC-3 §G: the budgets), and the
   * results of the demo's latest night (the live results page, SPEC-3 §D4).
   */
  golfer: { cookie: string; scorecard: string; results: string };
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
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('Seeding the demo league for the benchmark failed');
    const server = await startServer(databaseUrl);
    const cookie = await signIn(server.url);
    const golfer = JSON.parse(
      fs.readFileSync(`${databaseUrl.slice('file:'.length)}.golfer.json`, 'utf8'),
    ) as DemoServer['golfer'];
    return {
      url: server.url,
      cookie,
      golfer,
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
  const { seedDemo } = await import('../../prisma/seed');
  // As `npm start` seeds it: the league, then last season (and this one once its Grand Championship date has passed)
  // played to its playoff champions (docs/decisions/127-demo-follows-the-calendar.md), its last nights on cards (141).
  await seedDemo(db);
  await golferTonight(db);
  await db.$disconnect();
}

/**
 * A demo golfer with a tee-time group tonight and the group's card on the demo course, three holes in: the scorecard
 * page as a golfer meets it on game night. Its sign-in cookie (signed with the bench server's secret), the card's
 * address and that of the latest night's results are left beside the database for the parent.
 */
async function golferTonight(db: (typeof import('../../app/db/db.server'))['db']) {
  const { todayInLeague } = await import('../../app/domain/season');
  const { golferCookieValue } = await import('../../tests/golfer-cookie');
  const date = todayInLeague();
  const golfers = await db.golfer.findMany({ orderBy: { id: 'asc' }, take: 4, select: { id: true } });
  const course = await db.course.findFirstOrThrow({ where: { holes: { some: {} } }, select: { id: true } });
  const slot = await db.teeTime.create({
    data: {
      time: '23:50',
      season: Number(date.slice(0, 4)),
      golfer1Id: golfers[0].id,
      golfer2Id: golfers[1].id,
      golfer3Id: golfers[2].id,
      golfer4Id: golfers[3].id,
    },
  });
  const card = await db.scorecard.create({ data: { date, teeTimeId: slot.id, courseId: course.id } });
  await db.holeScore.createMany({
    data: golfers.flatMap((g) =>
      [1, 2, 3].map((hole) => ({
        scorecardId: card.id,
        golferId: g.id,
        holeNumber: hole,
        strokes: 4 + ((g.id + hole) % 3),
        clientId: `demo-${g.id}-${hole}`,
        writtenAt: new Date(),
        writtenBy: 'Demo',
      })),
    ),
  });
  // Tonight is seldom a league night of the demo's schedule (its results page answers 404 then): the results page
  // measured is the demo's latest night with rounds, which opens the same live stream.
  const night = await db.round.findFirstOrThrow({ orderBy: { date: 'desc' }, select: { date: true } });
  const { name, value } = await golferCookieValue(golfers[0].id, 'bench-session-secret');
  const file = process.env.DATABASE_URL!.slice('file:'.length);
  fs.writeFileSync(
    `${file}.golfer.json`,
    JSON.stringify({
      cookie: `${name}=${value}`,
      scorecard: `/me/scorecard/${date}`,
      results: `/stats/results/${night.date}`,
    }),
  );
}

if (process.argv.includes('--seed') && fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? ''))
  await seed();
