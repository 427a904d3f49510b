import { AsyncLocalStorage } from 'node:async_hooks';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as PostgresClient } from '@league/prisma-postgres';
import { PrismaClient } from '@league/prisma-sqlite';
import { databaseConfig } from './database-url.server';
import { serializedSqlite } from './sqlite-serial.server';

export type { Prisma } from '@league/prisma-sqlite';
export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Runs one statement in the SQLite transaction open now, past Prisma's client (`serializedSqlite`). */
type OpenTransactionStatement = (sql: string, args: string[]) => Promise<number>;

/**
 * One Prisma client for the process. Both generated clients come from the same models (the PostgreSQL schema
 * is derived from the SQLite one), so the SQLite client's types describe both.
 */
type SqliteParts = {
  executeInOpenTransaction: OpenTransactionStatement | null;
  otherConnectionsCommits: (() => number | null) | null;
};

function createClient(): { client: PrismaClient } & SqliteParts {
  const config = databaseConfig();
  if (config.kind === 'postgresql') {
    // As with SQLite below: under load (several processes starting transactions at once, each on a new pooled
    // connection) a transaction may wait for its connection longer than Prisma's default 2 s; it waits, not fails.
    const client = new PostgresClient({
      adapter: new PrismaPg({ connectionString: config.url }),
      transactionOptions: { maxWait: 20_000, timeout: 30_000 },
    });
    return { client: client as unknown as PrismaClient, executeInOpenTransaction: null, otherConnectionsCommits: null };
  }
  // `timeout` is better-sqlite3's busy timeout; WAL mode is set on the file by the migrator at start. One
  // connection writes for the process, so a transaction may wait for another: allow for that in maxWait. Plain
  // reads go to a second, read-only connection, which never waits for the writer (decision 005).
  const { factory, executeInOpenTransaction, otherConnectionsCommits } = serializedSqlite(
    config.file,
    new PrismaBetterSqlite3({ url: config.file, timeout: 10_000 }),
    new PrismaBetterSqlite3({ url: config.file, timeout: 10_000, readonly: true }),
  );
  const client = new PrismaClient({ adapter: factory, transactionOptions: { maxWait: 20_000, timeout: 30_000 } });
  return { client, executeInOpenTransaction, otherConnectionsCommits };
}

let queries = 0;
/** How many Prisma operations this process has run: tests and the benchmark check pages use a fixed number. */
export function queryCount(): number {
  return queries;
}

type QueryObserver = (model: string, operation: string, args: unknown) => void;
const observers = new AsyncLocalStorage<QueryObserver>();
/** How many `observeQueries` are under way: none outside the tests, so a query does not look for one. */
let observing = 0;

/**
 * Runs `fn`, telling `observer` of every Prisma operation it makes, with its model and arguments (a `selectWhereIn`
 * read as the model `table:{its table}`): for the test that checks which models the public pages and the live
 * results read (tests/integration/public-reads.test.ts, docs/decisions/190-one-source-one-commit-listener.md).
 */
export async function observeQueries<T>(observer: QueryObserver, fn: () => Promise<T>): Promise<T> {
  observing += 1;
  try {
    return await observers.run(observer, fn);
  } finally {
    observing -= 1;
  }
}

type CommittedWriteListener = (models: ReadonlySet<string>) => void | Promise<void>;
const committedWriteListeners = new Set<CommittedWriteListener>();

/**
 * Calls `listener` after every committed write, with the Prisma models it wrote (e.g. `Round`, `Golfer`): once per
 * transaction after it commits, once per write made outside one. Never for a transaction that rolled back. It runs
 * outside the transaction that wrote, and its errors are logged, never thrown into the writer. Answers the function
 * that stops listening.
 */
export function onCommittedWrite(listener: CommittedWriteListener): () => void {
  committedWriteListeners.add(listener);
  return () => committedWriteListeners.delete(listener);
}

/**
 * The models an open interactive transaction wrote, and what runs once it commits (`afterCommit`); `open` is false
 * once it committed or rolled back.
 */
type Written = { models: Set<string>; open: boolean; after: (() => void)[] };
const transactions = new AsyncLocalStorage<Written>();

