// The server Playwright starts: a fresh, empty embedded-style database for this run, then `npm start`'s path.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(process.env.E2E_DB_FILE ?? 'tests/.tmp/e2e.db');
fs.mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
// The tests' locks and year claims (tests/e2e/fixtures.ts) belong to this database: none survives a crashed run.
for (const name of fs.readdirSync(path.dirname(file)))
  if (name.startsWith(`${path.basename(file)}.lock-`) || name.startsWith(`${path.basename(file)}.year-`))
    fs.rmSync(path.join(path.dirname(file), name), { recursive: true, force: true });
process.env.DATABASE_URL = `file:${file}`;
await import('./start.mjs');
