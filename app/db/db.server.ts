import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as PostgresClient } from '@league/prisma-postgres';
import { PrismaClient } from '@league/prisma-sqlite';
import { isAudited, isWriteOperation, openTransaction, recordWrite, runRecorded } from './audit-trail.server';
import { databaseConfig } from './database-url.server';
import { currentActor, outsideRequest } from '~/web/request-context.server';
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
  // connection writes for the process, so a transaction may wait for another: allow for that in maxWait. Plain
  // reads go to a second, read-only connection, which never waits for the writer (decision 005).
  return new PrismaClient({
    adapter: serializedSqlite(
      new PrismaBetterSQLite3({ url: config.file, timeout: 10_000 }),
      new PrismaBetterSQLite3({ url: config.file, timeout: 10_000, readonly: true }),
    ),
    transactionOptions: { maxWait: 20_000, timeout: 30_000 },
  });
}

let queries = 0;
/** How many Prisma operations this process has run: tests and the benchmark check pages use a fixed number. */
export function queryCount(): number {
  return queries;
}

type CommittedWriteListener = (models: ReadonlySet<string>) => void | Promise<void>;
const committedWriteListeners = new Set<CommittedWriteListener>();

/**
 * Calls `listener` after every committed write, with the Prisma models it wrote (e.g. `Round`, `Golfer`): once per
 * transaction after it commits, once per write made outside one. Never for a transaction that rolled back. It runs
 * outside the request that wrote (its own writes are not the user's), and its errors are logged, never thrown into
 * the writer. Answers the function that stops listening.
 */
export function onCommittedWrite(listener: CommittedWriteListener): () => void {
  committedWriteListeners.add(listener);
  return () => committedWriteListeners.delete(listener);
}

function committed(models: ReadonlySet<string>): void {
  if (models.size === 0) return;
  for (const listener of committedWriteListeners)
    outsideRequest(() => Promise.resolve(listener(models))).catch((error: unknown) => console.error(error));
}

/** How Prisma tells an extension which transaction an operation runs in (not in its public types). */
type InternalParams = { __internalParams?: { transaction?: { kind?: string } } };

function delegateOf(client: PrismaClient, model: string): Record<string, (args: unknown) => Promise<unknown>> {
  return (client as unknown as Record<string, Record<string, (args: unknown) => Promise<unknown>>>)[
    model.charAt(0).toLowerCase() + model.slice(1)
  ];
}

/**
 * The client every module uses: it counts operations, and records the audit log (docs/decisions/098-audit-log.md):
 * - every interactive transaction (`db.$transaction(async (tx) => …)`, hence `inTransaction`) runs its callback
 *   through `runRecorded`, which inserts the audit rows of its writes with the transaction itself before it commits;
 * - a write made outside a transaction while a user is the request's actor is run in a transaction of its own, so
 *   it and its audit row commit together;
 * - after a commit, `onCommittedWrite` listeners hear which models were written.
 * The array form `$transaction([…])` cannot hold the audit row: an actor's write in one is refused.
 */
function leagueClient(client: PrismaClient): PrismaClient {
  const counted = client.$extends({
    query: {
      $allModels: {
        async $allOperations(params) {
          const { model, operation, args, query } = params;
          const run = () => {
            queries += 1;
            return query(args);
          };
          if (!isWriteOperation(operation)) return run();
          const internal = (params as InternalParams).__internalParams;
          const kind = internal?.transaction?.kind;
          // A write is part of the open transaction only when Prisma runs it there (not a `db` write that code
          // started while a transaction was open, such as a timer).
          const frame = internal && kind !== 'itx' ? undefined : openTransaction();
          if (frame) return recordWrite(frame, model, operation, args, run);
          if (currentActor() && isAudited(model)) {
            if (kind === 'batch')
              throw new Error("A signed-in user's write must run in an interactive transaction, to be audited.");
            return db.$transaction((tx) => delegateOf(tx as unknown as PrismaClient, model)[operation](args));
          }
          const result = await run();
          if (model !== 'AuditEntry') committed(new Set([model]));
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
  return counted.$extends({
    client: {
      $transaction(arg: unknown, options?: unknown) {
        if (typeof arg !== 'function') return counted.$transaction(arg as never, options as never);
        const fn = arg as (tx: Tx) => Promise<unknown>;
        let models: ReadonlySet<string> = new Set();
        return counted
          .$transaction(async (tx) => {
            const recorded = await runRecorded(tx, () => fn(tx));
            models = recorded.models;
            return recorded.value;
          }, options as never)
          .then((value) => {
            committed(models);
            return value;
          });
      },
    },
  }) as unknown as PrismaClient;
}

const globalForDb = globalThis as unknown as { leagueDb?: PrismaClient };

export const db: PrismaClient = globalForDb.leagueDb ?? (globalForDb.leagueDb = leagueClient(createClient()));

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
