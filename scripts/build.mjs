// A production build of the app (`npm run build`; `npm start`, `npm test` and the benchmark build through it): Remix's
// server and browser bundles, and beside the server bundle the import worker as one JavaScript file, so a file import
// starts a plain worker instead of compiling TypeScript through tsx at run time (decision 067), and the golfers'
// service worker, which the server answers at /golfer-worker.js (decision 160).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The import worker's source. */
const WORKER_ENTRY = 'app/features/import/spreadsheet-worker.ts';
/**
 * The built worker beside build/index.js: the source's own name as .js, which is where
 * app/features/import/read.server.ts (bundled into build/index.js) looks for it.
 */
export const WORKER_FILE = path.basename(WORKER_ENTRY, '.ts') + '.js';

/** The golfers' service worker's source; built beside build/index.js, where app/web/golfer-worker.server.ts reads it. */
const GOLFER_WORKER_ENTRY = 'app/ui/golfer-worker.ts';

/**
 * Builds into `buildDir` (server) and public/`assetsName` (browser). Returns false when the build failed (the errors
 * are on stderr).
 */
export function build({
  buildDir = process.env.REMIX_BUILD_DIR ?? 'build',
  assetsName = process.env.REMIX_ASSETS_NAME ?? 'build',
} = {}) {
  // Remix's classic compiler keeps Tailwind's output in .cache keyed by app/tailwind.css alone, so a class added to or
  // taken from a component was left out of the next build's CSS (seen with a table's header alignment). Every build
  // starts without it; it saved no measurable time here.
  fs.rmSync(path.join(root, '.cache'), { recursive: true, force: true });
  const remix = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', REMIX_BUILD_DIR: buildDir, REMIX_ASSETS_NAME: assetsName },
  });
  if (remix.status !== 0) return false;
  try {
    esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: [WORKER_ENTRY],
      outfile: path.join(buildDir, WORKER_FILE),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      minify: true,
      logLevel: 'error',
    });
    esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: [GOLFER_WORKER_ENTRY],
      outfile: path.join(buildDir, 'golfer-worker.js'),
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2020',
      minify: true,
      alias: { '~': './app' },
      logLevel: 'error',
    });
  } catch {
    return false; // esbuild has printed the errors
  }
  return true;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether `buildDir` is missing, or older than the sources it is built from. */
function buildIsStale(buildDir) {
  // The older of the server bundle and the import worker beside it (a build from before the worker was bundled has none).
  const builtAt = Math.min(
    ...['index.js', WORKER_FILE].map((file) => {
      const built = path.resolve(root, buildDir, file);
      return fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
    }),
  );
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'app')),
    newestMtime(path.join(root, 'prisma')),
    fs.statSync(path.join(root, 'remix.config.js')).mtimeMs,
    fs.statSync(path.join(root, 'tailwind.config.ts')).mtimeMs,
  );
  return builtAt < sourcesAt;
}

/**
 * Builds as `build` does when the build is missing or older than the sources (`npm start`, and the tests that start
 * the built server); returns false when a build was needed and failed.
 */
export function buildIfStale(options = {}) {
  const buildDir = options.buildDir ?? process.env.REMIX_BUILD_DIR ?? 'build';
  if (!buildIsStale(buildDir)) return true;
  console.log('Building the app…');
  return build({ ...options, buildDir });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(build() ? 0 : 1);
}
