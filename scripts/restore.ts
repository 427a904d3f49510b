// npm run restore -- <file>: restores a backup made by `npm run backup` into the database DATABASE_URL points at
// (the embedded file by default), which must be empty. Stop the server first; start it again afterwards (it applies
// any migration newer than the backup). docs/decisions/114-backups.md
import fs from 'node:fs';
import { BackupError } from '../app/db/backup-files.server';
import { restoreDatabase } from '../app/db/backup.server';
import { databaseConfig } from '../app/db/database-url.server';

// A .env beside package.json (see .env.example) fills in what the environment does not set, as for `npm start`.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <backup file>   (for example backups/league-2026-11-25T12-00-00Z.sqlite)');
  process.exit(2);
}
const config = databaseConfig();
try {
  await restoreDatabase(config, file);
  console.log(
    `Restored ${file} into ${config.kind === 'sqlite' ? `the SQLite file ${config.file}` : 'the PostgreSQL database of DATABASE_URL'}.`,
  );
  process.exit(0);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
