import type { DatabaseConfig } from './database-url.server';
import { backupDatabase } from './backup.server';
import {
  BACKUPS_KEPT,
  BackupError,
  type BackupFile,
  backupDir,
  latestBackup,
  pruneBackups,
} from './backup-files.server';

/* Backing up on its own: BACKUP_EVERY_HOURS, checked by the folder's newest backup rather than by a timer alone. */

/** BACKUP_EVERY_HOURS as hours (fractions allowed), or null when unset, empty or 0: no automatic backups. */
export function backupEveryHours(value = process.env.BACKUP_EVERY_HOURS): number | null {
  const text = value?.trim();
  if (!text) return null;
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours < 0)
    throw new BackupError(`BACKUP_EVERY_HOURS must be a number of hours, such as 24 (got "${text}").`);
  return hours === 0 ? null : hours;
}

/**
 * Backs up when the newest backup in `dir` is `everyMs` old or more (or there is none), then keeps the newest
 * BACKUPS_KEPT. Answers the new backup, or null when one is recent enough. Going by the folder rather than by a
 * timer alone, a restarted server (or a second process sharing the folder) does not back up again too soon.
 */
export async function backupIfDue(
  config: DatabaseConfig,
  dir: string,
  everyMs: number,
  now = new Date(),
): Promise<BackupFile | null> {
  const last = latestBackup(dir);
  if (last && now.getTime() - last.at.getTime() < everyMs) return null;
  const made = await backupDatabase(config, dir, now);
  pruneBackups(dir, BACKUPS_KEPT);
  return made;
}

/**
 * With BACKUP_EVERY_HOURS set, checks at start and then every few minutes whether a backup is due (backupIfDue).
 * A failed backup is logged and tried again at the next check; the server keeps serving. Answers the function that
 * stops the checks and waits for a backup under way.
 */
export function startBackupSchedule(
  config: DatabaseConfig,
  options: { everyHours?: number | null; dir?: string; log?: (line: string) => void } = {},
): () => Promise<void> {
  const everyHours = options.everyHours === undefined ? backupEveryHours() : options.everyHours;
  if (!everyHours) return () => Promise.resolve();
  const dir = options.dir ?? backupDir();
  const log = options.log ?? console.log;
  const everyMs = everyHours * 60 * 60 * 1000;
  // Often enough that a backup is at most a few minutes late, rarely enough to cost nothing.
  const checkMs = Math.min(everyMs, 5 * 60 * 1000);
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= backupIfDue(config, dir, everyMs)
      .then((made) => {
        if (made) log(`Backed up the database to ${made.file}`);
      })
      // A refusal (no room, docs/decisions/147) is logged by its reason alone; anything else with its stack.
      .catch((error: unknown) =>
        console.error('Automatic backup failed:', error instanceof BackupError ? error.message : error),
      )
      .finally(() => (running = null));
  };
  log(`Backing up the database every ${everyHours} hour(s) to ${dir}, keeping the last ${BACKUPS_KEPT}.`);
  check();
  const timer = setInterval(check, checkMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
