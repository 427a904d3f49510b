import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A server process for crash.test.ts (run by path with tsx, its own database client from DATABASE_URL): the phones'
 * hole entries, POST /api/me/scorecard/{date}, answered as server.js answers them (answerScorecardWrite, before
 * Express, with its group commit: docs/decisions/128-scorecard-group-commit.md). Says `ready at http://…` when it
 * listens; the test ends it with SIGKILL.
 */
const { answerScorecardWrite } = await import('~/web/scorecard-writes.server');

const server = http.createServer((req, res) => {
  if (!answerScorecardWrite(req, res)) res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  console.log(`ready at http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
