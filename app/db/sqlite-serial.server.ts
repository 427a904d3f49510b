import type { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { Mutex } from 'async-mutex';
import Database from 'better-sqlite3';
import { breather } from './breather.server';

/*
 * Only Prisma's public driver-adapter interface is used here (connect, queryRaw, executeRaw, executeScript,
 * startTransaction, commit, rollback, dispose), and better-sqlite3 directly on a connection of our own: nothing reads
 * the adapter's internals (docs/decisions/005-serialized-sqlite-connection.md, amended for Prisma 7).
 */
type Factory = PrismaBetterSqlite3;
type Adapter = Awaited<ReturnType<Factory['connect']>>;
type Transaction = Awaited<ReturnType<Adapter['startTransaction']>>;
type Query = Parameters<Adapter['executeRaw']>[0];

/** A statement that only reads: Prisma's reads are one SELECT each; its writes are INSERT/UPDATE/DELETE … RETURNING. */
function isRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql);
}

/**
 * Counts the commits of other connections (a script, another process) by SQLite's own `PRAGMA data_version`, read on
 * a read-only connection of our own, outside Prisma. That number changes with any other connection's commit, this
 * process's writing connection included; so each of this process's writes is taken as ours by reading it again just
 * after the write, and reading it just before (inside the transaction, which holds SQLite's write lock: nobody else
 * can commit then) first counts whatever another connection committed earlier.
 */
function otherCommitsCounter(file: string) {
  let version: { get(): unknown } | null = null;
  let close = () => {};
  let seen = 0;
  let others = 0;
  const read = () => Number(version!.get());
  return {
    open() {
      const connection = new Database(file, { readonly: true, fileMustExist: true });
      version = connection.prepare('PRAGMA data_version').pluck();
      seen = read();
      close = () => connection.close();
    },
    /** Counts a commit by another connection since the last look; null before Prisma first connects. */
    look(): number | null {
      if (version === null) return null;
      const now = read();
      if (now !== seen) {
        seen = now;
        others += 1;
      }
      return others;
    },
    /** After a write of this process's own: its commit is not another connection's. */
    ours() {
      if (version !== null) seen = read();
    },
    close() {
      version = null;
      close();
    },
  };
}

/**
 * The better-sqlite3 adapter runs every query on one connection, and only interactive transactions wait for
 * each other: a query from another request while a transaction is open runs INSIDE that transaction (it sees
 * uncommitted rows, and its writes are rolled back with it). This wrapper makes plain writes wait for the open
 * transaction, so each transaction is isolated, as SQLite itself would isolate two connections; and it sends plain
 * reads (a SELECT outside a transaction) to a read-only connection of their own, `reader`, which in WAL mode never
 * waits for the writer: pages keep answering, from the last committed data, while an import's transaction is open.
 * See docs/decisions/005-serialized-sqlite-connection.md.
 *
 * Since transactions take turns, at most one is open at a time: `executeInOpenTransaction` runs a statement in it
 * straight on the adapter, for a statement whose bound value is too large to send through Prisma's client (it copies
 * each value through its query compiler: 14 ms of CPU for game night's 300 KB of hole scores, against 1 ms for a
 * short one; docs/decisions/128-scorecard-group-commit.md). Only code running inside that transaction may call it.
 */
export function serializedSqlite(
  file: string,
  factory: Factory,
  reader: Factory,
): {
  factory: Factory;
  executeInOpenTransaction: (sql: string, args: string[]) => Promise<number>;
  otherConnectionsCommits: () => number | null;
} {
  // async-mutex's lock is first come, first served, and its release may be called twice (docs/decisions/167).
  const mutex = new Mutex();
  const lock = () => mutex.acquire();
  let open: Transaction | null = null;
  const counter = otherCommitsCounter(file);

  async function executeInOpenTransaction(sql: string, args: string[]): Promise<number> {
    if (!open) throw new Error('No transaction is open to run this statement in');
    return open.executeRaw({ sql, args, argTypes: args.map(() => ({ scalarType: 'string', arity: 'scalar' })) });
  }

  function wrapTransaction(tx: Transaction, release: () => void): Transaction {
    const breathe = breather();
    const wrapped = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'queryRaw' || prop === 'executeRaw') {
          return async (query: Query) => {
            // Prisma commits with a COMMIT statement, then calls commit(). Before it this transaction holds SQLite's
            // write lock, so what the counter sees then is another connection's; what it sees after is ours.
            if (/^\s*COMMIT\b/i.test(query.sql)) {
              counter.look();
              try {
                return await target.executeRaw(query);
              } finally {
                counter.ours();
              }
            }
            // better-sqlite3 answers at once, so a transaction's statements follow each other in one chain of
            // microtasks that never lets the event loop run: a 10,000-row import would hold every request for a
            // second. Let it breathe every few milliseconds (reads meanwhile use the reader connection).
            await breathe();
            return prop === 'queryRaw' ? target.queryRaw(query) : target.executeRaw(query);
          };
        }
        if (prop === 'commit' || prop === 'rollback') {
          return async () => {
            try {
              await target[prop]();
            } finally {
              if (open === wrapped) open = null;
              release();
            }
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    return wrapped;
  }

  function wrapAdapter(adapter: Adapter, readAdapter: Adapter): Adapter {
    /** The adapter's own method, run while holding the lock: a write outside a transaction, taken as ours after. */
    function locked<T>(run: () => Promise<T>): Promise<T> {
      return lock().then(async (release) => {
        try {
          counter.look();
          return await run();
        } finally {
          counter.ours();
          release();
        }
      });
    }

    return new Proxy(adapter, {
      get(target, prop, receiver) {
        if (prop === 'queryRaw')
          return (query: Query) =>
            isRead(query.sql) ? readAdapter.queryRaw(query) : locked(() => target.queryRaw(query));
        if (prop === 'executeRaw') return (query: Query) => locked(() => target.executeRaw(query));
        if (prop === 'executeScript') return (script: string) => locked(() => target.executeScript(script));
        if (prop === 'dispose') {
          return async () => {
            counter.close();
            await readAdapter.dispose();
            await target.dispose();
          };
        }
        if (prop === 'startTransaction') {
          return async (isolationLevel?: Parameters<Adapter['startTransaction']>[0]) => {
            const release = await lock();
            let tx: Transaction | null = null;
            try {
              tx = await target.startTransaction(isolationLevel);
              // The adapter begins DEFERRED: a transaction that reads, then writes after another process wrote,
              // fails at once with SQLITE_BUSY (the busy timeout cannot help). Taking the write lock up front
              // makes it wait its turn instead (only another process, e.g. a CLI or a test, can contend).
              await target.executeScript('ROLLBACK; BEGIN IMMEDIATE');
              open = wrapTransaction(tx, release);
              return open;
            } catch (error) {
              // The adapter holds its own turn for a transaction it began: give it back (no statement runs).
              if (tx) await tx.rollback().catch(() => {});
              release();
              throw error;
            }
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  }

  const wrappedFactory = new Proxy(factory, {
    get(target, prop, receiver) {
      if (prop === 'connect')
        return async () => {
          const adapter = await target.connect();
          counter.open();
          return wrapAdapter(adapter, await reader.connect());
        };
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { factory: wrappedFactory, executeInOpenTransaction, otherConnectionsCommits: () => counter.look() };
}
