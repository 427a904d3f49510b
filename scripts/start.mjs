// `npm start`: build the app when the build is missing or older than the sources, then run the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
process.env.NODE_ENV ??= 'production';
const buildDir = process.env.REMIX_BUILD_DIR ?? 'build';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(path.join(buildDir, 'index.js')) ? fs.statSync(path.join(buildDir, 'index.js')).mtimeMs : 0;
const sourcesAt = Math.max(newestMtime('app'), newestMtime('prisma'), fs.statSync('remix.config.js').mtimeMs, fs.statSync('tailwind.config.ts').mtimeMs);
if (builtAt < sourcesAt) {
  console.log('Building the app…');
  const result = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.NODE_ENV === 'production' && !process.env.SESSION_SECRET && !process.env.ALLOW_DEV_SESSION_SECRET) {
  // Two commands must give a working demo on a fresh machine; a real league sets SESSION_SECRET (README).
  process.env.ALLOW_DEV_SESSION_SECRET = '1';
  process.env.INSECURE_COOKIES ??= '1';
  console.warn('SESSION_SECRET is not set: using a development secret and non-Secure cookies. Set SESSION_SECRET for a real league.');
}

await import('../server.js');
