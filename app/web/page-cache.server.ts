import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lookForOtherCommits, subscribeToCommits } from '~/db/commit-listener.server';
import { compressOnce, storedBodyFor, type StoredBodies } from './precompressed.server';
import { policyForStoredPage } from './script-hashes.server';

/*
 * The public page cache (docs/decisions/068-public-page-cache.md): anonymous GETs of the public pages are answered
 * from memory, with an ETag (a matching If-None-Match gets 304) and a short shared-cache lifetime. Every committed
 * write to what visitors see empties it, whoever made it: the process's one commit listener tells it
 * (app/db/commit-listener.server.ts), which hears this process's writes by model (app/db/public-models.server.ts
 * decides: a sign-in, a throttle or an email sent changes no public page) and the others' (with SQLite by `PRAGMA
 * data_version`, with PostgreSQL by NOTIFY; docs/decisions/190-one-source-one-commit-listener.md).
 *
 * It answers only with what the page's Remix route produced (docs/decisions/188-one-path-per-request.md). In Express,
 * after compression and just before Remix, `keepPublicPages` lets the route answer and keeps what it sent (the page
 * itself, under the compression middleware) with its gzip and brotli bodies, made once when it is stored. A hit is one
 * of those bodies, sent as stored (docs/decisions/187-cached-pages-sent-as-stored.md), by `replayPublicPage` in
 * server.js's node:http handler, before Express. Its Content-Security-Policy allows the page's own inline scripts by
 * their hashes, in place of the nonce of the answer that made it (script-hashes.server.ts).
 */

const PUBLIC_PATHS = [
  /^\/(join|rules|terms|schedule|register)$/,
  /^\/public\/tee-times$/,
  /^\/stats(\/.*)?$/,
  /^\/api\/public\//,
];
/** Pages that depend on the date ('next league night', a registration window opening) are kept a minute at most. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 500;
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, must-revalidate';

/** A kept answer: its headers (security headers included, the CSP with its script hashes) and its stored bodies. */
type Entry = {
  generation: number;
  storedAt: number;
  etag: string;
  headers: Record<string, string>;
  bodies: StoredBodies;
};

/** Headers that belong to one answer, not to the page. */
const UNSHARED_HEADERS = new Set([
  'set-cookie',
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'content-encoding',
  'etag',
  'x-page-cache',
]);

const cache = new Map<string, Entry>();
/** Pages being compressed now, so a burst of misses on one page compresses it once. */
const compressing = new Set<string>();
let generation = 0;
/** False while a PostgreSQL process cannot hear the others' writes (its LISTEN connection is lost): no caching then. */
let usable = true;

function invalidate(): void {
  generation += 1;
  cache.clear();
}

/** The live results' event stream (live-results.server.ts) is answered before the cache and never kept. */
const LIVE_PATH = /^\/stats\/results\/[^/]+\/live$/;

/**
 * A page's data for a script (single fetch's `/stats.data?_routes=…`, docs/decisions/194-single-fetch.md) is never
 * kept nor answered from here: only pages are (and /api/public/'s JSON), so a stored page is never sent for its data
 * and its data never for the page.
 */
const DATA_REQUEST = /\.data$/;

function isPublic(path: string): boolean {
  return !LIVE_PATH.test(path) && !DATA_REQUEST.test(path) && PUBLIC_PATHS.some((pattern) => pattern.test(path));
}

/**
 * The session cookie means a signed-in user or a flash message: their pages are their own. So does a golfer's sign-in
 * cookie on a page (its header leaves out 'Login', decision 143); the JSON of /api/public/ is the same for everyone.
 */
function hasSession(req: IncomingMessage, path: string): boolean {
  const cookie = req.headers.cookie ?? '';
  return (
    /(?:^|;\s*)__league_session=/.test(cookie) ||
    (!path.startsWith('/api/') && /(?:^|;\s*)__league_golfer=/.test(cookie))
  );
}

function etagMatches(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  return header !== undefined && header.split(',').some((tag) => tag.trim() === etag);
}

/** Whether this request may be answered from the cache or its answer kept: an anonymous GET of a public page. */
function cacheable(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return usable && req.method === 'GET' && isPublic(path) && !hasSession(req, path);
}

