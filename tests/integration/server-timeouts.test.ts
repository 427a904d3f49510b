import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, stopBuiltServers, type BuiltServer } from './built-server';

// The server's connection timeouts (server.js, docs/decisions/171-graceful-restarts.md), on raw sockets against the
// built server: an idle connection is kept past the 60 s of proxies (Node's own 5 s made nginx send requests down
// connections the app was closing), and a request whose headers never finish is cut at the header timeout. The header
// timeout is set to 1 s here (HEADERS_TIMEOUT_SECONDS) so that its test is short; the keep-alive is the default.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SECRET: 'timeouts-test-secret',
    HEADERS_TIMEOUT_SECONDS: '1',
  });
}, 120_000);
afterAll(() => stopBuiltServers());

/** A raw connection to the server: what it has received, and when it was closed (ms after connecting), if it was. */
async function connect() {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const opened = performance.now();
  let received = '';
  let arrived: () => void = () => {};
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    arrived();
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - opened)));
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves once what has come in contains `text` `times` times. */
    until(text: string, times = 1): Promise<void> {
      return new Promise((resolve) => {
        arrived = () => {
          if (received.split(text).length > times) resolve();
        };
        arrived();
      });
    },
  };
}

const HEALTHZ = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

describe('connection timeouts', () => {
  it("keeps an idle connection open past Node's default (65 s, not 5) and answers the next request on it", async () => {
    const c = await connect();
    let closedEarly = false;
    void c.closed.then(() => (closedEarly = true));
    c.socket.write(HEALTHZ);
    await c.until('{"status":"ok"}');
    expect(c.received()).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
    // A real idle gap, longer than Node's default keep-alive (5 s, and a second more before Node closes), and than the
    // 1 s header timeout here, which an idle connection between requests is not subject to.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(closedEarly).toBe(false);
    c.socket.write(HEALTHZ);
    await c.until('{"status":"ok"}', 2);
    expect(c.received().match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    c.socket.destroy();
  }, 30_000);

  it('answers 408 and closes a connection whose request headers never finish, at the header timeout', async () => {
    const c = await connect();
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const after = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // Cut at 1 s, checked each second: not held open until the keep-alive (65 s) or the request timeout (120 s).
    expect(after).toBeGreaterThanOrEqual(1_000);
    expect(after).toBeLessThan(10_000);
  });

  it('closes a connection that sends nothing at all, at the header timeout', async () => {
    const c = await connect();
    const after = await c.closed;
    expect(after).toBeGreaterThanOrEqual(1_000);
    expect(after).toBeLessThan(10_000);
  });

  it('refuses to start with a timeout that is not a number of seconds', async () => {
    await expect(
      startBuiltServer({ DATABASE_URL: process.env.DATABASE_URL!, KEEP_ALIVE_TIMEOUT_SECONDS: '65s' }),
    ).rejects.toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS must be a number of seconds above 0; it is "65s"/);
  }, 60_000);
});
