import type { IncomingMessage, ServerResponse } from 'node:http';
import { subscribeToCommits } from '~/db/commit-listener.server';
import { isValidCalendarDate } from '~/domain/season';
import { liveLeaderboard, type LiveLeaderboard } from '~/models/live-results.server';
import { failureOf } from './http.server';
import { requireStatsPublished } from './stats-access.server';

/*
 * The live results hub (docs/decisions/124-live-results-and-skins.md). GET /stats/results/{date}/live is
 * a Server-Sent Events stream: each event (`leaderboard`) carries the night's whole leaderboard, with its version as
 * the event's id. A watcher that reconnects says the version it has (Last-Event-ID, or `?since=` from the page) and
 * gets the current leaderboard at once when it differs, so it catches up on whatever it missed. Comments every
 * HEARTBEAT_MS keep proxies from closing an idle stream and find dead connections.
 *
 * Changes reach the hub from the process's one commit listener (app/db/commit-listener.server.ts), which the page
 * cache shares: a night announced by `notifyResultsChanged(date)`, and any committed write to what visitors see, as
 * app/db/public-models.server.ts decides (every watched night is looked at again), whichever process or script made
 * it (docs/decisions/190-one-source-one-commit-listener.md). Changes are coalesced: one read of a night at a time,
 * and an event only when its version moved.
 *
 * server.js answers the stream itself (`handleLiveResults`, before compression and the page cache): Remix's adapter
 * writes a response body without waiting for the client, so a client that never reads would grow the server's memory
 * without bound. Here every write checks what the connection still holds, and a watcher with more than
 * MAX_BUFFERED_BYTES waiting is dropped, with a line in the log.
 */

const LIVE_PATH = /^\/stats\/results\/([^/]+)\/live$/;
const HEARTBEAT_MS = 20_000;
/** What a watcher may leave unread before it is dropped: a few dozen leaderboards of a big night. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Watchers one process serves at most; beyond that a new one is answered 503 and retries later. */
const MAX_WATCHERS = 5_000;
type Watcher = { res: ServerResponse; date: string };
type Night = { watchers: Set<Watcher>; board: LiveLeaderboard | null; event: string | null };

const nights = new Map<string, Night>();
let watcherCount = 0;
/** Nights to read again, and whether a read is under way (one at a time per process: reads queue behind it). */
const stale = new Set<string>();
/** Nights whose watchers get the leaderboard read next even if its version did not move (after a lost LISTEN). */
const resend = new Set<string>();
let reading: Promise<void> | null = null;
function eventOf(board: LiveLeaderboard): string {
  return `id: ${board.version}\nevent: leaderboard\ndata: ${JSON.stringify(board)}\n\n`;
}

/** Writes to one watcher, or drops it when it has stopped reading (more than the limit waiting). */
function send(watcher: Watcher, text: string): void {
  const { res } = watcher;
  if (res.destroyed) return;
  if (res.writableLength > MAX_BUFFERED_BYTES) {
    console.warn(
      `Live results: dropped a watcher of ${watcher.date} that stopped reading (${res.writableLength} bytes unsent, limit ${MAX_BUFFERED_BYTES}).`,
    );
    res.destroy();
    return;
  }
  res.write(text);
}

/** Changes heard so far: a watcher whose first read overlapped one reads its night again. */
let changeCount = 0;
/** First reads under way, so a crowd arriving at once reads a night once. */
const loading = new Map<string, Promise<LiveLeaderboard>>();

function firstRead(date: string): Promise<LiveLeaderboard> {
  let read = loading.get(date);
  if (!read) {
    read = liveLeaderboard(date)
      .then(({ board }) => board)
      .finally(() => loading.delete(date));
    loading.set(date, read);
  }
  return read;
}

/**
 * Marks nights to read again (null: every watched night) and starts reading unless a read is under way. `always`:
 * send each watcher the leaderboard read even if its version did not move.
 */
function changed(date: string | null, always = false): void {
  changeCount += 1;
  const dates = date === null ? [...nights.keys()] : nights.has(date) ? [date] : [];
  for (const watched of dates) {
    stale.add(watched);
    if (always) resend.add(watched);
  }
  if (stale.size > 0 && reading === null) reading = readStale();
}

/** Whether the last read of a night failed (the database away): the failure is logged once until a read works. */
let readFailing = false;
const READ_RETRY_MS = 1_000;

async function readStale(): Promise<void> {
  try {
    while (stale.size > 0) {
      const [date] = stale;
      stale.delete(date);
      const always = resend.delete(date);
      const night = nights.get(date);
      if (!night) continue;
      try {
        const { board } = await liveLeaderboard(date);
        readFailing = false;
        if (board.version === night.board?.version && !always) continue;
        night.board = board;
        night.event = eventOf(board);
        for (const watcher of night.watchers) send(watcher, night.event);
      } catch (error) {
        // The night is no longer one (its last round and its schedule entry deleted): watchers keep what they have.
        if (failureOf(error)?.status === 404) continue;
        // The database is away (restarting): said once, and read again in a while, so no watcher misses the change.
        if (!readFailing) console.error('Live results: could not read a night (retrying each second):', error);
        readFailing = true;
        setTimeout(() => changed(date, always), READ_RETRY_MS).unref();
      }
    }
  } finally {
    reading = null;
  }
}

