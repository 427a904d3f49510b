import { TZDate } from '@date-fns/tz';
import { LEAGUE_TZ } from './season';
import { formatTeeTime } from './tee-times';

/**
 * The league's scheduled jobs (docs/product/automation.md, docs/decisions/150-scheduled-jobs.md): what each is
 * called, when it runs by default, when a run falls due for a night and until when a missed run is still worth
 * making up. Pure; the runs live in app/models/automation-jobs.server.ts.
 */

export const JOBS = ['reminder', 'game-day', 'recap', 'digest'] as const;
export type Job = (typeof JOBS)[number];

export const JOB_NAMES: Record<Job, string> = {
  reminder: 'Availability reminder',
  'game-day': 'Game-day email',
  recap: 'Results recap',
  digest: "Administrators' digest",
};

export function isJob(value: string): value is Job {
  return (JOBS as readonly string[]).includes(value);
}

/** When a job runs: `daysBefore` days before each night (negative: after; 0: on the night's day) at `time`. */
export type JobSchedule = { daysBefore: number; time: string };

/** The defaults of a new install: every job off except the reminder. */
export const JOB_DEFAULTS: Record<Job, JobSchedule & { enabled: boolean }> = {
  reminder: { enabled: true, daysBefore: 3, time: '09:00' },
  'game-day': { enabled: false, daysBefore: 0, time: '08:00' },
  recap: { enabled: false, daysBefore: -1, time: '08:00' },
  digest: { enabled: false, daysBefore: 0, time: '12:00' },
};

/** The most days before or after a night a job may run (the schedule form's limit). */
export const MAX_DAYS = 14;

/** The instant of `date` ('yyyy-MM-dd') shifted by `days` at `time` ('HH:mm'), Detroit time. */
function leagueInstant(date: string, days: number, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  // TZDate rolls a day outside the month into the next or previous one, as Date does.
  return new Date(new TZDate(y, m - 1, d + days, hh, mm, LEAGUE_TZ).getTime());
}

/** When the job's run for the night `date` falls due. */
export function runAt(date: string, schedule: JobSchedule): Date {
  return leagueInstant(date, -schedule.daysBefore, schedule.time);
}

/** '3 days before each night at 9:00 AM', 'On each night's day at 8:00 AM', '1 day after each night at 8:00 AM'. */
export function describeSchedule(schedule: JobSchedule): string {
  const at = formatTeeTime(schedule.time);
  const n = Math.abs(schedule.daysBefore);
  if (n === 0) return `On each night's day at ${at}`;
  return `${n} day${n === 1 ? '' : 's'} ${schedule.daysBefore > 0 ? 'before' : 'after'} each night at ${at}`;
}

/** What decides until when a night's run still makes sense. */
export type NightTimes = {
  /** The night's availability cut-off (In/Out closes online). */
  cutoff: Date;
  /** The night's first standing tee time ('HH:mm'), or null when nobody holds one. */
  firstTeeTime: string | null;
};

/**
 * Until when a missed run of `job` for the night `date` is still made up (docs/decisions/150-scheduled-jobs.md): the
 * reminder until the availability cut-off (after it nobody can answer online), the game-day email until the night's
 * first tee time, the recap within a day of its time, the digest until the end of the night's day.
 */
export function worthRunningUntil(job: Job, date: string, schedule: JobSchedule, night: NightTimes): Date {
  switch (job) {
    case 'reminder':
      return night.cutoff;
    case 'game-day':
      return leagueInstant(date, 0, night.firstTeeTime ?? '23:59');
    case 'recap':
      return new Date(runAt(date, schedule).getTime() + 24 * 60 * 60 * 1000);
    case 'digest':
      return leagueInstant(date, 1, '00:00');
  }
}

/** Why a run that is no longer worth making up was skipped, in the administrators' words. */
export function skippedReason(job: Job): string {
  switch (job) {
    case 'reminder':
      return 'The server was not running at its time, and the availability cut-off had passed';
    case 'game-day':
      return 'The server was not running at its time, and the night had started';
    case 'recap':
      return 'The server was not running at its time, and more than a day had passed';
    case 'digest':
      return 'The server was not running at its time, and the night was over';
  }
}
