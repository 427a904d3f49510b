import type { KnipConfig } from 'knip';

// Dead-code check (`npm run lint`). Knip's Vite, Remix, Vitest, Playwright, Prisma and Tailwind plugins find most entry
// points from their configs; the rest are listed here. Exports of entry files count as used, which is what a Remix
// route needs (Remix itself calls loader, action, meta, default, ErrorBoundary, shouldRevalidate, headers, links…).
const config: KnipConfig = {
  entry: [
    'app/entry.*.tsx',
    // Read by Remix's Vite plugin (vite.config.ts) and by Vite itself.
    'app/routes.ts',
    'postcss.config.mjs',
    'app/routes/**/*.{ts,tsx}',
    'scripts/*.{ts,mjs}',
    'prisma/seed.ts',
    // Started as a worker thread by app/features/import/read.server.ts (by path, not imported; scripts/build.mjs
    // bundles the .ts for the server build).
    'app/features/import/spreadsheet-worker.{mjs,ts}',
    // The golfers' service worker, bundled by scripts/build.mjs by path (decision 160).
    'app/ui/golfer-worker.ts',
    // Run in a process of its own by scripts/bench.ts (by path: the app's database client is one per process).
    'scripts/bench/scorecards.ts',
    'scripts/bench/reminders.ts',
    'scripts/bench/money.ts',
    'scripts/bench/rain-out.ts',
    // The PostgreSQL schema and the last-migrated snapshots are read by scripts/prisma-generate.mjs and
    // scripts/migration-diff.mjs through the Prisma CLI.
    'prisma/**/*.prisma',
    // Tests are entry points; their helpers (fixtures, pg-server…) are checked like app code.
    'tests/**/*.{test,spec}.ts',
    // Playwright's html-checker project runs it after the JavaScript project (playwright.config.ts, decision 168).
    'tests/e2e/html-checker.check.ts',
    'tests/integration/{global-setup,setup-env}.ts',
    // A second server process, run by path by listen-reconnect.postgres.test.ts.
    'tests/integration/listening-process.ts',
  ],
  // No ignore for generated code: the Prisma clients are generated into node_modules/@league, outside the project.
  ignoreDependencies: [
    // The generated Prisma clients (prisma/schema.prisma's output), built into node_modules/@league by postinstall.
    '@league/prisma-sqlite',
    '@league/prisma-postgres',
    // Imported by the generated clients (their runtime), not by our code.
    '@prisma/client',
  ],
  // scripts/test.mjs installs Chromium and PostgreSQL with Debian's apt-get when they are missing.
  // The full-disk tests (disk-full.test.ts, backup.test.ts) mount a small tmpfs of their own (docs/decisions/147).
  // The deploy recipe's test makes nginx's certificate with openssl (installed like nginx, docs/decisions/172).
  ignoreBinaries: ['apt-get', 'mount', 'umount', 'openssl'],
};

export default config;
