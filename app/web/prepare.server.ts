import crypto from 'node:crypto';
import { seedDemo } from '../../prisma/seed';
import { recomputeSetAsideRounds } from '~/models/set-aside-rounds.server';
import { countUsers, createUser } from '~/models/users.server';
import { backupEveryHours, startBackupSchedule } from '~/db/backup-schedule.server';
import { databaseConfig, type DatabaseConfig } from '~/db/database-url.server';
import { db } from '~/db/db.server';
import { migrate, withStartupLock } from '~/db/migrate.server';

/**
 * Run once by server.js before it listens: migrate the database, create the first administrator when there is
 * no user, and seed the demo league into an empty embedded database (unless SEED_DEMO=0).
 */
export async function prepareServer(log: (line: string) => void = console.log): Promise<void> {
  // A BACKUP_EVERY_HOURS that is not a number stops the start, with its message, before anything else.
  backupEveryHours();
  const config = databaseConfig();
  // Several processes may start at once on one PostgreSQL database: one at a time migrates and creates the first
  // administrator, so the next finds them done (docs/decisions/060-several-processes.md).
  await withStartupLock(config, () => prepareDatabase(config, log));
}

async function prepareDatabase(config: DatabaseConfig, log: (line: string) => void): Promise<void> {
  const applied = await migrate(config);
  log(
    config.kind === 'sqlite'
      ? `Database: SQLite file ${config.file}${applied.length ? ` (applied ${applied.length} migration(s))` : ''}`
      : `Database: PostgreSQL${applied.length ? ` (applied ${applied.length} migration(s))` : ''}`,
  );

  // Once after the upgrade to one round per golfer per date (docs/decisions/070-one-round-per-golfer-per-date.md).
  const recomputed = await recomputeSetAsideRounds();
  if (recomputed > 0)
    log(
      `Recomputed the handicaps of ${recomputed} golfer(s) whose second rounds on one date were set aside by the upgrade (listed on /rounds).`,
    );

  if ((await countUsers()) === 0) {
    const username = process.env.ADMIN_USERNAME?.trim() || 'admin';
    const fromEnv = Boolean(process.env.ADMIN_PASSWORD);
    const password = process.env.ADMIN_PASSWORD || crypto.randomBytes(9).toString('base64url');
    await createUser(
      {
        username,
        password,
        email: process.env.ADMIN_EMAIL || 'admin@example.org',
        firstName: 'League',
        lastName: 'Admin',
        isAdmin: true,
      },
      // Start-up's, not a user's: not in the audit log.
      null,
    );
    log(
      fromEnv
        ? `Created the first administrator "${username}" with the password from ADMIN_PASSWORD.`
        : `Created the first administrator. Sign in at /auth with username "${username}" and password "${password}" (shown once; change it in Settings).`,
    );
  }

  const seedWanted = process.env.SEED_DEMO !== '0' && config.kind === 'sqlite' && config.embedded;
  if (seedWanted && (await db.golfer.count()) === 0 && (await db.course.count()) === 0) {
    // One moment for every step: whether this season is over is decided on the same day the league was seeded.
    const summary = await seedDemo(db, new Date());
    log(`Seeded the demo league: ${summary}. Set SEED_DEMO=0 to start empty.`);
  }
}

/**
 * Started by server.js once it listens: with BACKUP_EVERY_HOURS set, backs the database up on its own into backups/
 * (or BACKUP_DIR) and keeps the last 14 (docs/decisions/114-backups.md). Answers the function that stops it.
 */
export function startBackups(): () => Promise<void> {
  return startBackupSchedule(databaseConfig());
}
