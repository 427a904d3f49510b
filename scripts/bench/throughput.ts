// A burst of visitors costs little (docs/product/performance.md#public-page-cache): /join's throughput next to a raw
// node:http server sending the same bytes, both with 16 connections kept alive for a few seconds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { get, type BenchServer } from './server';

const CONNECTIONS = 16;
const SECONDS = 4;

async function requestsPerSecond(url: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = Date.now() + SECONDS * 1000;
  let count = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
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

export type ThroughputResult = { joinRps: number; rawRps: number; ratio: number };

export async function joinThroughput(server: BenchServer): Promise<ThroughputResult> {
  const page = await get(`${server.url}/join`);
  const raw = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': page.bytes });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/join`;
  const rawRps = await requestsPerSecond(rawUrl);
  raw.close();
  const joinRps = await requestsPerSecond(`${server.url}/join`);
  return { joinRps, rawRps, ratio: joinRps / rawRps };
}
