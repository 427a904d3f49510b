// The money's page budgets (docs/product/money.md#money, docs/product/performance.md, docs/decisions/
// 183-money-once-across-processes.md): /money and 'My money' (/me/money), and their JSON twins, at league size (100
// golfers, 20 nights, 3 games, every golfer in every game every night, the payouts recomputed as the app does, cash
// paid) next to a small league: the same number of database queries however much money there is, HTML within 300 KB,
// the median printed beside them (a time the host decides, so not a gate: docs/decisions/189-the-bench-in-proportion.md).
// The real server (production build, SQLite, BENCH=1 for its query count), measured over HTTP.
// Run alone: `npx tsx scripts/bench/money.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HTML_BUDGET_KB, queriesSoFar } from './pages';
import { buildApp, get, median, signIn, startServer, type BenchServer } from './server';

const LEAGUE = { golfers: 100, nights: 20 } as const;
const SMALL = { golfers: 5, nights: 2 } as const;
const RUNS = 5;
const SESSION_SECRET = 'bench-session-secret';

const log = (line: string) => console.log(`  ${line}`);

/** A season's side games played: `golfers` golfers in all three games on its first `nights` nights, with results. */
async function playSeason(season: number, dates: string[], golfers: number, tag: string): Promise<number[]> {
  const { db } = await import('../../app/db/db.server');
  const { cents } = await import('../../app/domain/money');
  const { saveSideGames } = await import('../../app/models/side-games.server');
  const { recomputeSeasonPayouts } = await import('../../app/models/payouts.server');
  await saveSideGames(
    season,
    {
      skins: { net: true, feeCents: cents(500) },
      closestToPin: { hole: 7, feeCents: cents(200) },
      lowNet: { feeCents: cents(200) },
    },
    null,
  );
  await db.golfer.createMany({
    data: Array.from({ length: golfers }, (_, i) => ({
      firstName: `${tag}${i}`,
      lastName: `Money${String(i).padStart(3, '0')}`,
      fullName: `${tag}${i} Money${String(i).padStart(3, '0')}`,
    })),
  });
  const ids = (
    await db.golfer.findMany({
      where: { firstName: { startsWith: tag } },
      select: { id: true },
      orderBy: { id: 'asc' },
    })
  ).map((g) => g.id);
  const fees = { skins: 500, closestToPin: 200, lowNet: 200 };
  await db.sideGameEntry.createMany({
    data: dates.flatMap((date) =>
      ids.flatMap((golferId) =>
        Object.entries(fees).map(([game, feeCents]) => ({ date, season, golferId, game, feeCents })),
      ),
    ),
  });
  await db.round.createMany({
    data: dates.flatMap((date, n) =>
      ids.map((golferId, i) => ({ golferId, date, season, grossScore: 36 + ((i * 7 + n) % 12) })),
    ),
  });
  await db.closestToPin.createMany({
    data: dates.map((date, n) => ({ date, season, golferId: ids[(n * 13) % ids.length], feet: 3, inches: n % 12 })),
  });
  await db.moneyPayment.createMany({
    data: ids
      .filter((_, i) => i % 3 === 0)
      .map((golferId) => ({
        golferId,
        season,
        method: 'cash',
        amountCents: 2000,
        note: 'at the turn',
        paidAt: new Date(),
        createdBy: 'bench',
      })),
  });
  await db.$transaction((tx) => recomputeSeasonPayouts(tx, season), { timeout: 600_000, maxWait: 60_000 });
  return ids;
}

type Setup = { league: number; small: number; heavyGolfer: number; lightGolfer: number; payouts: number };

/** The league season (the one 'My money' shows) at league size, a small season before it, and two golfers. */
async function setUp(): Promise<Setup> {
  const { db } = await import('../../app/db/db.server');
  const { getLeagueSeason } = await import('../../app/models/seasons.server');
  const league = (await getLeagueSeason()).year;
  const taken = new Set((await db.scheduleEntry.findMany({ where: { season: league } })).map((e) => e.date));
  const played = (await db.scheduleEntry.findMany({ where: { season: league, kind: 'regular-round', rainOut: false } }))
    .map((e) => e.date)
    .sort();
  // The season's own league nights, then weekly nights in October and November of it up to twenty.
  const extra: string[] = [];
  for (let day = 0; played.length + extra.length < LEAGUE.nights; day += 7) {
    const date = new Date(Date.UTC(league, 9, 1 + day)).toISOString().slice(0, 10);
    if (!taken.has(date)) extra.push(date);
  }
  await db.scheduleEntry.createMany({
    data: extra.map((date, i) => ({ season: league, date, event: `Money week ${i + 1}`, kind: 'regular-round' })),
  });
  const nights = [...played, ...extra].slice(0, LEAGUE.nights);
  const small = league - 5;
  await db.season.create({ data: { year: small, feeCents: 15000 } });
  const smallNights = Array.from({ length: SMALL.nights }, (_, i) => `${small}-06-0${i + 1}`);
  await db.scheduleEntry.createMany({
    data: smallNights.map((date, i) => ({
      season: small,
      date,
      event: `Week ${i + 1}`,
      kind: 'regular-round',
      weekNumber: i + 1,
    })),
  });
  log(`the ${league} season: ${LEAGUE.golfers} golfers in 3 games on ${LEAGUE.nights} nights`);
  const ids = await playSeason(league, nights, LEAGUE.golfers, 'Big');
  log(`the ${small} season: ${SMALL.golfers} golfers in 3 games on ${SMALL.nights} nights`);
  await playSeason(small, smallNights, SMALL.golfers, 'Small');
  // 'My money' small: a golfer of the league season with one entry and nothing else.
  const light = await db.golfer.create({ data: { firstName: 'Light', lastName: 'Money', fullName: 'Light Money' } });
  await db.sideGameEntry.create({
    data: { date: nights[0], season: league, golferId: light.id, game: 'skins', feeCents: 500 },
  });
  const payouts = await db.payout.count({ where: { season: league } });
  log(`${await db.sideGameEntry.count({ where: { season: league } })} entries, ${payouts} payouts in ${league}`);
  return { league, small, heavyGolfer: ids[0], lightGolfer: light.id, payouts };
}

