// A burst of visitors costs little (docs/product/performance.md#public-page-cache): /join's throughput next to a raw
// node:http server sending the same bytes, both with 16 connections kept alive for a few seconds. Fair to both: each
// request asks for an encoding (as a browser does: br, or gzip, or none), and the raw server sends the bytes /join
// sent for that Accept-Encoding (compressed once, before it starts), with the same Content-Encoding.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** SPEC-3 §G: /join from the cache at least 0.6 of raw node:http's requests per second. */
export const JOIN_RATIO_BUDGET = 0.6;
const CONNECTIONS = 16;
const SECONDS = 4;
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

/** /join's answer, as its bytes on the wire (not decompressed), once it comes from the cache. */
async function joinAnswer(
  url: string,
  acceptEncoding: string,
): Promise<{ body: Buffer; contentEncoding: string | undefined }> {
  for (let attempt = 0; ; attempt++) {
    const answer = await new Promise<{ body: Buffer; contentEncoding: string | undefined; hit: boolean }>(
      (resolve, reject) => {
        const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
        http
          .get(url, { headers }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (b: Buffer) => parts.push(b));
            res.on('end', () =>
              resolve({
                body: Buffer.concat(parts),
                contentEncoding: res.headers['content-encoding'],
                hit: res.headers['x-page-cache'] === 'hit',
              }),
            );
          })
          .on('error', reject);
      },
    );
    if (answer.hit) return answer;
    if (attempt > 50) throw new Error('/join never came from the page cache');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type ThroughputRow = {
  acceptEncoding: string;
  contentEncoding: string;
  bytes: number;
  joinRps: number;
  rawRps: number;
  ratio: number;
  ok: boolean;
};

export async function joinThroughput(serverUrl: string): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const acceptEncoding of ACCEPT_ENCODINGS) {
    const url = `${serverUrl}/join`;
    const page = await joinAnswer(url, acceptEncoding);
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': page.body.length,
    };
    if (page.contentEncoding) headers['Content-Encoding'] = page.contentEncoding;
    const raw = http.createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(page.body);
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const rawRps = await requestsPerSecond(
      `http://127.0.0.1:${(raw.address() as AddressInfo).port}/join`,
      acceptEncoding,
    );
    raw.close();
    const joinRps = await requestsPerSecond(url, acceptEncoding);
    const ratio = joinRps / rawRps;
    rows.push({
      acceptEncoding,
      contentEncoding: page.contentEncoding ?? 'identity',
      bytes: page.body.length,
      joinRps,
      rawRps,
      ratio,
      ok: ratio >= JOIN_RATIO_BUDGET,
    });
  }
  return rows;
}
