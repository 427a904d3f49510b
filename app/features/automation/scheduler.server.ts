import { Cron } from 'croner';
import { LEAGUE_TZ } from '~/domain/season';
import { runDueJobs, type RunOptions } from './run-jobs.server';

/**
 * The clock of the scheduled jobs (docs/decisions/150-scheduled-jobs.md): croner wakes this process at the start of
 * every minute, Detroit time, and once at start (to make up what was missed while the server was down); each wake
 * runs what is due. Which process runs a night's job is decided in the database (`claimRun`), never here, so every
 * process of a PostgreSQL install runs the same clock. A failing pass (the database away) is logged once and retried
 * at the next minute; its recovery is logged once too.
 */

export type SchedulerOptions = Omit<RunOptions, 'now'> & {
  now?: () => Date;
  log?: (line: string) => void;
};

export function startScheduler(options: SchedulerOptions): () => Promise<void> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? console.log;
  let failing = false;
  let pass: Promise<void> = Promise.resolve();
  let stopped = false;

  async function tick(): Promise<void> {
    if (stopped) return;
    try {
      const outcomes = await runDueJobs({ ...options, now: now() });
      for (const o of outcomes)
        if (o.state === 'done') log(`Automation: ${o.job} for ${o.date} queued ${o.queued} email(s)`);
      if (failing) log('Automation: running again');
      failing = false;
    } catch (error) {
      if (!failing) console.error('Automation: a pass failed; retrying every minute', error);
      failing = true;
    }
  }

  const run = (): Promise<void> => (pass = pass.then(tick));
  // `protect`: a pass still going when the next minute comes is not doubled.
  const cron = new Cron('* * * * *', { timezone: LEAGUE_TZ, protect: true }, () => run());
  void run();
  return async () => {
    stopped = true;
    cron.stop();
    await pass;
  };
}
