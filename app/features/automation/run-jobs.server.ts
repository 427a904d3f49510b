import { cutoffOf } from '~/domain/availability';
import {
  JOB_NAMES,
  JOBS,
  describeSchedule,
  runAt,
  skippedReason,
  worthRunningUntil,
  type Job,
  type JobSchedule,
} from '~/domain/automation';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { formatLeagueDateTime, formatRoundDate, todayInLeague } from '~/domain/season';
import { POSITIONS } from '~/domain/tee-times';
import {
  claimRun,
  deliveredTo,
  finishRun,
  lastRuns,
  listJobs,
  recordDeliveries,
  recordSkipped,
  releaseRun,
  renewRun,
  runsOn,
  setJobEnabled,
  setJobSchedule,
  type Delivery,
  type RunRow,
  type RunTrigger,
} from '~/models/automation-jobs.server';
import { cutoffSettingOf, teeTimeNightsFrom } from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { db, isUniqueViolation } from '~/db/db.server';
import type { Actor } from '~/db/audit.server';
import type { JobScheduleInput } from '~/schemas/automation';
import { digestDeliveries } from './digest-email.server';
import type { EmailContext, NightInfo } from './email-parts.server';
import { gameDayDeliveries } from './game-day-email.server';
import { recapDeliveries } from './recap-email.server';
import { reminderDeliveries } from './reminder-email.server';

/**
 * The league's scheduled jobs (docs/product/automation.md, docs/decisions/150-scheduled-jobs.md). The clock
 * (scheduler.server.ts) calls `runDueJobs` every minute and once at start; the database decides who runs a night's
 * job: `claimRun` lets one process hold it, and each recipient's delivery row is written with their outbox message,
 * so two processes, a restart in the middle of a run or a 'Send now' never email anyone twice for one night.
 */

export type RunOptions = EmailContext & {
  /** Recipients per transaction (default 250). */
  batchSize?: number;
  /** How long a run is held before another process may take it over; renewed after every batch (default 2 min). */
  lockMs?: number;
  /** Called after each batch is committed (tests stop a process there, as a crash would). */
  onBatch?: (queued: number) => void | Promise<void>;
};

export type RunOutcome = { job: Job; date: string; state: 'done' | 'busy'; queued: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const nightLabel = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The league nights (played from the standing tee times, not rained out) from `from` to `to`, in date order. */
async function nightsBetween(from: string, to: string): Promise<NightInfo[]> {
  const seasons = new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))]);
  const nights = (await Promise.all([...seasons].map((season) => teeTimeNightsFrom(season, from))))
    .flat()
    .filter((n) => n.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date));
  return nights.map((n) => ({ date: n.date, season: n.season, event: n.event }));
}

async function recipientsOf(job: Job, night: NightInfo, had: ReadonlySet<string>, ctx: EmailContext) {
  switch (job) {
    case 'reminder':
      return reminderDeliveries(night, had, ctx);
    case 'game-day':
      return gameDayDeliveries(night, had, ctx);
    case 'recap': {
      const [next] = await nightsBetween(addDays(night.date, 1), addDays(night.date, 60));
      return recapDeliveries(night, had, ctx, next?.date ?? null);
    }
    case 'digest': {
      const previous = await db.automationRun.findFirst({
        where: { job: 'digest', status: 'done', date: { lt: night.date } },
        orderBy: { date: 'desc' },
        select: { startedAt: true },
      });
      return digestDeliveries(night, had, previous?.startedAt ?? new Date(ctx.now.getTime() - 7 * DAY_MS), ctx);
    }
  }
}

/**
 * Runs `job` for `night` in this process if it can hold the run: the recipients who have not had the email, in
 * batches, each batch's delivery rows and outbox messages in one transaction. 'busy': another process holds it, or
 * (not 'Send now') it has already run.
 * @public the tests run one job for a night of their own (tests/integration/automation-cases.ts)
 */
