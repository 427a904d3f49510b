import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { handleLiveResults } from '~/web/live-results.server';

export type SseEvent = { id: string | null; event: string; data: string };

/**
 * An HTTP server answering the live results' stream with `handle` as server.js does (any other request: 404). The
 * handler is passed in, so a PostgreSQL test can load it once DATABASE_URL names its server.
 */
export async function liveServer(
  handle: typeof handleLiveResults,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) =>
    handle(req, res, () => {
      res.writeHead(404);
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Reads an event stream as a browser's EventSource does: events split on a blank line, their `id:`, `event:` and
 * `data:` lines (a block without data is not delivered), comment lines counted through `onComment`. Returns what has
 * come after the last whole block.
 */
export function readEventStream(
  res: http.IncomingMessage,
  onEvent: (event: SseEvent) => void,
  onComment: () => void = () => {},
): () => string {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { id: null, event: 'message', data: '' };
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) onComment();
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          event.data += line.slice(6);
          isEvent = true;
        }
      }
      if (isEvent) onEvent(event);
    }
  });
  return () => buffer;
}

/**
 * A watcher of an event stream, read by `readEventStream`. `next` waits for the next event; a stream that answered
 * other than 200 says so.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  const waiting: ((event: SseEvent) => void)[] = [];
  let comments = 0;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, resolve).on('error', reject),
  );
  const unread = readEventStream(
    res,
    (event) => {
      const taker = waiting.shift();
      if (taker) taker(event);
      else events.push(event);
    },
    () => (comments += 1),
  );
  return {
    status: res.statusCode ?? 0,
    contentType: String(res.headers['content-type'] ?? ''),
    body: () =>
      new Promise<string>((resolve) => {
        let text = unread();
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      }),
    comments: () => comments,
    /** The next event, or a rejection after `ms`. */
    next(ms = 5_000): Promise<SseEvent> {
      const queued = events.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise<SseEvent>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(taker), 1);
          reject(new Error(`No event within ${ms} ms`));
        }, ms);
        const taker = (event: SseEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        waiting.push(taker);
      });
    },
    close: () => res.destroy(),
  };
}

export type Board = {
  date: string;
  version: string;
  status: string;
  inPlay: boolean;
  flights: {
    key: string;
    rows: { id: number; name: string; net: number | null; thru: number | null; sub: boolean }[];
  }[];
};

export const boardOf = (event: SseEvent) => JSON.parse(event.data) as Board;
