import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PgServer } from './pg-server';
import { boardOf, openStream } from './sse-client';

// The database comes back (docs/product/faults.md, docs/decisions/145-listen-reconnects.md): two server processes on
// one PostgreSQL of this file's own (it is restarted), each with the public page cache and the live results hub
// (listening-process.ts). After their LISTEN connections are killed, and again after PostgreSQL restarts, within 5 s a
// write on one process empties the other's cache and reaches the other's live watchers, and both caches serve again;
// every watcher is sent the current leaderboard when its process hears the others again; no process crashes; each
// loss and each recovery is logged once.

process.env.TEST_OWN_DATABASE = '1';
const WITHIN_MS = 5_000;

type Proc = { child: ChildProcess; base: string; output: () => string };
let server: PgServer;
let a: Proc;
let b: Proc;
let night: { date: string; golferIds: number[] };

function startProcess(url: string): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/listening-process.ts'], {
    env: { ...process.env, DATABASE_URL: url, TEST_OWN_DATABASE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\S+)/.exec(output);
      if (ready) resolve({ child, base: ready[1], output: () => output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`The process exited (${code}):\n${output}`)));
  });
}

function send(method: 'GET' | 'POST', url: string): Promise<{ status: number; cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-page-cache']), body }));
      })
      .on('error', reject)
      .end();
  });
}

const page = async (p: Proc) => {
  const res = await send('GET', `${p.base}/public/tee-times?date=${night.date}`);
  expect(res.status).toBe(200);
  return { cache: res.cache, golferIds: (JSON.parse(res.body) as { golferIds: number[] }).golferIds };
};

/** Polls `check` until it holds, failing once the fault's 5 s (`within`) are over. */
async function until(startedAt: number, what: string, check: () => Promise<boolean>, within = WITHIN_MS) {
  while (!(await check())) {
    if (Date.now() - startedAt > within) throw new Error(`Not within ${WITHIN_MS} ms of the fault: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Stream = Awaited<ReturnType<typeof openStream>>;

/** The next leaderboard event on `stream` before the fault's 5 s are over. */
function nextBoard(stream: Stream, startedAt: number, within = WITHIN_MS) {
  return stream.next(Math.max(1, startedAt + within - Date.now())).then(boardOf);
}

/** A write on `from` reaches `to`: its cache is emptied and serves again, and its watcher hears the new round. */
async function writeIsHeard(
  from: Proc,
  to: Proc,
  watcher: Stream,
  golferId: number,
  startedAt: number,
  within = WITHIN_MS,
) {
  // The other process's cache serves again (it is off while its listener is lost).
  await until(startedAt, 'the cache serves again', async () => (await page(to)).cache === 'hit', within);
  expect((await page(to)).golferIds).not.toContain(golferId);
  expect((await send('POST', `${from.base}/rounds?golferId=${golferId}&date=${night.date}`)).status).toBe(201);
  await until(
    startedAt,
    "the other process's cache was emptied",
    async () => (await page(to)).golferIds.includes(golferId),
    within,
  );
  for (;;) {
    const board = await nextBoard(watcher, startedAt, within);
    if (board.flights.some((f) => f.rows.some((row) => row.id === golferId && row.thru === 9))) break;
  }
  await until(
    startedAt,
    'the cache serves again after the write',
    async () => (await page(to)).cache === 'hit',
    within,
  );
  expect(Date.now() - startedAt).toBeLessThan(within);
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;

let watchA: Stream;
let watchB: Stream;

beforeAll(async () => {
  server = await startPostgres();
  process.env.DATABASE_URL = server.url;
  const { migrate } = await import('~/db/migrate.server');
  await migrate({ kind: 'postgresql', url: server.url });
  const cases = await import('./live-results-cases');
  const { createGolfer } = await import('~/models/golfers.server');
  const { createFlightAssignment } = await import('~/models/flights.server');
  const { date, year } = await cases.liveNight(2021);
  const golferIds: number[] = [];
  for (let i = 0; i < 6; i++) {
    const golfer = await createGolfer({ firstName: `Back${i}`, lastName: `Again${i}` }, null);
    await createFlightAssignment({ golferId: golfer.id, season: year, flightNo: '1' }, null);
    golferIds.push(golfer.id);
  }
  night = { date, golferIds };
  [a, b] = await Promise.all([startProcess(server.url), startProcess(server.url)]);
  watchA = await openStream(`${a.base}/stats/results/${date}/live`);
  watchB = await openStream(`${b.base}/stats/results/${date}/live`);
  await watchA.next();
  await watchB.next();
  // A server that has run a while: its first write and page (code loaded, queries prepared) are behind it.
  const warm = Date.now();
  await Promise.all([
    writeIsHeard(a, b, watchB, golferIds[4], warm, 60_000),
    writeIsHeard(b, a, watchA, golferIds[5], warm, 60_000),
  ]);
}, 120_000);

afterAll(async () => {
  watchA?.close();
  watchB?.close();
  a?.child.kill();
  b?.child.kill();
  const { db } = await import('~/db/db.server');
  await db.$disconnect();
  await server?.stop();
});

describe('the database comes back (docs/product/faults.md)', () => {
  it('after the LISTEN connections are killed, both processes hear each other again within 5 s', async () => {
    // Both caches serve before the fault.
    for (const p of [a, b]) await until(Date.now(), 'the cache serves', async () => (await page(p)).cache === 'hit');
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const { rows } = await admin.query<{ killed: boolean }>(
      "SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name LIKE 'league LISTEN %'",
    );
    await admin.end();
    const startedAt = Date.now();
    // Two processes, one listening connection each: the commit listener the page cache and the live results share
    // (docs/decisions/190-one-source-one-commit-listener.md).
    expect(rows).toHaveLength(2);
    // Every watcher is sent the current leaderboard when its process listens again, though nothing changed.
    await nextBoard(watchA, startedAt);
    await nextBoard(watchB, startedAt);
    await Promise.all([
      writeIsHeard(a, b, watchB, night.golferIds[0], startedAt),
      writeIsHeard(b, a, watchA, night.golferIds[1], startedAt),
    ]);
  });

  it('after PostgreSQL restarts, both processes hear each other again within 5 s, and neither crashed', async () => {
    await server.restart();
    const startedAt = Date.now();
    await nextBoard(watchA, startedAt);
    await nextBoard(watchB, startedAt);
    await Promise.all([
      writeIsHeard(a, b, watchB, night.golferIds[2], startedAt),
      writeIsHeard(b, a, watchA, night.golferIds[3], startedAt),
    ]);
    for (const p of [a, b]) {
      expect(p.child.exitCode).toBeNull();
      // Each loss and each recovery once: the two faults, on the one channel.
      const log = p.output();
      expect(count(log, /The connection listening to league_commits was lost/), log).toBe(2);
      expect(count(log, /Listening to league_commits again after/), log).toBe(2);
      expect(count(log, /The connection listening to/), log).toBe(2);
    }
  });
});
