import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as PostgresClient } from '@league/prisma-postgres';
import { PrismaClient } from '@league/prisma-sqlite';
import { databaseConfig } from './database-url.server';
import { serializedSqlite } from './sqlite-serial.server';

export type { Prisma } from '@league/prisma-sqlite';
export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/**
 * One Prisma client for the process. Both generated clients come from the same models (the PostgreSQL schema
 * is derived from the SQLite one), so the SQLite client's types describe both.
 */
function createClient(): PrismaClient {
  const config = databaseConfig();
  if (config.kind === 'postgresql') {
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: config.url }) }) as unknown as PrismaClient;
  }
  // `timeout` is better-sqlite3's busy timeout; WAL mode is set on the file by the migrator at start. One
  // connection serves the process, so a transaction may wait for another: allow for that in maxWait.
  return new PrismaClient({
    adapter: serializedSqlite(new PrismaBetterSQLite3({ url: config.file, timeout: 10_000 })),
    transactionOptions: { maxWait: 20_000, timeout: 30_000 },
  });
}

let queries = 0;
/** How many Prisma operations this process has run: tests and the benchmark check pages use a fixed number. */
export function queryCount(): number {
  return queries;
}

function countingClient(client: PrismaClient): PrismaClient {
  // The extension only counts; its type is the same client's, so the cast keeps the plain PrismaClient type.
  return client.$extends({
    query: {
      $allModels: {
        $allOperations({ args, query }) {
          queries += 1;
          return query(args);
        },
      },
    },
  }) as unknown as PrismaClient;
}

const globalForDb = globalThis as unknown as { leagueDb?: PrismaClient };

export const db: PrismaClient = globalForDb.leagueDb ?? (globalForDb.leagueDb = countingClient(createClient()));

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
