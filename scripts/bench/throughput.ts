// A burst of visitors costs little (docs/product/performance.md#caching): a cached public page's throughput through
// the whole server (node:http and the page cache's replay, decision 188) next to the floor, a raw node:http server
// sending the same bytes, both with 16 connections kept alive, measured in turns in the same run (decisions 140, 189).
// Fair to both: each request asks for an encoding (as a browser does: br, or gzip, or none), and the raw server, a
// process of its own like the app's, answers with the bytes the page was answered with for that Accept-Encoding: the
// same body and the same headers (its Content-Security-Policy, ETag and the rest; node:http adds Date and Connection
// to both), since a client reads every header of an answer as it reads its body (decision 189).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { median } from './server';

/** docs/product/performance.md: cached public pages at least 0.8 of raw node:http's requests per second. */
export const CACHED_RATIO_BUDGET = 0.8;
/** A small page and a large one (at league size /stats is the largest public page the cache keeps). */
const CACHED_PAGES = ['/join', '/stats'] as const;
const CONNECTIONS = 16;
const SECONDS = 2;
/** Pairs of turns, raw then page, each pair's ratio taken (odd, so the median is one pair's). */
const PAIRS = 5;
/** What browsers send (br), what older clients send (gzip), and none (curl, bots). */
const ACCEPT_ENCODINGS = ['gzip, deflate, br', 'gzip', ''] as const;

async function requestsPerSecond(url: string, acceptEncoding: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
  const until = Date.now() + SECONDS * 1000;
  let count = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            count += 1;
            resolve();
          });
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  agent.destroy();
  return count / SECONDS;
}

/** Headers node:http writes on every answer of its own (or that belong to one connection): not the page's. */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A cached page's answer: its body as sent (not decompressed) and its headers, once it comes from the cache. */
type CachedAnswer = { body: Buffer; headers: Record<string, string>; contentEncoding: string | undefined };

async function cachedAnswer(url: string, acceptEncoding: string): Promise<CachedAnswer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await new Promise<CachedAnswer & { hit: boolean }>((resolve, reject) => {
      const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
      http
        .get(url, { headers }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (b: Buffer) => parts.push(b));
          res.on('end', () => {
            const kept: Record<string, string> = {};
            for (let i = 0; i < res.rawHeaders.length; i += 2)
              if (!PER_CONNECTION_HEADERS.has(res.rawHeaders[i].toLowerCase()))
                kept[res.rawHeaders[i]] = res.rawHeaders[i + 1];
            resolve({
              body: Buffer.concat(parts),
              headers: kept,
              contentEncoding: res.headers['content-encoding'],
              hit: res.headers['x-page-cache'] === 'hit',
            });
          });
        })
        .on('error', reject);
    });
    if (answer.hit) return answer;
    if (attempt > 50) throw new Error(`${url} never came from the page cache`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type ThroughputRow = {
  path: string;
  acceptEncoding: string;
  contentEncoding: string;
  bytes: number;
  pageRps: number;
  rawRps: number;
  ratio: number;
  ok: boolean;
};

/**
 * The raw node:http server, in a process of its own as the app's server is (in this one it would share a thread with
 * the load): answers every request with the page's answer, its headers and body. Returns its URL and a function that
 * stops it.
 */
async function rawServer(answer: CachedAnswer): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-raw-'));
  fs.writeFileSync(path.join(dir, 'body'), answer.body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(answer.headers));
  const source = `
    const fs = require('node:fs');
    const http = require('node:http');
    const body = fs.readFileSync(process.argv[1] + '/body');
    const headers = JSON.parse(fs.readFileSync(process.argv[1] + '/headers.json', 'utf8'));
    const server = http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once('exit', (code) => reject(new Error(`The raw node:http server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For each page and Accept-Encoding: the raw server and the page measured in turns, PAIRS pairs, and the median of the
 * pairs' ratios kept, as the scorecard bench does: the two turns of a pair are two seconds apart, so the other work on
 * the shared machine falls on both, where the medians of each side could come from different moments.
 */
export async function cachedPageThroughput(serverUrl: string): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const pagePath of CACHED_PAGES) {
    const url = `${serverUrl}${pagePath}`;
    for (const acceptEncoding of ACCEPT_ENCODINGS) {
      const page = await cachedAnswer(url, acceptEncoding);
      const raw = await rawServer(page);
      const rawRates: number[] = [];
      const pageRates: number[] = [];
      try {
        for (let pair = 0; pair < PAIRS; pair++) {
          rawRates.push(await requestsPerSecond(raw.url, acceptEncoding));
          pageRates.push(await requestsPerSecond(url, acceptEncoding));
        }
      } finally {
        raw.stop();
      }
      const [pageRps, rawRps] = [median(pageRates), median(rawRates)];
      const ratio = median(pageRates.map((rate, i) => rate / rawRates[i]));
      rows.push({
        path: pagePath,
        acceptEncoding,
        contentEncoding: page.contentEncoding ?? 'identity',
        bytes: page.body.length,
        pageRps,
        rawRps,
        ratio,
        ok: ratio >= CACHED_RATIO_BUDGET,
      });
    }
  }
  return rows;
}