async function golferCookie(golferId: number): Promise<string> {
  const { golferCookieValue } = await import('../../tests/golfer-cookie');
  const { name, value } = await golferCookieValue(golferId, SESSION_SECRET);
  return `${name}=${value}`;
}

type Measured = { status: number; kb: number; ms: number; queries: number | null };

async function measure(server: BenchServer, pathAndQuery: string, cookie: string): Promise<Measured> {
  const url = `${server.url}${pathAndQuery}`;
  const headers = { Cookie: cookie };
  const first = await get(url, headers);
  const before = await queriesSoFar(server);
  const times = [(await get(url, headers)).ms];
  const after = await queriesSoFar(server);
  for (let i = 1; i < RUNS; i += 1) times.push((await get(url, headers)).ms);
  return {
    status: first.status,
    kb: first.bytes / 1024,
    ms: median(times),
    queries: before === null || after === null ? null : after - before,
  };
}

async function runMoneyBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-money-'));
  const databaseUrl = `file:${path.join(dir, 'money.db')}`;
  process.env.DATABASE_URL = databaseUrl;
  try {
    console.log(`\n== The money at league size: ${LEAGUE.golfers} golfers, ${LEAGUE.nights} nights, 3 games`);
    const { migrate } = await import('../../app/db/migrate.server');
    const { databaseConfig } = await import('../../app/db/database-url.server');
    await migrate(databaseConfig());
    const setup = await setUp();
    const cookies = {
      heavy: await golferCookie(setup.heavyGolfer),
      light: await golferCookie(setup.lightGolfer),
    };
    const { db } = await import('../../app/db/db.server');
    await db.$disconnect();
    log('building the app');
    buildApp();
    const server = await startServer(databaseUrl, { BENCH: '1', SESSION_SECRET });
    let ok = true;
    try {
      const admin = await signIn(server.url);
      const pages = [
        {
          page: '/money',
          small: [`/money?season=${setup.small}`, admin],
          large: [`/money?season=${setup.league}`, admin],
        },
        {
          page: '/api/money',
          small: [`/api/money?season=${setup.small}`, admin],
          large: [`/api/money?season=${setup.league}`, admin],
        },
        { page: '/me/money', small: ['/me/money', cookies.light], large: ['/me/money', cookies.heavy] },
        { page: '/api/me/money', small: ['/api/me/money', cookies.light], large: ['/api/me/money', cookies.heavy] },
      ] as const;
      console.log(
        `\n== Money pages, small next to league size (queries the same, HTML ≤ ${HTML_BUDGET_KB} KB, the median printed)`,
      );
      console.log(
        `${'page'.padEnd(16)}${'status'.padStart(7)}${'small KB'.padStart(10)}${'league KB'.padStart(11)}${'median ms'.padStart(11)}${'queries small'.padStart(15)}${'queries league'.padStart(16)}`,
      );
      for (const p of pages) {
        const small = await measure(server, p.small[0], p.small[1]);
        const large = await measure(server, p.large[0], p.large[1]);
        const pass =
          small.status === 200 &&
          large.status === 200 &&
          large.kb <= HTML_BUDGET_KB &&
          large.queries !== null &&
          large.queries === small.queries;
        ok &&= pass;
        console.log(
          `${p.page.padEnd(16)}${String(large.status).padStart(7)}${small.kb.toFixed(1).padStart(10)}${large.kb.toFixed(1).padStart(11)}${large.ms.toFixed(1).padStart(11)}${String(small.queries ?? '-').padStart(15)}${String(large.queries ?? '-').padStart(16)}  ${pass ? 'ok' : 'MISSED'}`,
        );
      }
    } finally {
      await server.stop();
    }
    return ok;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exit((await runMoneyBench()) ? 0 : 1);
