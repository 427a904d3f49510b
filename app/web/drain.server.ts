import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';

/*
 * Draining a server that is stopping, for graceful restarts (server.js on SIGTERM,
 * docs/decisions/171-graceful-restarts.md). The listener closes at once: a proxy's new connection is refused, so it
 * sends that request to another process, nothing of it sent here. A request on a connection already open is answered
 * as usual, with `Connection: close`, so the client (the proxy) closes the connection after the answer and sends
 * nothing more down it. While requests keep coming, that is how every connection ends: the server closes none itself,
 * since closing one a proxy is writing a request to at that instant loses the request (nginx answers a POST cut that
 * way with 502 and never retries it), and in a burst the proxy is writing to its idle connections all the time, going
 * through the older ones as the newer close. Only once no request has come for a second are the idle connections
 * closed. What is still open at the bound is cut.
 */

/** How long a draining server waits without a new request (and a connection stays idle) before it closes one. */
const QUIET_BEFORE_CLOSE_MS = 1_000;
/** How often a draining server looks whether it has been quiet that long. */
const SWEEP_MS = 200;

type Connection = { requests: number; idleSince: number };

type Drain = {
  /** Stops accepting and answers what is under way (see above); resolves once every connection is closed, or at
   * `boundMs` after cutting what is left, with the number of requests cut. */
  drain: (boundMs: number) => Promise<{ cut: number }>;
};

/** Follows the connections of `server` (call before it listens), so that it can be drained. */
export function drainable(server: Server): Drain {
  const open = new Map<Socket, Connection>();
  let draining = false;
  let lastRequestAt = 0;
  server.on('connection', (socket: Socket) => {
    open.set(socket, { requests: 0, idleSince: performance.now() });
    socket.once('close', () => open.delete(socket));
  });
  // The first of the request listeners, so the header is there before any handler answers.
  server.prependListener('request', (req, res) => {
    lastRequestAt = performance.now();
    if (draining) res.setHeader('Connection', 'close');
    const connection = open.get(req.socket);
    if (!connection) return;
    connection.requests += 1;
    res.once('close', () => {
      connection.requests -= 1;
      connection.idleSince = performance.now();
    });
  });

  return {
    async drain(boundMs) {
      draining = true;
      // The listener only: http.Server#close would also close every idle connection this instant (Node 19 and
      // later), the loss described above. Closed once the event loop has accepted the connections already waiting
      // (setImmediate runs after it has taken what came in): closing a listener resets those.
      const closed = new Promise<'closed'>((resolve) =>
        setImmediate(() => net.Server.prototype.close.call(server, () => resolve('closed'))),
      );
      // Looked at once the event loop has read what came in (setImmediate again): a request that has arrived but
      // not been read yet counts.
      const sweep = () =>
        setImmediate(() => {
          const now = performance.now();
          if (now - lastRequestAt < QUIET_BEFORE_CLOSE_MS) return;
          for (const [socket, connection] of open)
            if (connection.requests === 0 && now - connection.idleSince >= QUIET_BEFORE_CLOSE_MS) socket.destroy();
        });
      const sweeper = setInterval(sweep, SWEEP_MS);
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'bound'>((resolve) => {
        timer = setTimeout(() => resolve('bound'), boundMs);
      });
      const outcome = await Promise.race([closed, bound]);
      clearInterval(sweeper);
      clearTimeout(timer);
      if (outcome === 'closed') return { cut: 0 };
      let cut = 0;
      for (const [socket, connection] of open) {
        cut += connection.requests;
        socket.destroy();
      }
      await closed;
      return { cut };
    },
  };
}
