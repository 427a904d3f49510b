// Live results under load (docs/product/performance.md): 1,000 Server-Sent Events watchers of one night on one server
// process, every change reaching every one of them, the server's memory under 400 MB; then two server processes on one
// PostgreSQL database, watchers on B seeing every round written through A. The p95 of a change's arrival is printed
// beside the aim of 1 s, not a gate: it moves with the host (docs/decisions/189-the-bench-in-proportion.md). Each watcher is a socket of
// its own, read as a browser's EventSource reads it. Writes are rounds recorded through POST /api/rounds, as the
// admin round form does (an attested scorecard writes its rounds the same way); latency is counted from the moment
// the write is sent to the moment a watcher has the new leaderboard.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../tests/integration/pg-server';
import { readEventStream } from '../../tests/integration/sse-client';
import { buildApp, percentile, signIn, startServer, type BenchServer } from './server';

const WATCHERS = 1_000;
const CROSS_WATCHERS = 200;
const CHANGES = 10;
const AIM_P95_MS = 1_000;
const BUDGET_RSS_MB = 400;
const DATE = '2025-07-15';
const SEASON = 2025;

type Watcher = { arrivals: number[]; close: () => void };

/** One EventSource-like watcher: the time each `leaderboard` event arrives. */
function watch(url: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = [];
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`A watcher got ${res.statusCode}`));
        res.resume();
        return;
      }
      readEventStream(res, (event) => {
        if (event.event === 'leaderboard') arrivals.push(performance.now());
      });
      res.on('error', () => {});
      resolve({ arrivals, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

async function post(url: string, cookie: string, body: unknown): Promise<{ id: number }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(url).origin, Cookie: cookie },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

/** Golfers for the night's rounds, created through the API of `server`. */
async function golfers(url: string, cookie: string, count: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await post(`${url}/api/golfers`, cookie, { firstName: `Live${i}`, lastName: `Bench ${tag}` })).id);
  return ids;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

/**
 * Opens `count` watchers on `watchUrl`'s server, then records CHANGES rounds through `writeUrl`'s, one after the other
 * once every watcher has the previous one: the latency of each change at each watcher, and whether all arrived.
 */
async function measure(
  watchUrl: string,
  writeUrl: string,
  cookie: string,
  count: number,
  tag: string,
): Promise<{ latencies: number[]; missing: number }> {
  const ids = await golfers(writeUrl, cookie, CHANGES + 1, tag);
  await post(`${writeUrl}/api/rounds`, cookie, { golferId: ids[0], date: DATE, season: SEASON, grossScore: 45 });
  const watchers: Watcher[] = [];
  // Connect in batches, as a crowd arriving over a second would, not 1,000 at one instant.
  for (let i = 0; i < count; i += 100) {
    const batch = Math.min(100, count - i);
    watchers.push(
      ...(await Promise.all(Array.from({ length: batch }, () => watch(`${watchUrl}/stats/results/${DATE}/live`)))),
    );
  }
  await until(() => watchers.every((w) => w.arrivals.length >= 1), 10_000);
  const latencies: number[] = [];
  let missing = 0;
  for (let change = 1; change <= CHANGES; change++) {
    const sentAt = performance.now();
    await post(`${writeUrl}/api/rounds`, cookie, {
      golferId: ids[change],
      date: DATE,
      season: SEASON,
      grossScore: 40 + change,
    });
    await until(() => watchers.every((w) => w.arrivals.length > change), 5_000);
    for (const w of watchers) {
      const at = w.arrivals[change];
      if (at === undefined) missing += 1;
      else latencies.push(at - sentAt);
    }
  }
  for (const w of watchers) w.close();
  return { latencies, missing };
}

function report(label: string, latencies: number[], missing: number): boolean {
  const p95 = percentile(latencies, 95);
  const ok = missing === 0;
  console.log(
    `  ${label}: p95 ${p95.toFixed(0)} ms (aim ${AIM_P95_MS}), p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
      `${latencies.length} deliveries, ${missing} missing${ok ? '' : '  MISSED'}`,
  );
  return ok;
}

async function oneProcess(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-live-'));
  let server: BenchServer | undefined;
  try {
    server = await startServer(`file:${path.join(dir, 'live.db')}`);
    const cookie = await signIn(server.url);
    server.resetPeak();
    const { latencies, missing } = await measure(server.url, server.url, cookie, WATCHERS, 'one');
    const rss = server.peakRssMb();
    const latencyOk = report(`${WATCHERS} watchers, one process (SQLite)`, latencies, missing);
    const memoryOk = rss < BUDGET_RSS_MB;
    console.log(
      `  server memory (peak RSS): ${rss.toFixed(0)} MB (budget ${BUDGET_RSS_MB})${memoryOk ? '' : '  MISSED'}`,
    );
    return latencyOk && memoryOk;
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function twoProcesses(): Promise<boolean> {
  const pg = await startPostgres();
  let a: BenchServer | undefined;
  let b: BenchServer | undefined;
  try {
    a = await startServer(pg.url);
    b = await startServer(pg.url);
    const cookie = await signIn(a.url);
    const { latencies, missing } = await measure(b.url, a.url, cookie, CROSS_WATCHERS, 'two');
    return report(`${CROSS_WATCHERS} watchers on B, writes on A (PostgreSQL)`, latencies, missing);
  } finally {
    await a?.stop();
    await b?.stop();
    await pg.stop();
  }
}

export async function runLiveBench(): Promise<boolean> {
  console.log('\n== Live results (Server-Sent Events)');
  if (!process.argv.includes('--no-build')) buildApp();
  const one = await oneProcess();
  const two = await twoProcesses();
  return one && two;
}

// Run alone: `npx tsx scripts/bench/live.ts [--no-build]`.
if (path.resolve(process.argv[1] ?? '') === new URL(import.meta.url).pathname) {
  process.exit((await runLiveBench()) ? 0 : 1);
}