function heartbeat(): void {
  for (const night of nights.values()) for (const watcher of night.watchers) send(watcher, ': heartbeat\n\n');
}

/** The head of a stream's answer. */
function writeStreamHead(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    // A stream's connection is not kept for another request: when the stream ends (the watcher dropped, the server
    // stopping) the connection closes with it, so a proxy never sends a request down it as the server leaves.
    Connection: 'close',
    // A proxy such as nginx would otherwise hold events back in its buffer.
    'X-Accel-Buffering': 'no',
  });
}

/** Set once the server is stopping: every watcher is sent to reconnect elsewhere (`reconnectLiveWatchers`). */
let closing = false;

/**
 * Ends a stream with a `retry:` of 0.5 to 3 s: the browser's EventSource reconnects after it (with the id of the last
 * event it had), through the proxy to a process that is still running. Spread, so that thousands of watchers of one
 * process do not all come back in the same instant.
 */
function sendElsewhere(res: ServerResponse): void {
  if (res.destroyed) return;
  if (!res.headersSent) writeStreamHead(res);
  res.end(`retry: ${500 + Math.floor(Math.random() * 2_500)}\n\n`);
}

/**
 * For a server that is stopping (server.js, on SIGTERM, docs/decisions/171-graceful-restarts.md): ends every stream
 * with a short `retry:`, and from now on answers a new watcher the same way at once. The hub itself keeps hearing
 * writes (this process's requests still being answered tell the other processes), until `startLiveResults`'s stop.
 */
export function reconnectLiveWatchers(): void {
  closing = true;
  for (const night of nights.values()) for (const watcher of night.watchers) sendElsewhere(watcher.res);
}

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ message }));
}

/** The headers of a request as a Fetch `Request`, for the stats website's access check (its session cookie). */
function asRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  return new Request(url, { headers });
}

/**
 * Express middleware (server.js) for GET /stats/results/{date}/live; any other request goes on. 404 when the stats
 * website is not published (for anyone but an administrator) or the date is not a league night, as the page answers.
 */
export function handleLiveResults(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = new URL(req.url ?? '/', 'http://league.invalid');
  const match = LIVE_PATH.exec(url.pathname);
  if (!match || req.method !== 'GET') return next();
  watch(req, res, decodeURIComponent(match[1]), url).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) answer(res, 500, 'Something went wrong on our side.');
    else res.destroy();
  });
}

async function watch(req: IncomingMessage, res: ServerResponse, date: string, url: URL): Promise<void> {
  if (closing) return sendElsewhere(res);
  if (!isValidCalendarDate(date)) return answer(res, 404, 'There is no league night at that address');
  if (watcherCount >= MAX_WATCHERS) {
    res.setHeader('Retry-After', '30');
    return answer(res, 503, 'Too many watchers: try again shortly.');
  }
  const changesBefore = changeCount;
  let board: LiveLeaderboard;
  try {
    await requireStatsPublished(asRequest(req, url));
    board = nights.get(date)?.board ?? (await firstRead(date));
  } catch (error) {
    const failure = failureOf(error);
    if (failure?.status === 404) return answer(res, 404, failure.message);
    throw error;
  }
  if (req.destroyed) return;
  if (closing) return sendElsewhere(res);
  let night = nights.get(date);
  if (!night) {
    night = { watchers: new Set(), board, event: eventOf(board) };
    nights.set(date, night);
  }
  const watcher: Watcher = { res, date };
  night.watchers.add(watcher);
  watcherCount += 1;
  req.socket.setNoDelay(true);
  writeStreamHead(res);
  // Reconnect after 3 s when the connection drops; the browser then sends the last event's id.
  res.write('retry: 3000\n\n');
  const seen = req.headers['last-event-id'] ?? url.searchParams.get('since');
  if (seen !== night.board?.version && night.event) send(watcher, night.event);
  const leave = () => {
    if (!night.watchers.delete(watcher)) return;
    watcherCount -= 1;
    if (night.watchers.size === 0) nights.delete(date);
  };
  res.on('close', leave);
  res.on('error', leave);
  // A change committed while this watcher's first leaderboard was read may be missing from it.
  if (changeCount !== changesBefore) changed(date);
}

/** How many watchers this process serves (the bench and the tests read it). */
export function liveWatcherCount(): number {
  return watcherCount;
}

/**
 * Starts hearing changes, this process's and every other's, from the commit listener. Answers the function that stops
 * it (and closes every stream).
 */
export async function startLiveResults(): Promise<() => Promise<void>> {
  closing = false;
  const stopCommits = await subscribeToCommits({
    changed: (night) => changed(night),
    // Other processes' changes made while the listener's connection was lost went unheard: every watcher gets its
    // night's current leaderboard once it is back (docs/decisions/145-listen-reconnects.md).
    restored: () => changed(null, true),
  });
  const timer = setInterval(heartbeat, HEARTBEAT_MS);
  timer.unref();
  return async () => {
    await stopCommits();
    clearInterval(timer);
    for (const night of nights.values()) for (const watcher of night.watchers) watcher.res.end();
    nights.clear();
    resend.clear();
    watcherCount = 0;
  };
}
