import path from 'node:path';

export type DatabaseConfig = { kind: 'sqlite'; file: string; embedded: boolean } | { kind: 'postgresql'; url: string };

/** The embedded database used when DATABASE_URL is unset: a SQLite file under data/. */
const EMBEDDED_DB_FILE = path.resolve('data', 'league.db');

/**
 * Reads DATABASE_URL: unset means the embedded SQLite file, `file:` a SQLite file elsewhere, and
 * `postgres://` / `postgresql://` a PostgreSQL server.
 */
export function databaseConfig(url = process.env.DATABASE_URL): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: EMBEDDED_DB_FILE, embedded: true };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgresql', url };
  if (url.startsWith('file:')) {
    const file = path.resolve(url.slice('file:'.length).replace(/\?.*$/, ''));
    return { kind: 'sqlite', file, embedded: file === EMBEDDED_DB_FILE };
  }
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url.split(':')[0]}:")`);
}
