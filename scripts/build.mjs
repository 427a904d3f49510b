// A production build of the app (`npm run build`; `npm start`, `npm test` and the benchmark build through it): Remix's
// Vite plugin builds the server into {buildDir}/server and the browser's files into {buildDir}/client
// (docs/decisions/196-vite.md); beside the server bundle go the import worker as one JavaScript file, so a file import
// starts a plain worker instead of compiling TypeScript through tsx at run time (decision 067), and the golfers'
// service worker, which the server answers at /golfer-worker.js (decision 160), with the list of the golfers' pages'
// files read from the build's manifest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The import worker's source. */
const WORKER_ENTRY = 'app/features/import/spreadsheet-worker.ts';
/**
 * The built worker beside {buildDir}/server/index.js: the source's own name as .js, which is where
 * app/features/import/read.server.ts (bundled into index.js) looks for it.
 */
export const WORKER_FILE = path.basename(WORKER_ENTRY, '.ts') + '.js';

/** The golfers' service worker's source; built beside the server bundle, where app/web/golfer-worker.server.ts reads it. */
const GOLFER_WORKER_ENTRY = 'app/ui/golfer-worker.ts';

/**
 * The browser files a golfers' page needs (decision 160): Remix's browser manifest of this build (the build's own list
 * of each route's module, the modules it imports and its styles) gives the entry's, and those of every route on the
 * way to a page at /me or under it, sign-in and sign-out apart, which the worker does not keep. (A page carries the
 * manifest's part it needs in its HTML.)
 */
export function golferAssets(clientDir) {
  const assetsDir = path.join(clientDir, 'assets');
  const manifestFile = fs.readdirSync(assetsDir).find((name) => /^manifest-[0-9a-f]+\.js$/.test(name));
  if (!manifestFile) throw new Error(`No Remix manifest in ${assetsDir}`);
  const text = fs.readFileSync(path.join(assetsDir, manifestFile), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''));
  const fullPath = (route) => {
    const parent = route.parentId ? fullPath(manifest.routes[route.parentId]) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const isGolferPage = (p) => (p === 'me' || p.startsWith('me/')) && !/^me\/sign-(in|out)\b/.test(p);
  const routeIds = new Set();
  for (const route of Object.values(manifest.routes)) {
    if (!isGolferPage(fullPath(route))) continue;
    for (let id = route.id; id; id = manifest.routes[id].parentId) routeIds.add(id);
  }
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, ...(manifest.entry.css ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  return [...files].sort();
}

/**
 * Builds into {buildDir}/server and {buildDir}/client. Returns false when the build failed (the errors are on stderr).
 */
export function build({ buildDir = process.env.REMIX_BUILD_DIR ?? 'build' } = {}) {
  // The classic compiler wrote the browser's files into public/build (and public/build-* for the tests' builds). Vite
  // copies public/ into every build, so an install upgraded in place would serve last release's files again: gone.
  for (const entry of fs.readdirSync(path.join(root, 'public'), { withFileTypes: true }))
    if (entry.isDirectory() && /^build(-|$)/.test(entry.name))
      fs.rmSync(path.join(root, 'public', entry.name), { recursive: true, force: true });
  const vite = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Remix's CLI loads Vite through its CommonJS entry, and Vite 6 warns about that at every build: nothing of ours.
      env: { ...process.env, NODE_ENV: 'production', REMIX_BUILD_DIR: buildDir, VITE_CJS_IGNORE_WARNING: 'true' },
    },
  );
  if (vite.status !== 0) return false;
  const serverDir = path.resolve(root, buildDir, 'server');
  try {
    esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: [WORKER_ENTRY],
      outfile: path.join(serverDir, WORKER_FILE),
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
      outfile: path.join(serverDir, 'golfer-worker.js'),
      bundle: true,
      platform: 'browser',
      format: 'iife',
      target: 'es2020',
      minify: true,
      alias: { '~': './app' },
      define: { GOLFER_ASSETS: JSON.stringify(golferAssets(path.resolve(root, buildDir, 'client'))) },
      logLevel: 'error',
    });
  } catch (error) {
    if (!error.errors) console.error(error); // esbuild has printed its own errors
    return false;
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
  // The older of the server bundle and the workers beside it, written last.
  const builtAt = Math.min(
    ...['index.js', WORKER_FILE, 'golfer-worker.js'].map((file) => {
      const built = path.resolve(root, buildDir, 'server', file);
      return fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
    }),
  );
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'app')),
    newestMtime(path.join(root, 'prisma')),
    newestMtime(path.join(root, 'public')),
    ...['vite.config.ts', 'tailwind.config.ts', 'postcss.config.mjs', 'package-lock.json'].map(
      (file) => fs.statSync(path.join(root, file)).mtimeMs,
    ),
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
