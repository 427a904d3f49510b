// `npm run bench`: measures the budgets of docs/product/performance.md and exits non-zero when one is missed. Timings
// live here, never in `npm test`. It gates only on what the host does not decide, and on ratios to a floor measured in
// the same run (docs/decisions/189-the-bench-in-proportion.md):
//  - bytes: each page's JavaScript (gzip) and HTML; queries per page; every page answering at league size;
//  - exactly once: every hole of game night and every reminder email stored once, with every total right;
//  - memory: the server under a zip bomb and under 1,000 live watchers;
//  - ratios to raw node:http in the same run: the scorecard burst through its route, cached public pages' throughput;
//  - the reminder run for 10,000 golfers within 60 s while pages stay within 300 ms at p95 (as ruled);
//  - /money and 'My money' at league size (100 golfers, 20 nights, 3 games): the queries of a small league, HTML ≤ 300 KB;
//  - a rain-out of a night of 200 golfers with texts on: every email and text queued within 10 s of the press, each
//    once per golfer and channel, pressed twice at once.
// Lighthouse's scores and the absolute times are printed for reading one run against another; they gate nothing.
// Each check prints its own table; they run in this order, one after the other.
import { spawnSync } from 'node:child_process';
import { ensureTools } from './ensure-tools.mjs';
import { runPublicPagesBench } from './bench/lighthouse';
import { runLiveBench } from './bench/live';
import { runScaleBench } from './bench/scale';

// Lighthouse runs Debian's Chromium; the live bench's second part starts a PostgreSQL server.
ensureTools(['chromium', 'postgresql'], 'npm run bench');

/**
 * A check that writes through the app's own database client runs in a process of its own: that client is made once a
 * process, for the DATABASE_URL it first saw (the scale bench's, whose folder is gone when it ends).
 */
function inOwnProcess(file: string): () => Promise<boolean> {
  return () =>
    Promise.resolve(spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' }).status === 0);
}

const checks: { name: string; run: () => Promise<boolean> }[] = [
  { name: 'league size: pages, imports, cached pages', run: runScaleBench },
  { name: 'public pages: JavaScript, Lighthouse', run: runPublicPagesBench },
  { name: 'live results', run: runLiveBench },
  { name: 'game night: scorecards', run: inOwnProcess('scripts/bench/scorecards.ts') },
  { name: 'scheduled jobs: reminders', run: inOwnProcess('scripts/bench/reminders.ts') },
  { name: "the league's money: /money and 'My money'", run: inOwnProcess('scripts/bench/money.ts') },
  { name: 'a rain-out: 200 golfers told by email and text', run: inOwnProcess('scripts/bench/rain-out.ts') },
];

const missed: string[] = [];
for (const check of checks) if (!(await check.run())) missed.push(check.name);
console.log(missed.length === 0 ? '\nEvery budget was met.' : `\nA budget was missed in: ${missed.join('; ')}.`);
process.exit(missed.length === 0 ? 0 : 1);
