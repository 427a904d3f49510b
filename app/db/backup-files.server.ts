import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from './database-url.server';

/*
 * The backups folder and its files (docs/decisions/114-backups.md): named for the UTC time they were made, so they
 * sort in time order; files of other names are not ours and are left alone.
 */

/** A refusal the operator can act on: its message says why, and the scripts print it as it is. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** How many backups the server keeps when it backs up on its own (BACKUP_EVERY_HOURS). */
export const BACKUPS_KEPT = 14;

/** The backups folder: BACKUP_DIR, or backups/ beside package.json (the working directory of every script). */
export function backupDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.BACKUP_DIR?.trim() || 'backups');
}

export type BackupKind = DatabaseConfig['kind'];
const EXTENSION: Record<BackupKind, string> = { sqlite: 'sqlite', postgresql: 'pgdump' };
/** league-2026-11-25T12-47-24Z.sqlite: the UTC time, so names sort in time order and carry no colon. */
const BACKUP_NAME = /^league-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(sqlite|pgdump)$/;

export function backupName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `league-${stamp}.${EXTENSION[kind]}`;
}

export type BackupFile = { file: string; name: string; at: Date };

/** The backups in `dir` this app wrote (by their names), oldest first. Other files are not ours and are left alone. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((name) => {
      const m = BACKUP_NAME.exec(name);
      if (!m) return [];
      const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
      return Number.isNaN(at.getTime()) ? [] : [{ file: path.join(dir, name), name, at }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The newest backup in `dir`, or null: what Settings shows. */
export function latestBackup(dir: string): BackupFile | null {
  return listBackups(dir).at(-1) ?? null;
}

/** Deletes all but the `keep` newest backups in `dir`; answers the names deleted. */
export function pruneBackups(dir: string, keep = BACKUPS_KEPT): string[] {
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.name);
}
