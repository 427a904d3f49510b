// Scorecards on game night (docs/product/scorecards.md#budgets, decisions 128 and 140): 100 groups of 4 golfers, each
// group's phone sending its 9 holes (36 hole entries) to POST /api/me/scorecard/{date} at the same moment, and 10% of
// the phones sending their queue a second time, as a phone coming back online does. A write's time is its request's,
// from the first byte sent to the answer, through the whole server: node:http, Express, Remix and the route
// (app/routes/api.me.scorecard.$date.ts), whose model stores the writes that arrive together in one transaction. An
// absolute time does not hold on a shared host whose speed swings two- to threefold (decision 128), so the budget is a
// ratio measured in the same run: the burst's p95 against the same burst sent to a raw node:http server in a process
// of its own (it reads each body, parses it and answers a fixed JSON of the product's answer size), the two taken in
// turn, PAIRS pairs; the median of the pairs' ratios at most 4 (decisions 140, 188, 189). Every
// hole stored exactly once and every card's totals right. Served by the real server on the production build, on a
// SQLite database of its own. Run alone: `node --import tsx scripts/bench/scorecards.ts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp, get, median, percentile, startServer } from './server';

const GROUPS = 100;
const GOLFERS_PER_GROUP = 4;
const HOLES = 9;
const RESENT_SHARE = 0.1;
/** The product's p95 at most this many times raw node:http's, the median of the pairs (decision 188). */
const RATIO_BUDGET = 4;
/** Bursts of each kind, taken in turn (at least four; odd, so the median is one pair's ratio). */
const PAIRS = 9;
const SESSION_SECRET = 'bench-session-secret';

const log = (line: string) => console.log(`  ${line}`);

/** One group's phone: its sign-in, its tee time on each night of the bench (by date), its golfers and holes. */
type Phone = { cookie: string; teeTimeOn: Map<string, number>; golferIds: number[]; entries: Entry[] };
type Entry = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt: number };

/** The strokes golfer `g` of group `t` takes on hole `h` (3 to 7; the par-4 holes' cap of 8 is never reached). */
const strokesOf = (t: number, g: number, h: number) => 3 + ((t + 2 * g + 3 * h) % 5);

/**
 * The league of the bench: 100 groups of 4, each with a standing tee time in the season of each night and the night's
 * card made (golfers keep cards on a night that was started: the bench plays today, whatever the calendar says).
 */
async function setUp(nights: string[]): Promise<Phone[]> {
  const { db } = await import('../../app/db/db.server');
  const { golferCookieValue } = await import('../../tests/golfer-cookie');
  const course = await db.course.create({
    data: { courseName: 'Bench Links', coursePar: 36, courseLength: '3 miles' },
  });
  await db.hole.createMany({
    data: Array.from({ length: HOLES }, (_, i) => ({ courseId: course.id, number: i + 1, par: 4, strokeIndex: i + 1 })),
  });
  const phones: Phone[] = [];
  for (let t = 0; t < GROUPS; t++) {
    const golferIds: number[] = [];
    for (let g = 0; g < GOLFERS_PER_GROUP; g++) {
      const golfer = await db.golfer.create({
        data: { firstName: `G${g}`, lastName: `Group${t}`, fullName: `G${g} Group${t}` },
      });
      golferIds.push(golfer.id);
    }
    const time = `${String(11 + Math.floor(t / 6)).padStart(2, '0')}:${String((t % 6) * 10).padStart(2, '0')}`;
    const slotOfSeason = new Map<number, number>();
    const teeTimeOn = new Map<string, number>();
    for (const date of nights) {
      const season = Number(date.slice(0, 4));
      if (!slotOfSeason.has(season)) {
        const slot = await db.teeTime.create({
          data: {
            time,
            season,
            golfer1Id: golferIds[0],
            golfer2Id: golferIds[1],
            golfer3Id: golferIds[2],
            golfer4Id: golferIds[3],
          },
        });
        slotOfSeason.set(season, slot.id);
      }
      const teeTimeId = slotOfSeason.get(season)!;
      await db.scorecard.create({ data: { date, teeTimeId, courseId: course.id } });
      teeTimeOn.set(date, teeTimeId);
    }
    const { name, value } = await golferCookieValue(golferIds[0], SESSION_SECRET);
    const entries: Entry[] = [];
    for (let h = 1; h <= HOLES; h++)
      golferIds.forEach((golferId, g) =>
        entries.push({
          clientId: `bench-${t}-${g}-${h}`,
          golferId,
          hole: h,
          strokes: strokesOf(t, g, h),
          enteredAt: Date.now() - (HOLES - h) * 600_000,
        }),
      );
    phones.push({ cookie: `${name}=${value}`, teeTimeOn, golferIds, entries });
  }
  await db.$disconnect();
  return phones;
}

