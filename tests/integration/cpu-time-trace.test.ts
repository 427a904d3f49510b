// The Lighthouse bench's trace in CPU time (scripts/bench/cpu-time-trace.ts, decision 062 section 'Stop 44'): a task
// the host's scheduler interrupted shrinks to the time its thread ran, the events inside it stay inside it, and
// nothing else moves.
import { describe, expect, it } from 'vitest';
import { toCpuTime } from '../../scripts/bench/cpu-time-trace';

const MAIN = { pid: 7, tid: 7 };
const thread = (pid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid: pid, ts: 0, args: { name } });

describe('toCpuTime', () => {
  it('shrinks each task to its thread time and keeps the events inside it in proportion', () => {
    const events = [
      thread(7, 'CrRendererMain'),
      // 40 ms on the wall, 10 ms on the CPU: a function call from 20 ms to 40 ms in it.
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_000_000, dur: 40_000, tdur: 10_000 },
      { ...MAIN, name: 'FunctionCall', ph: 'X', ts: 1_020_000, dur: 20_000, tdur: 5_000 },
      { ...MAIN, name: 'MarkDOMContent', ph: 'I', ts: 1_030_000 },
      // A task that was not interrupted, after it: left where and as it was.
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_050_000, dur: 30_000, tdur: 30_000 },
      // A thread clock a little ahead of the wall clock never lengthens a task.
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 1_000, tdur: 1_020 },
    ];
    const { wallMs, cpuMs } = toCpuTime(events);
    expect(events.slice(1)).toEqual([
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_000_000, dur: 10_000, tdur: 10_000 },
      { ...MAIN, name: 'FunctionCall', ph: 'X', ts: 1_005_000, dur: 5_000, tdur: 5_000 },
      { ...MAIN, name: 'MarkDOMContent', ph: 'I', ts: 1_007_500 },
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_050_000, dur: 30_000, tdur: 30_000 },
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 1_000, tdur: 1_020 },
    ]);
    expect(wallMs).toBe(71);
    expect(cpuMs).toBe(41);
  });

  it("counts only the renderers' main threads in the wall and CPU totals, and shrinks every thread's tasks", () => {
    const gpu = { pid: 9, tid: 9, name: 'RunTask', ph: 'X', ts: 5_000, dur: 8_000, tdur: 2_000 };
    const events = [thread(7, 'CrRendererMain'), thread(9, 'CrGpuMain'), gpu];
    expect(toCpuTime(events)).toEqual({ wallMs: 0, cpuMs: 0 });
    expect(gpu.dur).toBe(2_000);
  });

  it('shrinks an event that starts with its task and is written before it', () => {
    const events = [
      { ...MAIN, name: 'EvaluateScript', ph: 'X', ts: 500, dur: 3_000, tdur: 1_000 },
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 500, dur: 4_000, tdur: 2_000 },
    ];
    toCpuTime(events);
    expect(events.map(({ ts, dur }) => [ts, dur])).toEqual([
      [500, 1_500],
      [500, 2_000],
    ]);
  });

  it('leaves events that are not inside a task, and tasks without a thread time, alone', () => {
    const events = [
      { ...MAIN, name: 'RunTask', ph: 'X', ts: 0, dur: 9_000 },
      { ...MAIN, name: 'ParseHTML', ph: 'X', ts: 1_000, dur: 8_000, tdur: 1_000 },
      { ...MAIN, name: 'navigationStart', ph: 'R', ts: 20_000 },
    ];
    const before = structuredClone(events);
    toCpuTime(events);
    expect(events).toEqual(before);
  });
});
