/**
 * Long work on the server's one thread (an import's rows, a transaction's statements: better-sqlite3 answers at once,
 * so awaiting it never lets anything else run) awaits a breather between its steps: once `everyMs` have passed since
 * the event loop last ran, it lets the loop run (requests arriving, timers) before going on. Pages stay fast while an
 * import runs (docs/decisions/067-imports-off-the-request-thread.md).
 */
export function breather(everyMs = 10): () => Promise<void> | undefined {
  let ranSince = performance.now();
  return () => {
    if (performance.now() - ranSince <= everyMs) return undefined;
    return yieldToEventLoop().then(() => {
      ranSince = performance.now();
    });
  };
}

/** Lets the event loop run once before going on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
