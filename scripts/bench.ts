// `npm run bench`: measures the budgets of docs/product/performance.md and exits non-zero when one is missed.
// Timings live here, never in `npm test`. Each part prints its own table:
//   scripts/bench/scale.ts    a league of 10,000 golfers and 100,000 rounds served by the real server: HTML size,
//                             time and queries per page; public pages during a 10,000-row import; /join's throughput
//                             next to a raw node:http server; a zip bomb refused under 500 MB
//   scripts/bench/js-budget.ts and lighthouse.ts   the demo league on the production build: JavaScript per public
//                             page, Lighthouse's four scores on each, no layout shift on /register, /stats, /flights
//   scripts/bench/live.ts     1,000 live-results watchers on one process (p95 under 1 s, memory under 400 MB), and
//                             two processes on PostgreSQL: watchers on one see the other's writes within 1 s
//   scripts/bench/scorecards.ts   game night: 100 groups send their 9 holes at once, 10% twice: the p95 next to the
//                             same burst sent to a raw node:http server, in turn, 9 pairs, median ratio ≤ 3; each hole
//                             stored once, every card total right
//   scripts/bench/reminders.ts    a reminder run for 10,000 golfers queued within 60 s, public pages p95 < 300 ms
//   scripts/bench/rain-out.ts     a rain-out of a night of 200 golfers with texts on: every email and text queued
//                             within 10 s of the press, each once per golfer and channel, pressed twice at once
// A timing that moves with the host is a ratio to a floor measured in the same run (/join's throughput, the scorecard
// burst); the others stay absolute, for the reasons of docs/decisions/140-host-timings-as-ratios.md.
import { spawnSync } from 'node:child_process';
import { ensureTools } from './ensure-tools.mjs';
import { runPublicPagesBench } from './bench/lighthouse';
import { runLiveBench } from './bench/live';
import { runScaleBench } from './bench/scale';

// Lighthouse runs Debian's Chromium; the live bench's second part starts a PostgreSQL server.
ensureTools(['chromium', 'postgresql'], 'npm run bench');

/**
 * A part that writes through the app's own database client runs in a process of its own: that client is made once a
 * process, for the DATABASE_URL it first saw (the scale bench's, whose folder is gone when it ends).
 */
function inOwnProcess(file: string): boolean {
  return spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' }).status === 0;
}

const results: boolean[] = [];
results.push(await runScaleBench());
results.push(await runPublicPagesBench());
results.push(await runLiveBench());
results.push(inOwnProcess('scripts/bench/scorecards.ts'));
results.push(inOwnProcess('scripts/bench/reminders.ts'));
results.push(inOwnProcess('scripts/bench/rain-out.ts'));

const ok = results.every(Boolean);
console.log(ok ? '\nEvery budget was met.' : '\nA budget was missed (see MISSED above).');
process.exit(ok ? 0 : 1);
