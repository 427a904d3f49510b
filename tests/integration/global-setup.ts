import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '../../app/utils/migrate.server';

export const TMP_DIR = path.resolve('tests', '.tmp');
export const TEMPLATE_DB = path.join(TMP_DIR, 'template.db');

/** Migrates one template SQLite file; every test file then starts from a copy of it (setup-env.ts). */
export default async function setup() {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  for (const f of fs.readdirSync(TMP_DIR)) if (f.startsWith('int-') || f.startsWith('template')) fs.rmSync(path.join(TMP_DIR, f), { force: true });
  await migrate({ kind: 'sqlite', file: TEMPLATE_DB, embedded: false });
  // A single file (no WAL side files) is simplest to copy.
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(TEMPLATE_DB);
  db.pragma('journal_mode = DELETE');
  db.close();
  return () => {
    for (const f of fs.readdirSync(TMP_DIR)) if (f.startsWith('int-')) fs.rmSync(path.join(TMP_DIR, f), { force: true });
  };
}
