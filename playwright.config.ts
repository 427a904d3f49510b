import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { headlessShellPath } from './scripts/ensure-tools.mjs';

// scripts/test.mjs picks a free port and a build folder; running `npx playwright test` alone uses these defaults.
const port = Number(process.env.E2E_PORT ?? 4391);
export const E2E_DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? `tests/.tmp/e2e-${port}.db`);
const E2E_REPORT_FILE = process.env.E2E_REPORT_FILE ?? `${E2E_DB_FILE}.report.json`;
/** The server's cookie secret: tests/e2e/golfer-session.ts signs a golfer's cookie with it. */
export const E2E_SESSION_SECRET = 'e2e-session-secret';
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
/**
 * A second server on the next port with a database of its own, which only its pages change: a fresh database holds
 * only the 2025 season, so registration there is closed (tests/e2e/registration-window.spec.ts). The first server's
 * database cannot show that: the fixtures open registration in it for the registration tests.
 */
const closedPort = port + 1;
export const E2E_CLOSED_URL = `http://127.0.0.1:${closedPort}`;
const E2E_CLOSED_DB_FILE = E2E_DB_FILE.replace(/(\.db)?$/, '-closed$1');

const serverEnv = {
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  SESSION_SECRET: E2E_SESSION_SECRET,
  // Every browser test registers from 127.0.0.1: far more than the 10 checkouts an hour one address may start.
  REGISTRATIONS_PER_HOUR: '1000',
  INSECURE_COOKIES: '1',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: '0',
  BCRYPT_COST: '4',
  STRIPE_SECRET_KEY: '',
  // A local SMTP server receives the site's email (scripts/e2e-server.mjs, tests/e2e/mail-inbox.ts).
  E2E_SMTP: '1',
  REMIX_BUILD_DIR: process.env.REMIX_BUILD_DIR ?? 'build',
};
const serverOptions = {
  command: 'node scripts/e2e-server.mjs',
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe',
  stderr: 'pipe',
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // The test machines have 2 cores; more workers only make the server and Chromium fight over them.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The JSON report is where scripts/test.mjs reads the ten slowest specs it names at the end of `npm test`.
  reporter: [['list'], ['json', { outputFile: E2E_REPORT_FILE }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace recorded for every test cost a fifth of the run, kept only for the few that fail; a failing test keeps a
    // screenshot, and `npm test -- --trace retain-on-failure` records traces when a failure needs one
    // (docs/decisions/168-tests-in-half-the-time.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: headlessShellPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // `x.spec.ts` runs with JavaScript on and off: only a spec whose checks JavaScript changes (a form posted by the
  // browser or by Remix's fetch, a dialog, client-side validation). `x.js.spec.ts` runs with JavaScript on only (what
  // needs it, and pages that are only read: their HTML is the same either way), `x.nojs.spec.ts` with it off only
  // (docs/decisions/168-tests-in-half-the-time.md). The HTML checker runs once, after the JavaScript project, over
  // every page its page checks kept (tests/e2e/html-checker.check.ts).
  projects: [
    { name: 'javascript', testIgnore: /\.nojs\.spec\.ts$/, use: { javaScriptEnabled: true } },
    { name: 'no-javascript', testIgnore: /\.js\.spec\.ts$/, use: { javaScriptEnabled: false } },
    { name: 'html-checker', testMatch: /html-checker\.check\.ts$/, dependencies: ['javascript'] },
  ],
  // Started one after the other: the second finds the build the first may have made (scripts/start.mjs).
  webServer: [
    {
      ...serverOptions,
      url: `http://127.0.0.1:${port}/join`,
      env: { ...serverEnv, PORT: String(port), E2E_DB_FILE },
    },
    {
      ...serverOptions,
      url: `${E2E_CLOSED_URL}/join`,
      env: { ...serverEnv, PORT: String(closedPort), E2E_DB_FILE: E2E_CLOSED_DB_FILE },
    },
  ],
});