function committed(models: ReadonlySet<string>): void {
  if (models.size === 0) return;
  for (const listener of committedWriteListeners)
    transactions.exit(() => Promise.resolve(listener(models))).catch((error: unknown) => console.error(error));
}

/**
 * Runs `fn` once the transaction this is called in commits (never if it rolls back), or at once outside one: for a
 * change announced from inside a write (`notifyResultsChanged`), which a listener must not read before it is there.
 */
export function afterCommit(fn: () => void): void {
  const written = transactions.getStore();
  if (written?.open) written.after.push(fn);
  else fn();
}

/**
 * Inserts many rows of one model in one statement, inside the caller's transaction: for the bulk writes of game night
 * (docs/decisions/128-scorecard-group-commit.md). Prisma's createMany costs about 0.3 ms of CPU a row here (its query
 * plan is built and read row by row), and even a plain multi-row INSERT pays Prisma for every bound value; so the rows
 * travel as one JSON value, which the database unpacks (SQLite's json_each, PostgreSQL's json_populate_recordset).
 * `table` and the rows' keys are the database's own names (the schema's @@map and field names), never input. A Date
 * is written as Prisma writes it. The model counts as written, as Prisma's own writes do (`onCommittedWrite`).
 */
export async function insertRows<Row extends Record<string, unknown>>(
  tx: Tx,
  model: string,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const postgres = databaseConfig().kind === 'postgresql';
  const names = columns.map((c) => `"${c}"`).join(', ');
  // On SQLite each row travels as an array of its values (cheaper to unpack than an object's keys); PostgreSQL fills
  // the table's row type from objects, and JSON writes a Date as the ISO string it reads.
  const sql = postgres
    ? `INSERT INTO "${table}" (${names}) SELECT ${names} FROM json_populate_recordset(NULL::"${table}", $1::json)`
    : `INSERT INTO "${table}" (${names}) SELECT ${columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ')} FROM json_each(?)`;
  // The rows are built value by value, in plain loops: an object spread, Object.fromEntries or a closure a value
  // cost microseconds a row (game night writes 3,600).
  const encode: (row: Row) => unknown = postgres
    ? (row: Row) => {
        const out: Record<string, unknown> = {};
        for (const c of columns) out[c] = row[c];
        return out;
      }
    : (row: Row) => {
        const out: unknown[] = new Array(columns.length);
        for (let i = 0; i < columns.length; i++) {
          const value = row[columns[i]];
          out[i] = value instanceof Date ? dateText(value) : value;
        }
        return out;
      };
  // Rows written together mostly share their instants (a phone's holes of one moment, the batch's `now`): each is
  // formatted once.
  let lastDate = NaN;
  let lastText = '';
  const dateText = (value: Date) => {
    const ms = value.getTime();
    if (ms !== lastDate) {
      lastDate = ms;
      lastText = sqliteDateTime(value);
    }
    return lastText;
  };
  const written = transactions.getStore();
  // On SQLite, inside the caller's transaction, the JSON goes straight to it: through Prisma's client, the value alone
  // costs 14 ms of CPU for game night's 300 KB (`serializedSqlite`).
  const direct = written?.open ? created.executeInOpenTransaction : null;
  for (let start = 0; start < rows.length; start += 2_000) {
    queries += 1;
    const json = JSON.stringify(rows.slice(start, start + 2_000).map(encode));
    await (direct ? direct(sql, [json]) : tx.$executeRawUnsafe(sql, json));
  }
  if (written?.open) written.models.add(model);
  else committed(new Set([model]));
}

/** A DateTime as Prisma keeps it in SQLite: '2026-06-01T22:00:00.000+00:00'. */
function sqliteDateTime(value: Date): string {
  const iso = value.toISOString();
  return `${iso.slice(0, -1)}+00:00`;
}

/**
 * The rows of `table` whose `column` is one of `values`, with `columns`: for the reads of game night's bulk writes
 * (docs/decisions/128-scorecard-group-commit.md). Prisma plans an `in: [...]` list value by value (about 4 ms of CPU
 * for 100 ids); here the list travels as one JSON value, unpacked as `insertRows` does. `table` and the column names
 * are the database's own, never input. Integers come back as numbers and DateTimes as Dates, as Prisma gives them.
 */
