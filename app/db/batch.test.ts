import { describe, expect, it } from 'vitest';
import { batched } from './batch.server';

/** A batched echo that records the batches it ran, and `later(n, ms)`: the call echo(n) made `ms` from now. */
function recordedEcho(options: { maxBatch?: number; gatherMs?: number; maxGatherMs?: number }) {
  const batches: number[][] = [];
  const echo = batched((jobs: number[]) => {
    batches.push(jobs);
    return Promise.resolve(jobs);
  }, options);
  const later = (n: number, ms: number) => new Promise<number>((resolve) => setTimeout(() => resolve(echo(n)), ms));
  return { batches, echo, later };
}

describe('batched', () => {
  it('runs the calls made together as one batch, and the calls made meanwhile as the next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const double = batched(async (jobs: number[]) => {
      batches.push(jobs);
      if (batches.length === 1) await held;
      return jobs.map((n) => n * 2);
    });
    const first = [double(1), double(2), double(3)];
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is under way: these wait for it, then go together.
    const second = [double(4), double(5)];
    release();
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('rejects only the call whose answer is an error, and every call of a batch that throws', async () => {
    const check = batched((jobs: number[]) => {
      if (jobs.includes(0)) return Promise.reject(new Error('the batch failed'));
      return Promise.resolve(jobs.map((n) => (n < 0 ? new RangeError(`${n} is negative`) : n)));
    });
    const answers = await Promise.allSettled([check(1), check(-1), check(2)]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new RangeError('-1 is negative') },
      { status: 'fulfilled', value: 2 },
    ]);
    const failed = await Promise.allSettled([check(3), check(0)]);
    expect(failed.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    // The queue goes on after a failed batch.
    expect(await check(4)).toBe(4);
  });

  it('cuts a long queue into batches of at most maxBatch', async () => {
    const { batches, echo } = recordedEcho({ maxBatch: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map(echo))).toEqual([1, 2, 3, 4, 5]);
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('with gatherMs, waits that long before a batch and after each, so calls that come a little later join in', async () => {
    const { batches, echo, later } = recordedEcho({ gatherMs: 100 });
    // 1 and 2 come 10 ms apart: one batch, after a second wait (2 joined the first) that brings nothing (100–200 ms).
    // 3 comes while the wait after that batch runs (200–300 ms): the next batch. (Timers fire in the order they are
    // due, so a slow machine keeps the order.)
    expect(await Promise.all([echo(1), later(2, 10), later(3, 250)])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('with gatherMs, waits again while calls keep joining, so a queue that trickles in is one batch', async () => {
    const { batches, echo, later } = recordedEcho({ gatherMs: 50 });
    // 2 joins during the first wait (0–50 ms), so the batch waits again (50–100 ms), and 3 joins then: one batch.
    // 4 comes after a wait that brought nothing (100–150 ms): the next batch.
    expect(await Promise.all([echo(1), later(2, 30), later(3, 70), later(4, 200)])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('stops waiting after maxGatherMs however many calls join', async () => {
    const { batches, later } = recordedEcho({ gatherMs: 20, maxGatherMs: 50 });
    // A call every 10 ms for 200 ms: without the limit the first batch would wait for all of them.
    const calls = Array.from({ length: 20 }, (_, i) => later(i, i * 10));
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(batches.length).toBeGreaterThan(1);
    expect(batches[0].length).toBeLessThan(20);
  });
});
