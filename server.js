// The production server: Express in front of the Remix build. Run through `npm start` (scripts/start.mjs).
//
// A request's path, in the order of this file (docs/architecture.md#the-server-process, decision 188): node:http
// accepts the connection and hands the request to Express, unless it is a public page the page cache holds, which is
// answered with what that page's route sent a moment ago, as stored. Express refuses a cross-site write, answers the
// live results' event stream, compresses what follows, serves the build's files, lets the page cache keep what a
// public page's route sends, and hands everything else to Remix, which runs the URL's one route module (app/routes/):
// its loader or action reads the request, calls a feature or a model, and the model reads and writes the database
// (app/db/).
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';

/** A number of seconds from the environment, in milliseconds; unset or empty (a line of .env left empty): `fallback`. */
function secondsOf(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    console.error(`${name} must be a number of seconds above 0; it is "${raw}".`);
    process.exit(1);
  }
  return seconds * 1000;
}

// Behind a proxy (docs/deploy, docs/decisions/171-graceful-restarts.md) the proxy, never the app, must close an idle
// connection: one the app closes while the proxy sends a request down it costs that request (nginx answers a POST
// lost that way with 502). nginx keeps idle upstream connections 60 s, as do the usual cloud balancers; Node's
// default of 5 s is far under that, so the app keeps them 65 s (and gives a request's headers 66 s).
const keepAliveTimeout = secondsOf('KEEP_ALIVE_TIMEOUT_SECONDS', 65);
const headersTimeout = secondsOf('HEADERS_TIMEOUT_SECONDS', 66);
const timeouts = {
  // A request whose headers have not all come within this is answered 408 and its connection closed rather than
  // held open (a client that connects and sends nothing included).
  headersTimeout,
  // The whole request, body included (a 5 MB import over a slow line fits): two minutes, or the header timeout if
  // that is longer (Node refuses a header timeout above it).
  requestTimeout: Math.max(120_000, headersTimeout),
  // Both are checked this often (at Node's 30 s a request could hold on up to 30 s past them).
  connectionsCheckingInterval: 1_000,
};
// On SIGTERM, how long requests under way have to finish before they are cut (below).
const drainBound = secondsOf('SHUTDOWN_DRAIN_SECONDS', 25);

const buildDir = path.resolve(process.env.REMIX_BUILD_DIR ?? 'build');
// `npm run dev` (NODE_ENV=development, scripts/start.mjs --dev): Vite serves the browser's files and builds each
// module on demand from app/, and a changed route is used at the next request, without a restart
// (docs/decisions/196-vite.md). Otherwise the server runs the production build (`npm run build`).
const vite =
  process.env.NODE_ENV === 'development'
    ? await import('vite').then(({ createServer }) => createServer({ server: { middlewareMode: true } }))
    : undefined;
const loadBuild = () =>
  vite
    ? vite.ssrLoadModule('virtual:remix/server-build')
    : import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href);
// The build's entry (app/entry.server.tsx) also gives this file the background work it starts below. In development it
// is the one loaded at start: a change to it takes a restart.
const build = await loadBuild();

await build.entry.module.prepareServer();

// Without a Stripe key the site takes registrations through the simulated checkout: nobody pays. Fine for a demo,
// never for a real league, so production says so loudly at start.
if (process.env.NODE_ENV === 'production' && !process.env.STRIPE_SECRET_KEY?.trim()) {
  const line = '!'.repeat(78);
  console.warn(
    `${line}\n!! STRIPE_SECRET_KEY is not set: registrations use the SIMULATED checkout and NO CARD IS CHARGED.\n!! Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) before taking real registrations.\n${line}`,
  );
}

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', process.env.TRUST_PROXY === '1' ? 1 : false);

// Cross-site form posts are refused on every mutation (the Stripe webhook proves itself with its signature).
app.use((req, res, next) => {
  // The Stripe and Twilio webhooks prove themselves with their signatures, and a one-click unsubscribe (RFC 8058) with
  // its secret token: mail programs post it from wherever they run.
  if (
    ['GET', 'HEAD', 'OPTIONS'].includes(req.method) ||
    req.path === '/webhooks/stripe' ||
    req.path === '/webhooks/twilio' ||
    req.path === '/webhooks/twilio/status' ||
    req.path.startsWith('/unsubscribe/')
  )
    return next();
  if (build.entry.module.isCrossSite(req.headers)) {
    res.status(403).json({ message: build.entry.module.CROSS_SITE_MESSAGE });
    return;
  }
  next();
});

// The live results' event stream (GET /stats/results/{date}/live, docs/decisions/124-live-results-and-skins.md) is
// answered here, before compression and the page cache, the one URL not answered by a Remix route (decision 188): it
// writes each event to its watchers itself, and drops one that stops reading rather than buffer for it without bound,
// which needs the node:http response that Remix's adapter hides. Every write, in any process, reaches its watchers.
const stopLiveResults = await build.entry.module.startLiveResults();
app.use(build.entry.module.handleLiveResults);

// Responses are gzip- or brotli-compressed when the client accepts it (docs/product/performance.md#compression):
// `compression` negotiates br/gzip from Accept-Encoding and, through the `compressible` list, only touches HTML, JSON,
// JS, CSS and SVG. Bodies under 1 KB gain nothing and stay as they are. An event stream is never compressed, since
// zlib would hold its events back until a buffer fills. Brotli at quality 5 (the default 11 is too slow per request).
// An answer from the public page cache (`X-Page-Cache: hit`) was compressed once, when the page was stored, and is
// sent as stored (docs/decisions/187-cached-pages-sent-as-stored.md).
app.use(
  compression({
    threshold: 1024,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    filter: (req, res) =>
      res.getHeader('X-Page-Cache') !== 'hit' &&
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
      compression.filter(req, res),
  }),
);

