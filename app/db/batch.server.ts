/**
 * Calls that arrive together, answered together (docs/decisions/128-scorecard-group-commit.md): calls made while a
 * batch is under way wait and run together as the next batch, so a burst of N calls costs a few queries each instead
 * of N of each. A call made when nothing is under way waits one turn of the event loop (or `gatherMs`), so the calls
 * that reached the server together join it. With `gatherMs`, each batch is followed by that wait too, and a wait
 * that calls joined is waited again (up to `maxGatherMs` in all): the requests held behind a batch reach the queue one
 * after another, each after the server's own work on it (its connection, body and session: most of a millisecond), and
 * a batch started at the first of them would leave the others to batches of one or two, each paying a whole batch's
 * fixed cost (measured on game night's burst: 45 batches of one, 13 ms each). Writes use it as group commit (one
 * transaction a batch: the scorecards' hole entries), reads to look many keys up in one query (the golfers' sessions).
 *
 * `run` answers each job, in order, with its result or the error that job alone gets (a job that fails its checks
 * does not fail the others); when `run` itself throws, every job of the batch gets that error.
 */
export function batched<Job, Result>(
  run: (jobs: Job[]) => Promise<(Result | Error)[]>,
  {
    maxBatch = 500,
    gatherMs = 0,
    maxGatherMs = 10 * gatherMs,
  }: { maxBatch?: number; gatherMs?: number; maxGatherMs?: number } = {},
): (job: Job) => Promise<Result> {
  type Waiting = { job: Job; resolve: (result: Result) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  // One turn of the event loop, or `gatherMs`: while a batch runs, the server takes no new request in.
  const wait = () =>
    new Promise<void>((resolve) => (gatherMs > 0 ? setTimeout(resolve, gatherMs) : setImmediate(resolve)));
  // With `gatherMs`: waits again while calls keep joining, until a wait brings none, the batch is full, or
  // `maxGatherMs` has passed.
  async function gather(): Promise<void> {
    const started = performance.now();
    for (;;) {
      const before = queue.length;
      await wait();
      const joined = queue.length > before;
      if (gatherMs === 0 || !joined || queue.length >= maxBatch || performance.now() - started >= maxGatherMs) return;
    }
  }

  async function drain(): Promise<void> {
    await gather();
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await run(batch.map((w) => w.job));
        batch.forEach((w, i) => {
          const result = results[i];
          if (result instanceof Error) w.reject(result);
          else w.resolve(result);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
      if (gatherMs > 0) await gather();
    }
    running = false;
  }

  return (job) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (running) return;
      running = true;
      void drain();
    });
}
