import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, stopBuiltServers, type BuiltServer } from './built-server';
import { send } from './game-night-phones';
import { withPostgres } from './pg-server';

// GET /healthz when PostgreSQL is away (docs/decisions/170-health-check.md): the built server reaches its database
// through a relay of this test's own, which can hold every byte (a database that hangs) or cut every connection and
// refuse new ones (a database that is down), then carry on; 503 with the reason meanwhile, 200 once it answers again.

withPostgres(() => {});

/** A TCP relay to PostgreSQL that a test can make hang or go away. */
function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let holding = false;
  const held: (() => void)[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => (holding ? held.push(() => to.write(chunk)) : to.write(chunk)));
    pass(client, upstream);
    pass(upstream, client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      }),
    );
  return {
    listen,
    url: () => {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    /** Holds everything either way: queries go out and no answer comes back. */
    hang: () => (holding = true),
    /** Passes on what was held, in order, and everything after. */
    resume: () => {
      holding = false;
      for (const write of held.splice(0)) write();
    },
    /** Ends every connection and refuses new ones: the database is down. */
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    up: listen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

let relay: ReturnType<typeof relayTo>;
let server: BuiltServer;
beforeAll(async () => {
  relay = relayTo(new URL(process.env.DATABASE_URL!));
  await relay.listen();
  server = await startBuiltServer({ DATABASE_URL: relay.url(), SESSION_SECRET: 'healthz-pg-test-secret' });
}, 120_000);
afterAll(async () => {
  stopBuiltServers();
  await relay?.close();
});

const health = () => send(`${server.url}/healthz`, {});
const bodyOf = async () => {
  const answer = await health();
  return answer.status === null ? answer : { status: answer.status, body: JSON.parse(answer.body) as unknown };
};

describe('GET /healthz on PostgreSQL', () => {
  it('answers 503 within about a second while the database hangs, and 200 once it answers again', async () => {
    expect(await bodyOf()).toEqual({ status: 200, body: { status: 'ok' } });
    relay.hang();
    const asked = performance.now();
    const answer = await health();
    const took = performance.now() - asked;
    relay.resume();
    expect(answer.status).toBe(503);
    if (answer.status === null) return;
    expect(JSON.parse(answer.body)).toEqual({
      status: 'unavailable',
      reason: 'The database did not answer within a second.',
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(took).toBeGreaterThanOrEqual(1_000);
    expect(took).toBeLessThan(10_000);
    await expect.poll(bodyOf, { timeout: 10_000 }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('answers 503 while the database is down (connections cut, new ones refused), and 200 once it is back', async () => {
    await relay.down();
    const answer = await health();
    expect(answer.status).toBe(503);
    if (answer.status === null) return;
    // The reason names no host or error: anyone may ask. The log has the error, once.
    expect(JSON.parse(answer.body)).toEqual({ status: 'unavailable', reason: 'The database could not be queried.' });
    const logged = server.output();
    expect((await health()).status).toBe(503);
    await relay.up();
    await expect.poll(bodyOf, { timeout: 10_000 }).toEqual({ status: 200, body: { status: 'ok' } });
    const log = server.output();
    expect(log.match(/Health check failed: The database could not be queried\./g)).toHaveLength(1);
    expect(log.match(/Health check failed: The database did not answer within a second\./g)).toHaveLength(1);
    expect(log.match(/Health check: the database answers again\./g)).toHaveLength(2);
    expect(log.slice(logged.length)).not.toMatch(/Health check failed/);
  });
});