/**
 * One phone's send of its queue: the time it took, the status and the answer's size. Each send opens a connection of
 * its own, as a phone coming back online does (fetch would reuse the warm-up's connections).
 */
function send(url: string, date: string, phone: Phone): Promise<{ ms: number; status: number; bytes: number }> {
  const body = JSON.stringify({ teeTimeId: phone.teeTimeOn.get(date), entries: phone.entries });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      `${url}/api/me/scorecard/${date}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Cookie: phone.cookie,
          Origin: url,
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same queue for another night: entries of their own (client ids are unique per hole entry). */
const warmEntry = (e: Entry): Entry => ({ ...e, clientId: `warm-${e.clientId}` });

/** The night before `date`, for warming the server: still open to golfers (a night closes at the end of the next day). */
function nightBefore(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The floor (decision 140): a raw node:http server in a process of its own, as the app's server is, that reads each
 * request's body, parses it as JSON and answers a fixed JSON of `answerBytes` bytes, with its length, uncompressed
 * (as the product answers a phone's write). No Remix, no session, no database: what the host charges for the
 * burst's HTTP and JSON alone.
 */
async function rawServer(answerBytes: number): Promise<{ url: string; stop: () => void }> {
  const source = `
    const http = require('node:http');
    const size = Number(process.argv[1]);
    const head = '{"saved":true,"pad":"';
    const answer = Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - 2)) + '"}');
    const server = http.createServer((req, res) => {
      const parts = [];
      req.on('data', (b) => parts.push(b));
      req.on('end', () => {
        let status = 200;
        try { JSON.parse(Buffer.concat(parts).toString('utf8')); } catch { status = 400; }
        res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': answer.length });
        res.end(answer);
      });
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source, String(answerBytes)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once('exit', (code) => reject(new Error(`The raw node:http server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * One burst: every phone at once, and the resending phones a second time while the first sends are still in flight.
 * Its p95 is that of the hole writes: each request carries 36, each as long as its request.
 */
async function burst(url: string, date: string, phones: Phone[]) {
  const resent = phones.filter((_, i) => i % Math.round(1 / RESENT_SHARE) === 0);
  const answers = await Promise.all([
    ...phones.map((p) => send(url, date, p)),
    ...resent.map((p) => send(url, date, p)),
  ]);
  const writeTimes = answers.flatMap((a) => Array.from({ length: GOLFERS_PER_GROUP * HOLES }, () => a.ms));
  return { answers, writes: writeTimes.length, p95: percentile(writeTimes, 95) };
}

/** Runs the check and prints its table; true when the budgets were met. */
async function runScorecardBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-cards-'));
  const databaseUrl = `file:${path.join(dir, 'cards.db')}`;
  process.env.DATABASE_URL = databaseUrl;
  console.log(
    `\n== Scorecards: ${GROUPS} groups of ${GOLFERS_PER_GROUP} send their ${HOLES} holes at once, ${RESENT_SHARE * 100}% sent twice (p95 next to raw node:http, ${PAIRS} pairs, median ratio ≤ ${RATIO_BUDGET})`,
  );
  const { migrate } = await import('../../app/db/migrate.server');
  const { databaseConfig } = await import('../../app/db/database-url.server');
  await migrate(databaseConfig());
  const { todayInLeague } = await import('../../app/domain/season');
  const date = todayInLeague();
  const warmNight = nightBefore(date);
  const phones = await setUp([date, warmNight]);
  log('building the app');
  buildApp();
  const server = await startServer(databaseUrl, { SESSION_SECRET });
  let raw: { url: string; stop: () => void } | undefined;
  try {
    // Each phone has opened its card before the first hole, as a golfer does (not timed): the server is warm.
    // (Through the bench's own HTTP agent: the burst below opens its connections afresh, as 100 phones would.)
    for (const phone of phones) {
      const res = await get(`${server.url}/api/me/scorecard/${date}`, { Cookie: phone.cookie });
      if (res.status !== 200) throw new Error(`Opening a card for the benchmark failed: ${res.status}`);
    }
    // The server has kept score before, as it has on game night by the time phones come back online: each phone
    // sends its queue once for another night (not timed; its own entries), so the write path runs warm, not cold.
    const warm = await Promise.all(
      phones.map((p) => send(server.url, warmNight, { ...p, entries: p.entries.map(warmEntry) })),
    );
    if (warm.some((w) => w.status !== 200)) throw new Error('Warming the server on another night failed');
    // The raw server answers what the product answered a phone, byte for byte in size.
    const answerBytes = Math.round(median(warm.map((w) => w.bytes)));
    raw = await rawServer(answerBytes);
    const rawWarm = await burst(raw.url, date, phones);
    if (rawWarm.answers.some((a) => a.status !== 200)) throw new Error('The raw node:http server refused a queue');

    const { db } = await import('../../app/db/db.server');
    const pairs: { product: number; floor: number; ratio: number }[] = [];
    let failed = 0;
    let writes = 0;
    let requests = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const floor = await burst(raw.url, date, phones);
      // The same burst each time: the holes of the pair before are taken away first (not timed).
      await db.holeScore.deleteMany({ where: { scorecard: { date } } });
      const product = await burst(server.url, date, phones);
      failed += product.answers.filter((a) => a.status !== 200).length;
      writes = product.writes;
      requests = product.answers.length;
      pairs.push({ product: product.p95, floor: floor.p95, ratio: product.p95 / floor.p95 });
      log(
        `pair ${pair + 1}: product p95 ${product.p95.toFixed(0)} ms, raw node:http p95 ${floor.p95.toFixed(0)} ms: ratio ${(product.p95 / floor.p95).toFixed(2)}`,
      );
    }
    const ratio = median(pairs.map((p) => p.ratio));

    // What the last burst stored.
    const rows = await db.holeScore.findMany({
      where: { scorecard: { date } },
      select: { golferId: true, holeNumber: true, strokes: true },
    });
    const keys = new Set(rows.map((r) => `${r.golferId}-${r.holeNumber}`));
    const expected = GROUPS * GOLFERS_PER_GROUP * HOLES;
    const once = rows.length === expected && keys.size === expected;
    const { getScorecard } = await import('../../app/models/scorecards.server');
    let wrongTotals = 0;
    for (const [t, phone] of phones.entries()) {
      const card = await getScorecard(date, phone.teeTimeOn.get(date)!);
      phone.golferIds.forEach((golferId, g) => {
        let gross = 0;
        for (let h = 1; h <= HOLES; h++) gross += strokesOf(t, g, h);
        const line = card.lines[golferId];
        if (!line || line.gross !== gross || line.thru !== HOLES) wrongTotals += 1;
      });
    }
    await db.$disconnect();

    const rowsOut = [
      {
        check: `median p95 ratio, ${writes} hole writes (${requests} requests)`,
        value: ratio.toFixed(2),
        budget: `≤ ${RATIO_BUDGET}`,
        ok: ratio <= RATIO_BUDGET,
      },
      { check: 'requests not answered 200', value: String(failed), budget: '0', ok: failed === 0 },
      { check: 'hole rows stored', value: `${rows.length} (${keys.size} holes)`, budget: `${expected} once`, ok: once },
      { check: 'golfers with a wrong card total', value: String(wrongTotals), budget: '0', ok: wrongTotals === 0 },
    ];
    for (const r of rowsOut)
      log(`${r.ok ? 'ok    ' : 'MISSED'} ${r.check.padEnd(52)} ${r.value.padStart(16)}   budget ${r.budget}`);
    // Not a budget: the absolute times, for reading one run against another, and the machine's load meanwhile.
    log(
      `(product p95 ${median(pairs.map((p) => p.product)).toFixed(0)} ms, raw ${median(pairs.map((p) => p.floor)).toFixed(0)} ms, medians of the pairs; answer ${answerBytes} bytes; load average ${os.loadavg()[0].toFixed(1)})`,
    );
    return rowsOut.every((r) => r.ok);
  } finally {
    raw?.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await runScorecardBench();
  process.exit(ok ? 0 : 1);
}