export async function runJob(
  job: Job,
  night: NightInfo,
  trigger: RunTrigger,
  options: RunOptions,
): Promise<RunOutcome> {
  const lockMs = options.lockMs ?? 2 * 60_000;
  const batchSize = options.batchSize ?? 250;
  // Held from the caller's clock (a test's, or the real one) plus the time the run has taken so far.
  const started = Date.now();
  const held = () => new Date(options.now.getTime() + (Date.now() - started) + lockMs);
  // The lease this process holds the run under, renewed after each batch.
  let lease = held();
  const run = await claimRun(job, night.date, trigger, options.now, lease);
  if (!run) return { job, date: night.date, state: 'busy', queued: 0 };
  let queued = 0;
  try {
    const had = await deliveredTo(job, night.date);
    const deliveries: Delivery[] = await recipientsOf(job, night, had, options);
    for (let i = 0; i < deliveries.length; i += batchSize) {
      const batch = deliveries.slice(i, i + batchSize);
      queued += await writeBatch(job, night.date, batch);
      const renewed = held();
      if (!(await renewRun(run.id, lease, renewed)))
        throw new Error(`Lost the hold on the ${job} run of ${night.date}`);
      lease = renewed;
      await options.onBatch?.(queued);
    }
    await finishRun(run.id, queued, new Date(options.now.getTime() + (Date.now() - started)));
    return { job, date: night.date, state: 'done', queued };
  } catch (error) {
    // Counted so far stays counted: the deliveries are written. The next tick (or process) takes the run up again.
    if (queued > 0) await db.automationRun.update({ where: { id: run.id }, data: { queued: { increment: queued } } });
    await releaseRun(run.id);
    throw error;
  }
}

/** One batch; when another writer (PostgreSQL) wrote some of the same recipients at that moment, once more. */
async function writeBatch(job: Job, date: string, batch: Delivery[]): Promise<number> {
  try {
    return await recordDeliveries(job, date, batch);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return recordDeliveries(job, date, batch);
  }
}

/** What decides, for each season, until when a night's missed run still makes sense. */
async function firstTeeTimes(seasons: Iterable<number>): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  for (const season of seasons) {
    const slots = await db.teeTime.findMany({ where: { season }, orderBy: { time: 'asc' } });
    const held = slots.find((s) => POSITIONS.some((p) => s[`golfer${p}Id`] !== null));
    out.set(season, held?.time ?? null);
  }
  return out;
}

/** Nights whose every card is attested (at least one card): the recap goes then if that comes first. */
async function attestedNights(dates: string[]): Promise<Set<string>> {
  if (dates.length === 0) return new Set();
  const cards = await db.scorecard.findMany({ where: { date: { in: dates } }, select: { date: true, state: true } });
  const byDate = new Map<string, boolean>();
  for (const card of cards) byDate.set(card.date, (byDate.get(card.date) ?? true) && card.state === 'attested');
  return new Set([...byDate].filter(([, all]) => all).map(([date]) => date));
}

/** Runs that fell due more than this long ago are made up at start ('catch-up'), not run on time ('schedule'). */
const ON_TIME_MS = 5 * 60_000;
/** Runs due longer ago than this are neither made up nor recorded as skipped: the server was off for long. */
const LOOK_BACK_MS = 7 * DAY_MS;

/**
 * Every run that is due now and has not run: on time, or made up after the server was down when it still makes
 * sense (the reminder before the availability cut-off, the recap within a day…); otherwise recorded as skipped with
 * the reason. Each job's runs one after the other; a run another process holds is left to it.
 */
export async function runDueJobs(options: RunOptions): Promise<RunOutcome[]> {
  const now = options.now;
  const jobs = (await listJobs()).filter((j) => j.enabled);
  if (jobs.length === 0) return [];
  const today = todayInLeague(now);
  const nights = await nightsBetween(addDays(today, -15), addDays(today, 15));
  if (nights.length === 0) return [];
  const [runs, settings, firsts, attested] = await Promise.all([
    runsOn(nights.map((n) => n.date)),
    getSettings(),
    firstTeeTimes(new Set(nights.map((n) => n.season))),
    attestedNights(nights.filter((n) => n.date <= today).map((n) => n.date)),
  ]);
  const runOf = new Map(runs.map((r) => [`${r.job}:${r.date}`, r]));
  const outcomes: RunOutcome[] = [];
  for (const job of jobs)
    for (const night of nights) {
      const due = runAt(night.date, job);
      const early = job.job === 'recap' && attested.has(night.date) && due.getTime() > now.getTime();
      if (!early && (due.getTime() > now.getTime() || now.getTime() - due.getTime() > LOOK_BACK_MS)) continue;
      if (!early && due.getTime() < job.enabledAt.getTime()) continue;
      const run = runOf.get(`${job.job}:${night.date}`);
      if (run && run.status !== 'running') continue;
      const until = worthRunningUntil(job.job, night.date, job, {
        cutoff: cutoffOf(night.date, cutoffSettingOf(settings)),
        firstTeeTime: firsts.get(night.season) ?? null,
      });
      if (now.getTime() >= until.getTime()) {
        if (run) await abandonRun(run, skippedReason(job.job), now);
        else await recordSkipped(job.job, night.date, skippedReason(job.job), now);
        continue;
      }
      const trigger = early || now.getTime() - due.getTime() <= ON_TIME_MS ? 'schedule' : 'catch-up';
      outcomes.push(await runJob(job.job, night, trigger, options));
    }
  return outcomes;
}

