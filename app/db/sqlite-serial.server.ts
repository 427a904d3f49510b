import type { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { breather } from './breather.server';

type Factory = PrismaBetterSQLite3;
type Adapter = Awaited<ReturnType<Factory['connect']>>;
type Transaction = Awaited<ReturnType<Adapter['startTransaction']>>;

/** A FIFO lock: `await lock()` resolves to the function that releases it. */
function createLock() {
  let tail: Promise<void> = Promise.resolve();
  return async (): Promise<() => void> => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => held);
    await previous;
    let released = false;
    return () => {
      if (!released) {
        released = true;
        release();
      }
    };
  };
}

/** A statement that only reads: Prisma's reads are one SELECT each; its writes are INSERT/UPDATE/DELETE … RETURNING. */
function isRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql);
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
  factory: Factory,
  reader: Factory,
): {
  factory: Factory;
  executeInOpenTransaction: (sql: string, args: string[]) => Promise<number>;
  writerDataVersion: () => number | null;
} {
  const lock = createLock();
  let open: Transaction | null = null;
  let dataVersion: { get(): unknown } | null = null;

  /**
   * `PRAGMA data_version` on the writing connection, null before Prisma connects: it changes when another connection
   * (a script, another process) has committed, and never for this connection's own commits, which onCommittedWrite
   * reports with their models (docs/decisions/068-public-page-cache.md).
   */
  function writerDataVersion(): number | null {
    return dataVersion === null ? null : Number(dataVersion.get());
  }

  async function executeInOpenTransaction(sql: string, args: string[]): Promise<number> {
    if (!open) throw new Error('No transaction is open to run this statement in');
    return open.executeRaw({ sql, args, argTypes: args.map(() => ({ scalarType: 'string', arity: 'scalar' })) });
  }

  function wrapTransaction(tx: Transaction, release: () => void): Transaction {
    const breathe = breather();
    const wrapped = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'queryRaw' || prop === 'executeRaw') {
          return async (query: never) => {
            // better-sqlite3 answers at once, so a transaction's statements follow each other in one chain of
            // microtasks that never lets the event loop run: a 10,000-row import would hold every request for a
            // second. Let it breathe every few milliseconds (reads meanwhile use the reader connection).
            await breathe();
            return (target[prop] as (query: never) => Promise<unknown>).call(target, query);
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
    return new Proxy(adapter, {
      get(target, prop, receiver) {
        if (prop === 'queryRaw') {
          const write = wrapped('queryRaw');
          return (query: Parameters<Adapter['queryRaw']>[0]) =>
            isRead(query.sql) ? readAdapter.queryRaw(query) : write(query as never);
        }
        if (prop === 'dispose') {
          return async () => {
            await readAdapter.dispose();
            await target.dispose();
          };
        }
        if (prop === 'executeRaw' || prop === 'executeScript') return wrapped(prop);
        if (prop === 'startTransaction') {
          return async (isolationLevel?: Parameters<Adapter['startTransaction']>[0]) => {
            const release = await lock();
            try {
              const tx = await target.startTransaction(isolationLevel);
              // The adapter begins DEFERRED: a transaction that reads, then writes after another process wrote,
              // fails at once with SQLITE_BUSY (the busy timeout cannot help). Taking the write lock up front
              // makes it wait its turn instead (only another process, e.g. a CLI or a test, can contend).
              (target as unknown as { client: { exec(sql: string): void } }).client.exec('ROLLBACK; BEGIN IMMEDIATE');
              open = wrapTransaction(tx, release);
              return open;
            } catch (error) {
              release();
              throw error;
            }
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });

    /** The adapter's own method, run while holding the lock. */
    function wrapped(prop: 'queryRaw' | 'executeRaw' | 'executeScript') {
      return async (arg: never) => {
        const release = await lock();
        try {
          return await (adapter[prop] as (a: never) => Promise<unknown>).call(adapter, arg);
        } finally {
          release();
        }
      };
    }
  }

  const wrappedFactory = new Proxy(factory, {
    get(target, prop, receiver) {
      if (prop === 'connect')
        return async () => {
          const adapter = await target.connect();
          const client = (adapter as unknown as { client: { prepare(sql: string): { pluck(): { get(): unknown } } } })
            .client;
          dataVersion = client.prepare('PRAGMA data_version').pluck();
          return wrapAdapter(adapter, await reader.connect());
        };
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { factory: wrappedFactory, executeInOpenTransaction, writerDataVersion };
}
