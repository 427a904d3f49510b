// `npm start`: build the app when the build is missing or older than the sources, then run the server.
// `npm run dev` (--dev): the same server in development, with Vite building the app as it is asked for (server.js).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build.mjs';
import { ensurePrismaClients } from './ensure-prisma-clients.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
// A .env beside package.json (see .env.example) fills in what the environment does not set; the environment wins.
if (fs.existsSync('.env')) process.loadEnvFile('.env');
ensurePrismaClients(root);
if (process.argv.includes('--dev')) process.env.NODE_ENV = 'development';
else {
  process.env.NODE_ENV ??= 'production';
  if (!buildIfStale()) process.exit(1);
}

if (!process.env.SESSION_SECRET) {
  // Two commands must give a working demo on a fresh machine, so without SESSION_SECRET a random secret is made
  // once and kept beside the embedded database (never a secret from the source code, which anyone could use to
  // forge a session). A real league sets SESSION_SECRET (README).
  const file = path.join('data', '.session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync('data', { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, 'utf8').trim();
  // The operator did not set it: administrators see the 'Demo mode' notice (docs/product/accounts.md#secure-cookies).
  process.env.SESSION_SECRET_GENERATED = '1';
  console.warn(
    `SESSION_SECRET is not set: using a random secret kept in ${file} (Demo mode). Set SESSION_SECRET (and serve over HTTPS) for a real league.`,
  );
}

await import('../server.js');
