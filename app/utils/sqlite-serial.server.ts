import type { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';

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

/**
 * The better-sqlite3 adapter runs every query on one connection, and only interactive transactions wait for
 * each other: a query from another request while a transaction is open runs INSIDE that transaction (it sees
 * uncommitted rows, and its writes are rolled back with it). This wrapper makes plain queries wait for the open
 * transaction too, so each transaction is isolated, as SQLite itself would isolate two connections.
 * See docs/decisions/005-serialized-sqlite-connection.md.
 */
export function serializedSqlite(factory: Factory): Factory {
  const lock = createLock();

  function wrapTransaction(tx: Transaction, release: () => void): Transaction {
    return new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'commit' || prop === 'rollback') {
          return async () => {
            try {
              await target[prop]();
            } finally {
              release();
            }
          };
        }
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  }

  function wrapAdapter(adapter: Adapter): Adapter {
    return new Proxy(adapter, {
      get(target, prop, receiver) {
        if (prop === 'queryRaw' || prop === 'executeRaw' || prop === 'executeScript') {
          return async (arg: never) => {
            const release = await lock();
            try {
              return await (target[prop] as (a: never) => Promise<unknown>)(arg);
            } finally {
              release();
            }
          };
        }
        if (prop === 'startTransaction') {
          return async (isolationLevel?: Parameters<Adapter['startTransaction']>[0]) => {
            const release = await lock();
            try {
              const tx = await target.startTransaction(isolationLevel);
              // The adapter begins DEFERRED: a transaction that reads, then writes after another process wrote,
              // fails at once with SQLITE_BUSY (the busy timeout cannot help). Taking the write lock up front
              // makes it wait its turn instead (only another process, e.g. a CLI or a test, can contend).
              (target as unknown as { client: { exec(sql: string): void } }).client.exec('ROLLBACK; BEGIN IMMEDIATE');
              return wrapTransaction(tx, release);
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
  }

  return new Proxy(factory, {
    get(target, prop, receiver) {
      if (prop === 'connect') return async () => wrapAdapter(await target.connect());
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
