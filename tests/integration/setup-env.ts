import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

// Runs before each test file, in that file's own module graph: give the file a fresh migrated database before
// anything imports app/db/db.server.ts. Files that choose their own database (postgres.test.ts) set
// TEST_OWN_DATABASE first.
const tmp = path.resolve('tests', '.tmp');
if (!process.env.TEST_OWN_DATABASE) {
  // Named after the run (the parent of this worker) so the run's teardown removes it and no other run does.
  const file = path.join(tmp, `int-${process.ppid}-${crypto.randomBytes(4).toString('hex')}.db`);
  fs.copyFileSync(process.env.TEST_TEMPLATE_DB ?? path.join(tmp, 'template.db'), file);
  // The template is copied in rollback-journal mode; the app runs its database in WAL mode, so tests do too.
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.close();
  process.env.DATABASE_URL = `file:${file}`;
}
process.env.SESSION_SECRET ??= 'integration-test-secret';
process.env.BCRYPT_COST ??= '4';
