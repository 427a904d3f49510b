// `npm test`: every test. Makes sure what the tests need is installed (Debian's Chromium, a PostgreSQL server, Java
// for the HTML checker and nginx for the deploy recipe's test, with apt-get when run as root), then runs vitest (unit + integration, SQLite and
// PostgreSQL) and Playwright (Chromium, JavaScript on and off) against a fresh build of the app. Before them: type
// check, Prettier, ESLint with type information, knip (dead code) and dependency-cruiser (the layers of app/).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensurePrismaClients } from './ensure-prisma-clients.mjs';
import { ensureTools } from './ensure-tools.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
ensurePrismaClients(root);

ensureTools(['chromium-headless-shell', 'postgresql', 'java', 'nginx'], 'npm test');

const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

/** The JSON reports of vitest and Playwright, read at the end to name the slowest files (slowest() below). */
const reports = { vitest: null, playwright: null };

/** The ten slowest test files of each runner that reported, so the next slowdown is seen when it lands. */
function printSlowest() {
  const lines = [];
  if (reports.vitest && fs.existsSync(reports.vitest)) {
    const { testResults = [] } = JSON.parse(fs.readFileSync(reports.vitest, 'utf8'));
    const files = testResults.map((file) => [path.relative(root, file.name), file.endTime - file.startTime]);
    lines.push('vitest (each file, from its start to its end):', ...slowest(files));
  }
  if (reports.playwright && fs.existsSync(reports.playwright)) {
    const { suites = [] } = JSON.parse(fs.readFileSync(reports.playwright, 'utf8'));
    // A spec's time is the sum of its tests' in every project: the worker time it costs.
    const sum = (suite) =>
      (suite.specs ?? []).reduce(
        (total, spec) =>
          total + spec.tests.reduce((t, test) => t + test.results.reduce((r, result) => r + result.duration, 0), 0),
        0,
      ) + (suite.suites ?? []).reduce((total, inner) => total + sum(inner), 0);
    lines.push(
      'Playwright (each spec, its tests in every project added up):',
      ...slowest(suites.map((s) => [s.file, sum(s)])),
    );
  }
  if (lines.length > 0) console.log(`\n== The ten slowest test files\n${lines.join('\n')}`);
}

function slowest(files) {
  return files
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
}

function run(label, cmd, args, env = {}) {
  console.log(`\n== ${label}`);
  const started = performance.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    printSlowest();
    process.exit(result.status ?? 1);
  }
  console.log(`(${label}: ${seconds(started)})`);
}

/**
 * Runs the checks that need no server two at a time (the test machines have 2 cores, and each of these keeps one
 * busy), each one's output shown whole when it ends. When one fails, the others still finish, then the run stops.
 */
async function runTogether(jobs, atOnce = 2) {
  const failed = [];
  const queue = [...jobs];
  async function next() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { label, cmd, args, env = {} } = job;
      const started = performance.now();
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
      console.log(`\n== ${label} (${seconds(started)})`);
      process.stdout.write(Buffer.concat(output));
      if (status !== 0) {
        console.error(`\n${label} failed (exit ${status}).`);
        failed.push(label);
      }
    }
  }
  await Promise.all(Array.from({ length: atOnce }, next));
  if (failed.length > 0) process.exit(1);
}

function isFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A free port whose next port is free too: Playwright starts a second server there (playwright.config.ts). */
async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const srv = net.createServer();
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => resolve(port));
      });
      srv.on('error', reject);
    });
    if (port < 65535 && (await isFree(port + 1))) return port;
  }
}

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const onlyUnit = process.argv.includes('--unit');
const onlyE2e = process.argv.includes('--e2e');

// A build folder of its own, so a test run never clobbers the build `npm start` serves.
const buildDir = process.env.REMIX_BUILD_DIR ?? 'build-test';
const buildEnv = { REMIX_BUILD_DIR: buildDir, NODE_ENV: 'production' };
const build = {
  label: 'Build (for the browser tests)',
  cmd: process.execPath,
  args: ['scripts/build.mjs'],
  env: buildEnv,
};

if (!onlyE2e) {
  // The longest first, so the two lanes end close together.
  await runTogether([
    {
      label: 'Lint (eslint, with type information)',
      cmd: process.execPath,
      args: [bin('eslint', 'bin/eslint.js'), '.'],
    },
    { label: 'Type check (tsc)', cmd: process.execPath, args: [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'] },
    { label: 'Dead code (knip)', cmd: process.execPath, args: [bin('knip', 'bin/knip.js'), '--no-progress'] },
    ...(onlyUnit ? [] : [build]),
    {
      label: 'Layers (dependency-cruiser: no import points up, no cycle, no unused module)',
      cmd: process.execPath,
      args: [
        bin('dependency-cruiser', 'bin/dependency-cruise.mjs'),
        ...['app', 'scripts', 'prisma/seed.ts', '--config', '.dependency-cruiser.cjs'],
      ],
    },
    {
      label: 'Formatting (prettier --check)',
      cmd: process.execPath,
      args: [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'],
    },
  ]);
  reports.vitest = path.join(root, 'tests', '.tmp', 'vitest-report.json');
  fs.mkdirSync(path.dirname(reports.vitest), { recursive: true });
  fs.rmSync(reports.vitest, { force: true });
  run('Unit and integration tests (vitest)', process.execPath, [
    bin('vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports.vitest}`,
  ]);
} else {
  run(build.label, build.cmd, build.args, build.env);
}

if (!onlyUnit) {
  const port = String(await freePort());
  const dbFile = path.join(root, 'tests', '.tmp', `e2e-${port}.db`);
  reports.playwright = `${dbFile}.report.json`;
  fs.rmSync(reports.playwright, { force: true });
  run(
    'Browser tests (Playwright, Chromium, JavaScript on and off)',
    process.execPath,
    [
      bin('@playwright/test', 'cli.js'),
      'test',
      ...process.argv.slice(2).filter((a) => !a.startsWith('--unit') && !a.startsWith('--e2e')),
    ],
    {
      ...buildEnv,
      E2E_PORT: port,
      E2E_DB_FILE: dbFile,
      E2E_REPORT_FILE: reports.playwright,
    },
  );
}
printSlowest();
console.log('\nAll tests passed.');