/** A run left 'running' by a process that died, whose time has passed: recorded as skipped, keeping its count. */
async function abandonRun(run: RunRow, reason: string, now: Date): Promise<void> {
  await db.automationRun.updateMany({
    where: { id: run.id, status: 'running', lockedUntil: { lte: now } },
    data: { status: 'skipped', reason, lockedUntil: null, finishedAt: now },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// /automation and /api/automation

export type JobView = {
  job: Job;
  name: string;
  enabled: boolean;
  daysBefore: number;
  time: string;
  schedule: string;
  lastRun: {
    date: string;
    night: string;
    status: 'running' | 'done' | 'skipped';
    at: string;
    when: string;
    queued: number;
    reason: string | null;
  } | null;
  nextRun: { date: string; night: string; at: string; when: string } | null;
  /** The night 'Send now' sends for, or null when there is none. */
  sendNight: { date: string; night: string } | null;
};

const whenLabel = (at: Date) => formatLeagueDateTime(at, "EEEE, MMMM d 'at' h:mm a");

/** Every job as /automation shows it: On/Off, schedule, last run and next run. A fixed number of queries. */
export async function automationOverview(now = new Date()): Promise<JobView[]> {
  const today = todayInLeague(now);
  const [jobs, last, nights] = await Promise.all([
    listJobs(),
    lastRuns(),
    nightsBetween(addDays(today, -30), addDays(today, 60)),
  ]);
  return jobs.map((job) => {
    const run = last.get(job.job);
    const next = job.enabled ? nights.find((n) => runAt(n.date, job).getTime() > now.getTime()) : undefined;
    const send = sendNightOf(job.job, nights, today);
    return {
      job: job.job,
      name: JOB_NAMES[job.job],
      enabled: job.enabled,
      daysBefore: job.daysBefore,
      time: job.time,
      schedule: describeSchedule(job),
      lastRun: run
        ? {
            date: run.date,
            night: nightLabel(run.date),
            status: run.status as 'running' | 'done' | 'skipped',
            at: (run.finishedAt ?? run.startedAt).toISOString(),
            when: whenLabel(run.finishedAt ?? run.startedAt),
            queued: run.queued,
            reason: run.reason,
          }
        : null,
      nextRun: next
        ? {
            date: next.date,
            night: nightLabel(next.date),
            at: runAt(next.date, job).toISOString(),
            when: whenLabel(runAt(next.date, job)),
          }
        : null,
      sendNight: send ? { date: send.date, night: nightLabel(send.date) } : null,
    };
  });
}

/**
 * The night 'Send now' is for: the next league night (today's included), or for the recap the last one played
 * (today's included), whose results it sends (docs/decisions/150-scheduled-jobs.md).
 */
function sendNightOf(job: Job, nights: NightInfo[], today: string): NightInfo | undefined {
  if (job === 'recap') return [...nights].reverse().find((n) => n.date <= today);
  return nights.find((n) => n.date >= today);
}

function requireJob(job: string): Job {
  if (!(JOBS as readonly string[]).includes(job)) throw new NotFoundError('Job not found');
  return job as Job;
}

export async function setAutomationEnabled(job: string, enabled: boolean, actor: Actor | null) {
  await setJobEnabled(requireJob(job), enabled, actor);
}

export async function setAutomationSchedule(job: string, input: JobScheduleInput, actor: Actor | null) {
  const schedule: JobSchedule = {
    daysBefore: input.direction === 'after' ? -input.days : input.days,
    time: input.time,
  };
  await setJobSchedule(requireJob(job), schedule, actor);
}

/**
 * 'Send now': the job for its night at once, to those who have not had it (a second send reaches only them). A night
 * with nothing left to send is a ConflictError that says so; no night at all, a NotFoundError.
 */
export async function sendNow(
  jobName: string,
  options: RunOptions,
): Promise<{ date: string; night: string; queued: number; name: string }> {
  const job = requireJob(jobName);
  const today = todayInLeague(options.now);
  const nights = await nightsBetween(addDays(today, -30), addDays(today, 60));
  const night = sendNightOf(job, nights, today);
  if (!night) throw new NotFoundError(`There is no league night to send the ${JOB_NAMES[job]} for`);
  const outcome = await runJob(job, night, 'send-now', options);
  if (outcome.state === 'busy')
    throw new ConflictError(`The ${JOB_NAMES[job]} for ${nightLabel(night.date)} is being sent right now`);
  if (outcome.queued === 0)
    throw new ConflictError(
      `Nothing to send for ${nightLabel(night.date)}: nobody is left who should get the ${JOB_NAMES[job]}`,
    );
  return { date: night.date, night: nightLabel(night.date), queued: outcome.queued, name: JOB_NAMES[job] };
}