export async function selectWhereIn<Row>(
  client: Tx | Db,
  table: string,
  columns: readonly string[],
  column: string,
  values: readonly (number | string)[],
): Promise<Row[]> {
  if (values.length === 0) return [];
  const postgres = databaseConfig().kind === 'postgresql';
  const names = columns.map((c) => `"${c}"`).join(', ');
  // PostgreSQL reads the values as the column's own type through the table's row type, so its index serves.
  const sql = postgres
    ? `SELECT ${names} FROM "${table}" WHERE "${column}" IN (SELECT "${column}" FROM json_populate_recordset(NULL::"${table}", $1::json))`
    : `SELECT ${names} FROM "${table}" WHERE "${column}" IN (SELECT value FROM json_each(?))`;
  queries += 1;
  if (observing > 0) observers.getStore()?.(`table:${table}`, 'selectWhereIn', null);
  return client.$queryRawUnsafe<Row[]>(
    sql,
    JSON.stringify(postgres ? [...new Set(values)].map((v) => ({ [column]: v })) : [...new Set(values)]),
  );
}

/**
 * Runs `fn` (and the timers it starts) as no transaction's work: for code that wakes a background worker from inside
 * a transaction (the email sender), so the worker's own writes are reported as its own when they commit.
 */
export function outsideTransaction<T>(fn: () => T): T {
  return transactions.exit(fn);
}

const WRITE_OPERATIONS = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);

/**
 * The client every module uses: it counts operations, and tells `onCommittedWrite` listeners which models were
 * written. Every interactive transaction (`db.$transaction(async (tx) => …)`, hence `inTransaction`) runs its callback
 * with a note of the models it writes, heard after it commits; a write made outside one is heard once it is done.
 * (The audit log is not written here: each write function records its own entries, app/db/audit.server.ts.)
 */
function leagueClient(client: PrismaClient): PrismaClient {
  const counted = client.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          queries += 1;
          if (observing > 0) observers.getStore()?.(model, operation, args);
          if (!WRITE_OPERATIONS.has(operation)) return query(args);
          const written = transactions.getStore();
          if (written?.open) {
            written.models.add(model);
            return query(args);
          }
          const result = await query(args);
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
        const written: Written = { models: new Set(), open: true, after: [] };
        return counted
          .$transaction((tx) => transactions.run(written, async () => await fn(tx)), options as never)
          .finally(() => {
            written.open = false;
          })
          .then((value) => {
            written.models.delete('AuditEntry');
            committed(written.models);
            for (const fn of written.after) {
              try {
                transactions.exit(fn);
              } catch (error) {
                console.error(error);
              }
            }
            return value;
          });
      },
    },
  }) as unknown as PrismaClient;
}

const globalForDb = globalThis as unknown as {
  leagueDb?: { db: PrismaClient } & SqliteParts;
};

function createDb() {
  const { client, ...parts } = createClient();
  return { db: leagueClient(client), ...parts };
}

const created = globalForDb.leagueDb ?? (globalForDb.leagueDb = createDb());
export const db: PrismaClient = created.db;

/**
 * With SQLite: a function that tells whether another connection (a script, another process) has committed since it
 * last looked, by SQLite's `PRAGMA data_version` (`serializedSqlite`), so this process's commits never count: they
 * are heard, with the models they wrote, through `onCommittedWrite`. Before the app's first query it answers true
 * (nothing can be known yet). Null with PostgreSQL, whose processes announce their writes with NOTIFY.
 */
export function watchOtherConnectionsCommits(): (() => boolean) | null {
  const commits = created.otherConnectionsCommits;
  if (!commits) return null;
  let seen = commits();
  return () => {
    const now = commits();
    if (now !== null && now === seen) return false;
    seen = now;
    return true;
  };
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/** Runs a write and answers its unique-constraint failure with the caller's own error (a 409); others pass through. */
export async function writeUnique<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
