// The rain-out's budget (docs/product/performance.md, docs/decisions/176-rain-out-in-one-press.md): 'Rain out this
// night' for a night of 200 golfers, every one with texts on, queues every email and every text within 10 s of the
// press, each exactly once (the outbox's rows counted per golfer and channel). The real server (production build, on
// SQLite, no mail server and no Twilio account: its senders mark each queued message 'Not sent' meanwhile, which
// leaves its row) takes the press through POST /api/nights/{date}/rain-out, pressed twice at once as a double submit
// would. Run alone: `npx tsx scripts/bench/rain-out.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, signIn, startServer } from './server';

const GOLFERS = 200;
const BUDGET_MS = 10_000;

const log = (line: string) => console.log(`  ${line}`);

/** A night 10 days ahead (the server's clock sends it nothing meanwhile) with 200 golfers, each with texts on. */
async function setUp(): Promise<{ date: string; ids: number[] }> {
  const { db } = await import('../../app/db/db.server');
  const { todayInLeague } = await import('../../app/domain/season');
  const [y, m, d] = todayInLeague().split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + 10)).toISOString().slice(0, 10);
  const season = Number(date.slice(0, 4));
  await db.season.upsert({ where: { year: season }, create: { year: season, feeCents: 15000 }, update: {} });
  await db.scheduleEntry.create({ data: { season, date, event: 'Bench night', kind: 'regular-round', weekNumber: 1 } });
  await db.golfer.createMany({
    data: Array.from({ length: GOLFERS }, (_, k) => ({
      firstName: `R${k}`,
      lastName: 'Rain',
      fullName: `R${k} Rain`,
      email: `r${k}@bench.example`,
    })),
  });
  const ids = (await db.golfer.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((g) => g.id);
  await db.golferTexts.createMany({
    data: ids.map((golferId, k) => ({
      golferId,
      phone: `+1231555${String(k).padStart(4, '0')}`,
      confirmedAt: new Date(),
      textsOn: true,
    })),
  });
  await db.teeTime.createMany({
    data: Array.from({ length: GOLFERS / 4 }, (_, s) => ({
      time: `${String(15 + Math.floor(s / 6)).padStart(2, '0')}:${String((s % 6) * 10).padStart(2, '0')}`,
      season,
      golfer1Id: ids[4 * s],
      golfer2Id: ids[4 * s + 1],
      golfer3Id: ids[4 * s + 2],
      golfer4Id: ids[4 * s + 3],
    })),
  });
  return { date, ids };
}

async function runRainOutBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-rain-out-'));
  const databaseUrl = `file:${path.join(dir, 'rain-out.db')}`;
  process.env.DATABASE_URL = databaseUrl;
  console.log(`\n== A rain-out of a night of ${GOLFERS} golfers, all with texts on`);
  const { migrate } = await import('../../app/db/migrate.server');
  const { databaseConfig } = await import('../../app/db/database-url.server');
  await migrate(databaseConfig());
  const night = await setUp();
  log('building the app');
  buildApp();
  const server = await startServer(databaseUrl);
  try {
    const cookie = await signIn(server.url);
    const { db } = await import('../../app/db/db.server');
    const press = () =>
      fetch(`${server.url}/api/nights/${night.date}/rain-out`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: server.url },
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { changed?: boolean } }));
    const started = performance.now();
    const answers = await Promise.all([press(), press()]);
    const ms = performance.now() - started;
    const rows = await db.outboxMessage.findMany({
      where: { kind: 'rain-out', golferId: { in: night.ids } },
      select: { golferId: true, channel: true },
    });
    const per = new Map<string, number>();
    for (const r of rows) per.set(`${r.golferId}:${r.channel}`, (per.get(`${r.golferId}:${r.channel}`) ?? 0) + 1);
    const once = night.ids.every((id) => per.get(`${id}:email`) === 1 && per.get(`${id}:text`) === 1);
    const pressedOnce =
      answers.every((a) => a.status === 200) && answers.filter((a) => a.body.changed === true).length === 1;
    const ok = once && pressedOnce && rows.length === 2 * GOLFERS && ms <= BUDGET_MS;
    log(
      `rain-out: ${rows.filter((r) => r.channel === 'email').length} emails and ${rows.filter((r) => r.channel === 'text').length} texts queued in ${(ms / 1000).toFixed(1)} s (budget 10 s), ` +
        `each golfer once per channel: ${once ? 'yes' : 'NO'}, one of two presses queued: ${pressedOnce ? 'yes' : 'NO'} ${ok ? 'ok' : 'MISSED'}`,
    );
    return ok;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exit((await runRainOutBench()) ? 0 : 1);
