// A Chromium trace's tasks in the CPU time their thread spent on them (decision 062, section 'Stop 44'). Lighthouse
// simulates a phone by multiplying each main-thread task's duration in the trace of an unthrottled load by a CPU
// slowdown; a task's duration is wall time, and on a shared 2-core host it also counts the time the scheduler gave
// the core to another process (a neighbour, Lighthouse itself, the server answering the page). Chromium records each
// task's thread time beside its wall time (`tdur`); each task is shrunk to it, and the events inside it with it, in
// proportion, so that they stay nested as Lighthouse expects.

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number };

/** The names Lighthouse's dependency graph takes for a schedulable task (its PageDependencyGraph.isScheduleableTask). */
const TASKS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'TaskQueueManager::ProcessTaskFromWorkQueue',
]);

/**
 * Rewrites `events` in place: every top-level task that has a thread time shorter than its wall time takes the thread
 * time as its duration, and the events inside it move and shrink by the same factor. Answers the renderers' main
 * threads' wall and CPU time over their tasks, in milliseconds (their ratio tells how busy the host was).
 */
export function toCpuTime(events: TraceEvent[]): { wallMs: number; cpuMs: number } {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name')
      .filter((e) => (e as { args?: { name?: string } }).args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const threads = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    const list = threads.get(key);
    if (list) list.push(event);
    else threads.set(key, [event]);
  }
  let wallMs = 0;
  let cpuMs = 0;
  for (const [thread, list] of threads) {
    // A task is written to the trace when it ends, after the events inside it: by start, and at one start the longer
    // (the enclosing) first.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let start = 0;
    let end = -Infinity;
    let factor = 1;
    for (const event of list) {
      if (event.ts < end) {
        // Inside the task being shrunk (its start is not moved).
        event.ts = start + (event.ts - start) * factor;
        if (event.dur !== undefined) event.dur *= factor;
      } else if (event.ph === 'X' && TASKS.has(event.name) && event.dur && event.tdur !== undefined) {
        start = event.ts;
        end = event.ts + event.dur;
        factor = Math.min(1, event.tdur / event.dur);
        if (renderers.has(thread)) {
          wallMs += event.dur / 1000;
          cpuMs += (event.dur * factor) / 1000;
        }
        event.dur *= factor;
      }
    }
  }
  return { wallMs, cpuMs };
}
