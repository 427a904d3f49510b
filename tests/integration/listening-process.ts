import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * One server process of several on one PostgreSQL, for listen-reconnect.postgres.test.ts (run by path with tsx, its
 * own database client from DATABASE_URL): the public page cache and the live results hub as server.js mounts them,
 * in front of a page that reads the database, and a POST that writes a round, as a page's action does.
 *
 *   GET  /public/tee-times           {"golferIds": […]} (who has a round on ?date=), through the page cache
 *   GET  /stats/results/{date}/live  the live results' stream
 *   POST /rounds?golferId=&date=     writes a round through the model, as a page's action does
 *
 * Says `ready at http://127.0.0.1:PORT` when it listens.
 */

const { startPublicPageCache, keepPublicPages } = await import('~/web/page-cache.server');
const { startLiveResults, handleLiveResults } = await import('~/web/live-results.server');
const { createRound } = await import('~/models/rounds.server');
const { db } = await import('~/db/db.server');

await startPublicPageCache();
await startLiveResults();

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://league.invalid');
  const date = url.searchParams.get('date') ?? '';
  if (req.method === 'POST' && url.pathname === '/rounds') {
    const golferId = Number(url.searchParams.get('golferId'));
    await createRound({ golferId, date, season: Number(date.slice(0, 4)), grossScore: 40 }, null);
    res.writeHead(201).end();
    return;
  }
  if (url.pathname === '/public/tee-times') {
    const rounds = await db.round.findMany({ where: { date }, select: { golferId: true } });
    const golferIds = rounds.map((round) => round.golferId);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ golferIds }));
    return;
  }
  res.writeHead(404).end();
}

const server = http.createServer((req, res) =>
  handleLiveResults(req, res, () =>
    keepPublicPages(req, res, () => {
      answer(req, res).catch((error: unknown) => {
        // A write while the database is away answers 503, as a page would; the test waits for it to be back.
        console.error('listening-process:', error);
        if (!res.headersSent) res.writeHead(503).end();
      });
    }),
  ),
);
server.listen(0, '127.0.0.1', () => {
  console.log(`ready at http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
