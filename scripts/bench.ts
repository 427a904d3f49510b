// npm run bench: loads the admin pages against a league of realistic size and checks the performance targets:
// every list page runs a fixed number of database queries whatever the number of rows, and answers within its
// time budget. Uses its own temporary SQLite database; exits non-zero when a target is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'bench.db')}`;
process.env.SESSION_SECRET ??= 'bench-secret';
process.env.BCRYPT_COST = '4';

const { migrate } = await import('../app/utils/migrate.server');
const { databaseConfig } = await import('../app/utils/database-url.server');
await migrate(databaseConfig());
const { db, queryCount } = await import('../app/utils/db.server');
const { createUser } = await import('../app/models/users.server');
const { commitUserSession } = await import('../app/utils/auth.server');
const { recomputeHandicaps } = await import('../app/models/handicaps.server');
const { currentSeason } = await import('../app/domain/season');

const season = currentSeason();
const BUDGET_MS = 500;

type Loader = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;
const pages: Array<{ path: string; module: string; params?: Record<string, string> }> = [
  { path: '/golfers', module: '../app/routes/_admin.golfers' },
  { path: `/memberships?season=${season}`, module: '../app/routes/_admin.memberships' },
  { path: `/rounds?season=${season}`, module: '../app/routes/_admin.rounds' },
  { path: `/flights?season=${season}`, module: '../app/routes/_admin.flights' },
  { path: '/tee-times', module: '../app/routes/_admin.tee-times' },
  { path: '/email-list', module: '../app/routes/_admin.email-list' },
  { path: '/public/tee-times', module: '../app/routes/_public.public.tee-times' },
  { path: `/standings?season=${season}`, module: '../app/routes/_admin.standings' },
  { path: '/', module: '../app/routes/_admin._index' },
];

/** Grows the league to `golfers` golfers, each with a membership, a flight and `roundsEach` rounds. */
async function grow(golfers: number, roundsEach: number) {
  const have = await db.golfer.count();
  const course =
    (await db.course.findFirst()) ??
    (await db.course.create({ data: { courseName: 'Bench Course', coursePar: 36, courseLength: '3,000 yards' } }));
  await db.$transaction(
    async (tx) => {
      for (let i = have; i < golfers; i++) {
        const g = await tx.golfer.create({
          data: {
            firstName: `First${i}`,
            lastName: `Last${i}`,
            fullName: `First${i} Last${i}`,
            email: `golfer${i}@example.org`,
            phone: `231555${String(i).padStart(4, '0')}`,
          },
        });
        await tx.membership.create({
          data: {
            golferId: g.id,
            season,
            registered: true,
            paid: i % 3 !== 0,
            registrationDatetime: new Date(),
            estimatedScore: 40 + (i % 15),
          },
        });
        await tx.flightAssignment.create({ data: { golferId: g.id, season, flightNo: String((i % 4) + 1) } });
        for (let r = 0; r < roundsEach; r++) {
          const day = new Date(Date.UTC(season, 4, 4 + r * 7)).toISOString().slice(0, 10);
          await tx.round.create({
            data: { golferId: g.id, courseId: course.id, date: day, season, grossScore: 38 + ((i + r) % 12) },
          });
        }
        if (i < 44) {
          const time = `${String(11 + Math.floor((i * 10) / 60)).padStart(2, '0')}:${String((i * 10) % 60).padStart(2, '0')}`;
          await tx.teeTime.upsert({
            where: { time_season: { time, season } },
            create: { time, season, golfer1Id: g.id },
            update: {},
          });
        }
      }
      const ids = (await tx.golfer.findMany({ select: { id: true } })).map((g) => g.id);
      await recomputeHandicaps(tx, ids);
    },
    { timeout: 600_000 },
  );
}

async function measure(cookie: string) {
  const out = new Map<string, { queries: number; ms: number }>();
  for (const page of pages) {
    const mod = (await import(page.module)) as { loader: Loader };
    const run = async () => {
      const before = queryCount();
      const t0 = performance.now();
      try {
        await mod.loader({
          request: new Request(`http://localhost${page.path}`, { headers: { Cookie: cookie } }),
          params: page.params ?? {},
          context: {},
        });
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
      }
      return { queries: queryCount() - before, ms: performance.now() - t0 };
    };
    await run(); // warm up
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await run());
    runs.sort((a, b) => a.ms - b.ms);
    out.set(page.path, { queries: runs[0].queries, ms: runs[2].ms });
  }
  return out;
}

const admin = await createUser({
  username: 'bench',
  password: 'bench-password',
  email: 'bench@example.org',
  firstName: 'Bench',
  lastName: 'Admin',
  isAdmin: true,
});
const cookie = (await commitUserSession(new Request('http://localhost'), admin.id)).split(';')[0];

await grow(5, 3);
const small = await measure(cookie);
console.log('Growing the league to 500 golfers, 500 memberships, 4 flights and 100 golfers × 15 rounds…');
await grow(100, 15);
await grow(500, 0);
const large = await measure(cookie);

let failed = false;
console.log('\npage                          queries(5 golfers)  queries(500)  median ms(500)');
for (const page of pages) {
  const s = small.get(page.path)!;
  const l = large.get(page.path)!;
  const ok = s.queries === l.queries && l.ms <= BUDGET_MS;
  if (!ok) failed = true;
  console.log(
    `${page.path.padEnd(30)}${String(s.queries).padStart(18)}${String(l.queries).padStart(14)}${l.ms.toFixed(1).padStart(16)}  ${ok ? 'ok' : 'MISSED'}`,
  );
}
await db.$disconnect();
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  failed
    ? `\nA target was missed (same query count at both sizes, median ≤ ${BUDGET_MS} ms).`
    : '\nAll performance targets met.',
);
process.exit(failed ? 1 : 0);
