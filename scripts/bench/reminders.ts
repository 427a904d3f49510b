// The scheduled jobs' budget (docs/product/performance.md, docs/decisions/150-scheduled-jobs.md): a reminder run for
// 10,000 golfers queues its emails within 60 s, and public pages answer within 300 ms at p95 while it runs. The real
// server (production build, on SQLite, no mail server: its sender marks each queued message 'Not sent' meanwhile) runs
// the job itself through 'Send now', as its clock would; the pages are asked one after the other for as long as the
// run lasts. Run alone: `npx tsx scripts/bench/reminders.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, get, percentile, signIn, startServer } from './server';

const GOLFERS = 10_000;
const RUN_BUDGET_MS = 60_000;
const P95_BUDGET_MS = 300;
const PAGES = ['/join', '/schedule', '/public/tee-times', '/rules'];

const log = (line: string) => console.log(`  ${line}`);

/**
 * A GET, sent again once when the server closed an idle kept-alive connection just as it was reused (ECONNRESET):
 * that is the connection's end, not an answer of the page (the one run of this bench met it while warming up).
 */
async function getPage(url: string) {
  try {
    return await get(url);
  } catch (error) {
    if (!/kept-alive connection: read ECONNRESET/.test(String(error))) throw error;
    return get(url);
  }
}

/** 2,500 distinct standing tee times of four: the first 1,440 are the day's minutes, the rest marked apart. */
function slotTime(i: number): string {
  const minute = i % 1440;
  const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return i < 1440 ? hhmm : `${hhmm}b`;
}

/** A night 10 days ahead (so the server's own clock leaves its reminder alone) with 10,000 golfers holding a spot. */
async function setUp(): Promise<{ date: string; season: number }> {
  const { db } = await import('../../app/db/db.server');
  const { todayInLeague } = await import('../../app/domain/season');
  const [y, m, d] = todayInLeague().split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + 10)).toISOString().slice(0, 10);
  const season = Number(date.slice(0, 4));
  await db.season.upsert({ where: { year: season }, create: { year: season, feeCents: 15000 }, update: {} });
  await db.scheduleEntry.create({ data: { season, date, event: 'Bench night', kind: 'regular-round', weekNumber: 1 } });
  for (let i = 0; i < GOLFERS; i += 1_000)
    await db.golfer.createMany({
      data: Array.from({ length: 1_000 }, (_, k) => ({
        firstName: `G${i + k}`,
        lastName: 'Bench',
        fullName: `G${i + k} Bench`,
        email: `g${i + k}@bench.example`,
      })),
    });
  const ids = (await db.golfer.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((g) => g.id);
  const slots = Array.from({ length: GOLFERS / 4 }, (_, s) => ({
    time: slotTime(s),
    season,
    golfer1Id: ids[4 * s],
    golfer2Id: ids[4 * s + 1],
    golfer3Id: ids[4 * s + 2],
    golfer4Id: ids[4 * s + 3],
  }));
  for (let i = 0; i < slots.length; i += 500) await db.teeTime.createMany({ data: slots.slice(i, i + 500) });
  return { date, season };
}

async function runReminderBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-reminders-'));
  const databaseUrl = `file:${path.join(dir, 'reminders.db')}`;
  process.env.DATABASE_URL = databaseUrl;
  console.log(`\n== Scheduled jobs: a reminder run for ${GOLFERS.toLocaleString('en-US')} golfers`);
  const { migrate } = await import('../../app/db/migrate.server');
  const { databaseConfig } = await import('../../app/db/database-url.server');
  await migrate(databaseConfig());
  const night = await setUp();
  log('building the app');
  buildApp();
  const server = await startServer(databaseUrl);
  try {
    for (const page of PAGES) await getPage(`${server.url}${page}`); // warm, not timed
    const cookie = await signIn(server.url);
    const { db } = await import('../../app/db/db.server');
    let running = true;
    const times: number[] = [];
    const pages = (async () => {
      for (let i = 0; running; i++) {
        const res = await getPage(`${server.url}${PAGES[i % PAGES.length]}`);
        if (res.status !== 200) throw new Error(`${PAGES[i % PAGES.length]} answered ${res.status}`);
        times.push(res.ms);
      }
    })();
    // The server runs the job itself, as its clock does: 'Send now' answers once every email is queued.
    const started = performance.now();
    let outcome: { queued?: number; message?: string };
    try {
      const res = await fetch(`${server.url}/api/automation/reminder/send`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: server.url },
      });
      outcome = (await res.json()) as typeof outcome;
      if (res.status !== 200) throw new Error(`'Send now' answered ${res.status}: ${outcome.message}`);
    } finally {
      // A failed run stops the pages too, so its own error is the one reported (not the server stopping under them).
      running = false;
      await pages;
    }
    const runMs = performance.now() - started;
    const queued = await db.outboxMessage.count({ where: { key: { startsWith: `auto:reminder:${night.date}:` } } });
    const p95 = percentile(times, 95);
    const runOk = outcome.queued === GOLFERS && queued === GOLFERS && runMs <= RUN_BUDGET_MS;
    const pagesOk = times.length > 0 && p95 <= P95_BUDGET_MS;
    log(
      `reminder run: ${queued} emails queued in ${(runMs / 1000).toFixed(1)} s (budget 60 s) ${runOk ? 'ok' : 'MISSED'}`,
    );
    log(
      `public pages meanwhile: ${times.length} answers, p95 ${p95.toFixed(0)} ms (budget 300 ms) ${pagesOk ? 'ok' : 'MISSED'}`,
    );
    return runOk && pagesOk;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exit((await runReminderBench()) ? 0 : 1);