// The browser's files: those under /assets are named for their content, so a browser keeps them a year; the rest
// (public/, copied into the build: the icon, the home-screen icons) an hour.
if (vite) app.use(vite.middlewares);
else app.use('/assets', express.static(path.join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y' }));
app.use(express.static(vite ? 'public' : path.join(buildDir, 'client'), { maxAge: '1h', index: false }));

// `npm run bench` counts the database queries of each page it measures (scripts/bench/pages.ts).
if (process.env.BENCH === '1')
  app.get('/__bench/queries', (_req, res) => res.json({ queries: build.entry.module.queryCount() }));

// Anonymous visits to the public pages are answered from a cache that every write empties (in every process, with
// PostgreSQL): docs/decisions/068-public-page-cache.md. Here, after compression and just before Remix, the cache lets
// the page's route answer and keeps what it sent, the page itself, with its gzip and brotli bodies made once
// (docs/decisions/187-cached-pages-sent-as-stored.md). Later visits get it from the node:http handler below.
const stopPageCache = await build.entry.module.startPublicPageCache();
// In development every visit makes the page afresh, so a changed route shows at the next one.
if (!vite) app.use(build.entry.module.keepPublicPages);

// Every other request goes to Remix: the URL's route module answers it. The phones' hole entries too
// (POST /api/me/scorecard/{date}, app/routes/api.me.scorecard.$date.ts): the model the route calls stores the writes
// that arrive together in one transaction (docs/decisions/128-scorecard-group-commit.md).
const handleRemix = createRequestHandler({
  build: vite ? loadBuild : build,
  mode: process.env.NODE_ENV ?? 'production',
  // The client's address reaches login throttling and the registration rate limit only through here
  // (app/web/client-address.server.ts): `req.ip` is the connection's, or with TRUST_PROXY=1 the proxy's
  // X-Forwarded-For. No request header can set it.
  getLoadContext: (req) => ({
    cspNonce: crypto.randomBytes(16).toString('base64'),
    clientAddress: req.ip ?? req.socket.remoteAddress,
  }),
});
app.all('*', handleRemix);

// A request Express itself refuses (a path with broken percent-encoding such as /%E0%A4%A) keeps its 4xx status;
// anything else unexpected is logged with its stack and answered without internals.
app.use((error, _req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) {
    if (!res.headersSent)
      res.status(status).json({ message: error instanceof URIError ? 'The address is not valid.' : 'Bad request.' });
    return;
  }
  console.error(error);
  if (!res.headersSent) res.status(500).json({ message: 'Something went wrong on our side.' });
});

// An empty value (an empty line of .env) means the default, as if unset.
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || '0.0.0.0';
// node:http hands every request to Express (above), except a public page the page cache holds: that is answered here
// with the stored page, what the page's route sent a moment ago, as stored (`replayPublicPage`, decisions 187 and 188).
// Express's own work for a request (its router, its request and response objects) costs three times a stored page's
// answer, so a burst of visitors would cost the site Express rather than the page. Nothing else answers before Express.
const server = http.createServer(timeouts, (req, res) => {
  let replayed = false;
  try {
    replayed = build.entry.module.replayPublicPage(req, res);
  } catch (error) {
    // A defect of the cache, never a crash: the page's route answers instead.
    console.error(error);
  }
  if (!replayed && !res.headersSent) app(req, res);
});
server.keepAliveTimeout = keepAliveTimeout;
const { drain } = build.entry.module.drainable(server);
server.listen(port, host, () => {
  console.log(`Golf league site ready at http://localhost:${port}`);
});

// The outbox's sender delivers queued email in this process (docs/decisions/080-outbox-and-sender.md). On SIGTERM or
// SIGINT it finishes and records the message it is sending before the process exits.
const stopMailSender = build.entry.module.startMailSender();
// Texts are outbox messages too, with a sender of their own through Twilio (docs/decisions/175-texts-through-twilio.md).
const stopTextSender = build.entry.module.startTextSender();
// With BACKUP_EVERY_HOURS set, the server backs the database up on its own (docs/decisions/114-backups.md); on
// SIGTERM or SIGINT a backup under way is finished first.
const stopBackups = build.entry.module.startBackups();
// The league's scheduled jobs (docs/decisions/150-scheduled-jobs.md): every process runs the clock; the database
// decides which one runs a night's job. At start it makes up a run missed while the server was down.
const stopAutomation = build.entry.module.startAutomation();
// A graceful restart (docs/decisions/171-graceful-restarts.md): a service manager, or a rolling restart of several
// processes behind a proxy, sends SIGTERM (Ctrl-C sends SIGINT). The server stops accepting connections (the proxy
// sends new requests to another process), answers the requests under way and those still coming on open connections,
// closing each connection after its answer (`drainable`, app/web/drain.server.ts), and sends the live results'
// watchers to reconnect elsewhere. Whatever is still running after SHUTDOWN_DRAIN_SECONDS is cut. Only then is the
// background work stopped, since the requests being answered still use it (the page cache, the live results' notices
// to the other processes). A second signal changes nothing: npm and a service manager may each pass one on.
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests under way (at most ${drainBound / 1000} s), then stopping.`);
  const drained = drain(drainBound);
  build.entry.module.reconnectLiveWatchers();
  const { cut } = await drained;
  if (cut > 0) console.warn(`Stopped ${cut} request(s) still running after ${drainBound / 1000} s.`);
  await Promise.allSettled([
    stopMailSender(),
    stopTextSender(),
    stopPageCache(),
    stopLiveResults(),
    stopBackups(),
    stopAutomation(),
    vite?.close(),
  ]);
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void stop(signal));
