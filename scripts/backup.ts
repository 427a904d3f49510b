// npm run backup: writes a consistent copy of the database DATABASE_URL points at (the embedded file by default) to
// backups/ (or BACKUP_DIR), named after the time, and prints its path. It deletes no older backup.
// docs/decisions/114-backups.md
import fs from 'node:fs';
import { backupDatabase } from '../app/db/backup.server';
import { backupDir, BackupError } from '../app/db/backup-files.server';
import { databaseConfig } from '../app/db/database-url.server';

// A .env beside package.json (see .env.example) fills in what the environment does not set, as for `npm start`.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

try {
  const made = await backupDatabase(databaseConfig(), backupDir());
  console.log(`Backed up the database to ${made.file}`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
