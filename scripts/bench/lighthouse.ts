// The public pages on the production build serving the demo league: their JavaScript (./js-budget.ts, a gate: bytes do
// not move with the host), then Google Lighthouse's four scores on each (docs/product/performance.md#page-weight),
// printed and not a gate (docs/decisions/189-the-bench-in-proportion.md): on a shared 2-core host its simulated phone
// moves with the neighbours' work. Its default mobile preset, against Debian's Chromium, about 20 s a page. Run alone:
// `npx tsx scripts/bench/lighthouse.ts`, or on some pages only, naming the start of their paths:
// `npx tsx scripts/bench/lighthouse.ts /me/scorecard /stats/playoffs`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunnerResult } from 'lighthouse';
import { chromiumPath, ensureTools } from '../ensure-tools.mjs';
import { startDemoServer } from './demo-server';
import { checkJsBudgets, JS_BUDGETS } from './js-budget';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The product's aim for every public page (docs/product/performance.md), printed beside each score. */
const AIM = 95;

/** A page to score; `admin` or `golfer` when it is seen signed in. */
type Page = { path: string; admin?: boolean; golfer?: boolean };

/** Lighthouse's JSON report (its own type). */
type Report = RunnerResult['lhr'];

/** One Lighthouse run (its CLI, the mobile preset) on one page. */
function lighthouse(url: string, cookie: string | null): Report {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-lighthouse-'));
  const out = path.join(dir, 'report.json');
  const args = [
    createRequire(import.meta.url).resolve('lighthouse/cli/index.js'),
    url,
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${out}`,
    // Paint holding keeps the blank page on screen after a navigation until a timer of the browser's, not the page's,
    // lets go (decision 062).
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-features=PaintHolding',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  try {
    const run = spawnSync(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 180_000,
    });
    if (run.status !== 0) throw new Error(`Lighthouse failed on ${url}:\n${run.stderr.toString()}`);
    return JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const score = (report: Report, category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);

/** Runs Lighthouse on every page (or those whose path starts with one of `only`) and prints a table. */
function printLighthouse(
  url: string,
  cookie: string,
  golfer: { cookie: string; scorecard: string; results: string },
  only: readonly string[] = [],
): void {
  console.log(`\nLighthouse ${CATEGORIES.join(' / ')} (mobile preset; printed, not a gate; the aim is ${AIM})`);
  console.log(
    `${'page'.padEnd(34)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}${'LCP s'.padStart(7)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}`,
  );
  const pages: Page[] = [
    ...JS_BUDGETS.map(({ path: page, golfer: signedIn }) => ({ path: page, golfer: signedIn })),
    // A night's results, followed live (docs/decisions/124-live-results-and-skins.md), and the card of tonight.
    { path: golfer.results },
    { path: golfer.scorecard, golfer: true },
    { path: '/flights', admin: true },
  ].filter((page) => only.length === 0 || only.some((start) => page.path.startsWith(start)));
  for (const page of pages) {
    const report = lighthouse(url + page.path, page.admin ? cookie : page.golfer ? golfer.cookie : null);
    const scores = CATEGORIES.map((c) => score(report, c));
    const lcp = (report.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000;
    const tbt = report.audits['total-blocking-time']?.numericValue ?? 0;
    const cls = report.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const below = scores.some((s) => s < AIM) ? '  (below the aim)' : '';
    console.log(
      `${page.path.padEnd(34)}${scores.map((s) => String(s).padStart(6)).join('')}${lcp.toFixed(1).padStart(7)}${tbt.toFixed(0).padStart(8)}${cls.toFixed(3).padStart(7)}${below}${report.runtimeError ? `  ${report.runtimeError.message}` : ''}`,
    );
  }
}

/** `npm run bench`'s check of the public pages: JavaScript per page (the gate), then Lighthouse (printed). */
export async function runPublicPagesBench(): Promise<boolean> {
  const server = await startDemoServer();
  try {
    const ok = await checkJsBudgets(server.url, server.golfer);
    printLighthouse(server.url, server.cookie, server.golfer);
    return ok;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureTools(['chromium'], 'the Lighthouse bench');
  const server = await startDemoServer();
  try {
    printLighthouse(server.url, server.cookie, server.golfer, process.argv.slice(2));
  } finally {
    await server.stop();
  }
}
