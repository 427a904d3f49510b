// The league-size check of `npm run bench`: grows a league of 10,000 golfers and 100,000 rounds in a database of its
// own, serves it with the real server, and checks pages (HTML and queries), imports (a zip bomb's memory, pages
// answering during an import) and the public page cache (throughput as a ratio to raw node:http) against their budgets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicPagesDuringImport, zipBombRefused, DURING_IMPORT_AIM_MS, MEMORY_BUDGET_MB } from './import-load';
import { HTML_BUDGET_KB, measurePages, PAGE_AIM_MS, QUERY_BUDGET } from './pages';
import { buildApp, signIn, startServer } from './server';
import { CACHED_RATIO_BUDGET, cachedPageThroughput } from './throughput';

const log = (line: string) => console.log(`  ${line}`);

/** Runs the checks and prints their tables; true when every budget was met. */
export async function runScaleBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-bench-'));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  process.env.DATABASE_URL = databaseUrl;
  try {
    console.log('\n== League size: 10,000 golfers, 10,000 memberships, 100,000 rounds over 10 seasons');
    const { migrate } = await import('../../app/db/migrate.server');
    const { databaseConfig } = await import('../../app/db/database-url.server');
    if (!process.env.BENCH_REUSE_DB) await migrate(databaseConfig());
    const { growLeague, reuseLeague } = await import('./league');
    const started = Date.now();
    // BENCH_REUSE_DB=file: a league grown by an earlier run (copied, never changed), to measure again without waiting.
    const reuse = process.env.BENCH_REUSE_DB;
    const league = reuse ? await reuseLeague(reuse, path.join(dir, 'bench.db')) : await growLeague(log);
    log(`${reuse ? 'copied' : 'grown'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const { db } = await import('../../app/db/db.server');
    await db.$disconnect();

    log('building the app');
    buildApp();
    const server = await startServer(databaseUrl, { BENCH: '1' });
    let ok = true;
    try {
      const cookie = await signIn(server.url);
      console.log(
        `\n== Pages at league size (HTML ≤ ${HTML_BUDGET_KB} KB except /email-list, ≤ ${QUERY_BUDGET} queries; the median time is printed, the aim ${PAGE_AIM_MS} ms)`,
      );
      console.log(
        `${'page'.padEnd(44)}${'status'.padStart(7)}${'HTML KB'.padStart(10)}${'median ms'.padStart(11)}${'queries'.padStart(9)}`,
      );
      for (const row of await measurePages(server, cookie, league)) {
        ok &&= row.ok;
        console.log(
          `${row.path.padEnd(44)}${String(row.status).padStart(7)}${row.kb.toFixed(1).padStart(10)}${row.ms.toFixed(1).padStart(11)}${String(row.queries ?? '-').padStart(9)}  ${row.ok ? 'ok' : 'MISSED'}`,
        );
      }

      console.log(`\n== A zip bomb (.xlsx unpacking to 1.5 GB): refused, server memory < ${MEMORY_BUDGET_MB} MB`);
      const bomb = await zipBombRefused(server, cookie);
      ok &&= bomb.ok;
      console.log(
        `  ${bomb.fileMb.toFixed(1)} MB file: ${bomb.status} '${bomb.message}'; server memory ${bomb.beforeMb.toFixed(0)} MB before, peak ${bomb.peakMb.toFixed(0)} MB  ${bomb.ok ? 'ok' : 'MISSED'}`,
      );
      console.log(
        `\n== Public pages during a 10,000-row import (every one answers; times printed, the aim ${DURING_IMPORT_AIM_MS} ms)`,
      );
      const load = await publicPagesDuringImport(server, cookie);
      ok &&= load.ok;
      console.log(
        `  import answered ${load.importStatus} in ${(load.importMs / 1000).toFixed(1)} s; ${load.requests} public pages meanwhile: p95 ${load.p95.toFixed(0)} ms, max ${load.max.toFixed(0)} ms  ${load.ok ? 'ok' : 'MISSED'}`,
      );

      console.log(
        `\n== Cached public pages' throughput next to a raw node:http server sending the same bytes, in turns (median of the pairs' ratios ≥ ${CACHED_RATIO_BUDGET})`,
      );
      for (const row of await cachedPageThroughput(server.url)) {
        ok &&= row.ok;
        console.log(
          `  ${row.path} '${row.acceptEncoding}': ${row.contentEncoding}, ${row.bytes} bytes; ${row.pageRps.toFixed(0)} requests/s, raw ${row.rawRps.toFixed(0)} requests/s: ratio ${row.ratio.toFixed(2)}  ${row.ok ? 'ok' : 'MISSED'}`,
        );
      }

      console.log(`\n  server memory after all of it: ${server.rssMb().toFixed(0)} MB`);
    } finally {
      await server.stop();
    }
    return ok;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
