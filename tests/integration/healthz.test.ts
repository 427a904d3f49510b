import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, stopBuiltServers, type BuiltServer } from './built-server';
import { send } from './game-night-phones';

// GET /healthz on the built server with the embedded SQLite database (docs/decisions/170-health-check.md); the answers
// when the database is away are tested on PostgreSQL (healthz.postgres.test.ts), whose server a test can stop.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: 'healthz-test-secret' });
}, 120_000);
afterAll(() => stopBuiltServers());

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"}, never to be kept, with no session and no line in the log', async () => {
    const logged = server.output();
    for (let i = 0; i < 20; i++) {
      const answer = await send(`${server.url}/healthz`, {});
      expect(answer.status).toBe(200);
      if (answer.status === null) return;
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['set-cookie']).toBeUndefined();
      // Not a public page: the page cache neither answers nor keeps it.
      expect(answer.headers['x-page-cache']).toBeUndefined();
    }
    expect(server.output()).toBe(logged);
  });

  it('answers HEAD with the same status and headers and no body', async () => {
    const answer = await send(`${server.url}/healthz`, { method: 'HEAD' });
    expect(answer.status).toBe(200);
    if (answer.status === null) return;
    expect(answer.body).toBe('');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers any other method 405 with Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const answer = await send(`${server.url}/healthz`, {
        method,
        headers: { Origin: server.url, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(answer.status, method).toBe(405);
      if (answer.status === null) return;
      expect(answer.headers.allow, method).toBe('GET, HEAD');
      expect(JSON.parse(answer.body), method).toEqual({ message: 'Method not allowed. Use GET or HEAD.' });
    }
  });
});