/** Answers from the cache when it holds the page: true when it did. */
function answerFromCache(req: IncomingMessage, res: ServerResponse, key: string): boolean {
  lookForOtherCommits();
  const entry = cache.get(key);
  if (!entry || entry.generation !== generation || Date.now() - entry.storedAt >= MAX_AGE_MS) return false;
  // Lower-case names, as the kept ones are (res.getHeaders()), so none goes out twice.
  const headers: Record<string, string | number> = { ...entry.headers };
  headers['vary'] = 'Cookie, Accept-Encoding';
  headers['etag'] = entry.etag;
  headers['x-page-cache'] = 'hit';
  if (etagMatches(req, entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const { encoding, body } = storedBodyFor(entry.bodies, req.headers['accept-encoding']);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(body);
  return true;
}

/**
 * For server.js's node:http handler, before Express: answers with the stored page when the cache holds it (true), and
 * does nothing else. A stored page is only ever what the page's route sent (`keepPublicPages`); Express's own
 * per-request work would cost a hit more than the hit itself (docs/decisions/188-one-path-per-request.md).
 */
export function replayPublicPage(req: IncomingMessage, res: ServerResponse): boolean {
  return cacheable(req) && answerFromCache(req, res, req.url ?? '/');
}

/**
 * Express middleware (server.js), after compression and just before Remix: lets the route answer a page the cache may
 * keep, and keeps what the route sent.
 */
export function keepPublicPages(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (!cacheable(req)) return next();
  const key = req.url ?? '/';
  // Stored a moment ago, after server.js's look (a burst of misses on one page): the stored page, as a hit.
  if (answerFromCache(req, res, key)) return;

  const startedAt = generation;
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === 'string')
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0]);
    // A write committed while this page was made (by another connection): the page may predate it, keep nothing.
    lookForOtherCommits();
    const contentType = String(res.getHeader('Content-Type') ?? '');
    if (
      res.statusCode === 200 &&
      !res.hasHeader('Set-Cookie') &&
      /^(text\/html|application\/json)/.test(contentType) &&
      startedAt === generation
    ) {
      const page = Buffer.concat(chunks);
      const html = page.toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders()))
        if (value !== undefined && !UNSHARED_HEADERS.has(name.toLowerCase()))
          headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      const policy = headers['content-security-policy'];
      // The answer's own nonce is left out of the ETag: a page made again, unchanged, keeps its ETag (and its 304s).
      const nonce = policy === undefined ? null : (/'nonce-([^']+)'/.exec(policy)?.[1] ?? null);
      const etag = `W/"${crypto
        .createHash('sha1')
        .update(nonce === null ? page : html.replaceAll(nonce, ''))
        .digest('base64url')}"`;
      if (policy !== undefined) headers['content-security-policy'] = policyForStoredPage(policy, html);
      store(key, startedAt, { madeAt: Date.now(), etag, headers, page });
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  // Headers go out with the first byte: set them before the app writes. The ETag comes with the next answer.
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  res.setHeader('Vary', 'Cookie, Accept-Encoding');
  res.setHeader('X-Page-Cache', 'miss');
  next();
}

/**
 * Keeps a page once its compressed bodies are made (off the request: this answer has gone out already), unless a
 * write was committed meanwhile, since compressed bodies of a page from before a write would be stale.
 */
function store(
  key: string,
  startedAt: number,
  answer: { madeAt: number; etag: string; headers: Record<string, string>; page: Buffer },
): void {
  if (compressing.has(key)) return;
  compressing.add(key);
  compressOnce(answer.page)
    .then((bodies) => {
      lookForOtherCommits();
      if (startedAt !== generation) return;
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      const { madeAt, etag, headers } = answer;
      cache.set(key, { generation, storedAt: madeAt, etag, headers, bodies });
    })
    .catch((error: unknown) => console.error('The page cache could not compress a page:', error))
    .finally(() => compressing.delete(key));
}

/**
 * Empties the cache after every committed write to what visitors see, in this process and in any other, as the commit
 * listener tells it. Returns a function that stops listening.
 */
export function startPublicPageCache(): Promise<() => Promise<void>> {
  // While the listening connection is lost another process's write would go unheard: the cache is off then, and
  // empty when it comes back on, since writes made meanwhile were not heard (docs/decisions/145-listen-reconnects.md).
  return subscribeToCommits({
    changed: invalidate,
    lost: () => {
      usable = false;
      invalidate();
    },
    restored: () => {
      invalidate();
      usable = true;
    },
  });
}
