// JavaScript per page (docs/product/performance.md#page-weight, decision 061): what the browser downloads to run a
// page, measured on the production build served by the real server. For each page it reads the rendered HTML's
// module scripts (<link rel="modulepreload">, <script src>, the imports of the inline module script) and fetches each
// with `Accept-Encoding: gzip`, counting the bytes that cross the wire; the inline scripts count gzip-compressed too.
// Run alone: `npx tsx scripts/bench/js-budget.ts`.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { currentSeason } from '../../app/domain/season';
import { startDemoServer } from './demo-server';

const KB = 1000;

/**
 * docs/product/performance.md: the public pages ship at most 100 KB of JavaScript gzip-compressed, /register at most
 * 120 KB; /me and /me/sign-in at most 120 KB (/me measured signed in as a demo golfer).
 */
export const JS_BUDGETS: ReadonlyArray<{ path: string; kb: number; golfer?: boolean }> = [
  { path: '/join', kb: 100 },
  { path: '/rules', kb: 100 },
  { path: '/schedule', kb: 100 },
  { path: '/terms', kb: 100 },
  { path: '/public/tee-times', kb: 100 },
  { path: '/stats', kb: 100 },
  { path: '/stats/playoffs', kb: 100 },
  // The demo's season before this one, played to its champions: the field, the nights and the Grand Championship.
  { path: `/stats/playoffs?season=${currentSeason() - 1}`, kb: 100 },
  { path: '/register', kb: 120 },
  { path: '/me/sign-in', kb: 120 },
  { path: '/me', kb: 120, golfer: true },
];

/** docs/product/performance.md: the scorecard, signed in as a golfer of tonight's group, at most 120 KB. */
const SCORECARD_JS_KB = 120;
/** A night's results, followed live (docs/decisions/124-live-results-and-skins.md): a public page, at most 100 KB. */
const RESULTS_JS_KB = 100;

type Asset = { url: string; bytes: number; gzipBytes: number; registersWorker: boolean };

/** A script's address without its origin, as the tables print it. */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** The gzip-compressed size of one script as the server sends it (what the compression middleware produces). */
function fetchGzipped(url: string): Promise<Asset> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const wire = Buffer.concat(chunks);
          const gzipped = res.headers['content-encoding'] === 'gzip';
          // A script under the middleware's 1 KB threshold crosses uncompressed; it counts as it is sent.
          const body = gzipped ? zlib.gunzipSync(wire) : wire;
          resolve({
            url,
            bytes: body.length,
            gzipBytes: wire.length,
            registersWorker: body.includes('/golfer-worker.js'),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Every script a page's HTML makes the browser load, and the text of its inline scripts. */
function scriptsOf(html: string): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0]);
    if (href) urls.add(href[1]);
  }
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1]);
    if (src) urls.add(src[1]);
    else if (m[2].trim()) inline.push(m[2]);
    for (const imp of m[2].matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?\(?\s*"([^"]+)"/g)) urls.add(imp[1]);
  }
  return { urls: [...urls], inline };
}

type PageWeight = {
  path: string;
  status: number;
  budgetKb: number;
  assets: Asset[];
  inlineGzipBytes: number;
  totalGzipBytes: number;
  totalBytes: number;
  /** Whether a script of the page registers the golfers' service worker (/me and the card only: decision 160). */
  registersWorker: boolean;
  ok: boolean;
};

async function measurePage(
  origin: string,
  page: string,
  budgetKb: number,
  cookie: string | null = null,
  golfersPage = false,
): Promise<PageWeight> {
  // Not following redirects: a signed-in page that sends the bench to sign-in is a miss, not the sign-in page's weight.
  const res = await fetch(origin + page, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  const html = await res.text();
  const { urls, inline } = scriptsOf(html);
  const assets = await Promise.all(urls.map((u) => fetchGzipped(new URL(u, origin).href)));
  const inlineText = inline.join('\n');
  const inlineGzipBytes = inlineText ? zlib.gzipSync(inlineText).length : 0;
  const totalGzipBytes = assets.reduce((sum, a) => sum + a.gzipBytes, inlineGzipBytes);
  const totalBytes = assets.reduce((sum, a) => sum + a.bytes, Buffer.byteLength(inlineText));
  // The public pages stay as they were: only the golfers' pages (/me, the card) register the worker.
  const registersWorker = assets.some((a) => a.registersWorker);
  return {
    path: page,
    status: res.status,
    budgetKb,
    assets,
    inlineGzipBytes,
    totalGzipBytes,
    totalBytes,
    registersWorker,
    ok: res.status === 200 && totalGzipBytes <= budgetKb * KB && registersWorker === golfersPage,
  };
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** Measures every page with a budget, prints a table, and answers whether every budget is met. */
export async function checkJsBudgets(
  origin: string,
  golfer: { cookie: string; scorecard: string; results: string },
): Promise<boolean> {
  const results: PageWeight[] = [];
  for (const { path: page, kb: budget, golfer: signedIn } of JS_BUDGETS)
    results.push(await measurePage(origin, page, budget, signedIn ? golfer.cookie : null, signedIn));
  results.push(await measurePage(origin, golfer.results, RESULTS_JS_KB));
  results.push(await measurePage(origin, golfer.scorecard, SCORECARD_JS_KB, golfer.cookie, true));
  console.log('\nJavaScript per page (production build; 1 KB = 1,000 bytes)');
  console.log(
    `${'page'.padEnd(28)}${'status'.padStart(7)}${'files'.padStart(7)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}${'budget'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.path.padEnd(28)}${String(r.status).padStart(7)}${String(r.assets.length).padStart(7)}${kb(r.totalBytes).padStart(9)}${kb(r.totalGzipBytes).padStart(9)}${String(r.budgetKb).padStart(8)}  ${r.ok ? 'ok' : 'MISSED'}${r.registersWorker ? "  (registers the golfers' worker)" : ''}`,
    );
  }
  for (const r of results.filter((x) => !x.ok)) {
    console.log(`\n${r.path}: ${r.status === 200 ? 'largest scripts' : `the page answered ${r.status}`}`);
    if (r.status === 200 && r.registersWorker)
      console.log("  registers the golfers' service worker: only /me and the card may (decision 160)");
    for (const a of [...r.assets].sort((x, y) => y.gzipBytes - x.gzipBytes).slice(0, 6))
      console.log(`  ${kb(a.gzipBytes).padStart(7)} KB  ${pathOf(a.url)}`);
  }
  const ok = results.every((r) => r.ok);
  console.log(ok ? 'Every page is within its JavaScript budget.' : 'A JavaScript budget was missed.');
  return ok;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const server = await startDemoServer();
  let ok = false;
  try {
    ok = await checkJsBudgets(server.url, server.golfer);
  } finally {
    await server.stop();
  }
  process.exit(ok ? 0 : 1);
}
