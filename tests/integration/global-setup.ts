import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '../../app/db/migrate.server';
import { startSharedPostgres } from './pg-server';

export const TMP_DIR = path.resolve('tests', '.tmp');
export const TEMPLATE_DB = path.join(TMP_DIR, 'template.db');

/**
 * Migrates one template SQLite file; every test file then starts from a copy of it (setup-env.ts). Starts the run's
 * PostgreSQL cluster with a migrated template database, which the PostgreSQL test files copy (pg-server.ts).
 */
// Several vitest runs may share this folder (people working side by side in one tree): each run migrates its own
// template and deletes only its own files, plus leftovers older than a day, never another run's open databases.
const STALE_MS = 24 * 60 * 60 * 1000;

export default async function setup() {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const now = Date.now();
  for (const f of fs.readdirSync(TMP_DIR)) {
    if (!f.startsWith('int-') && !f.startsWith('template')) continue;
    const file = path.join(TMP_DIR, f);
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
  const template = path.join(TMP_DIR, `template-${process.pid}.db`);
  fs.rmSync(template, { force: true });
  await migrate({ kind: 'sqlite', file: template, embedded: false });
  // A single file (no WAL side files) is simplest to copy.
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(template);
  db.pragma('journal_mode = DELETE');
  db.close();
  // Test workers are forked after global setup, so they inherit this.
  process.env.TEST_TEMPLATE_DB = template;
  const stopPostgres = await startSharedPostgres();
  const prefix = `int-${process.pid}-`;
  return async () => {
    await stopPostgres();
    fs.rmSync(template, { force: true });
    for (const f of fs.readdirSync(TMP_DIR))
      if (f.startsWith(prefix)) fs.rmSync(path.join(TMP_DIR, f), { force: true });
  };
}
