import { JOB_DEFAULTS, JOBS, type Job, type JobSchedule } from '~/domain/automation';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { claimLease, renewLease } from '~/db/lease.server';
import { inTransaction } from '~/db/transaction.server';
import { enqueueMessages, type NewMessage } from './outbox.server';

/**
 * The scheduled jobs' data (docs/product/automation.md, docs/decisions/150-scheduled-jobs.md): each job's On/Off and
 * schedule, its runs (one row per job and night: the row decides which process runs it) and its deliveries (one row
 * per job, night and recipient, written in the transaction of the recipient's outbox message).
 */

export type JobSettings = JobSchedule & { job: Job; enabled: boolean; enabledAt: Date };

/** Every job's settings, in the order of JOBS; a job without a row yet gets its defaults (written once). */
export async function listJobs(client: Tx = db): Promise<JobSettings[]> {
  let rows = await client.automationJob.findMany();
  if (rows.length < JOBS.length) {
    const missing = JOBS.filter((job) => !rows.some((r) => r.job === job));
    for (const job of missing) {
      try {
        await client.automationJob.create({ data: { job, ...JOB_DEFAULTS[job] } });
      } catch (error) {
        // Another process made it a moment ago (PostgreSQL): the row is there either way.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    rows = await client.automationJob.findMany();
  }
  return JOBS.map((job) => {
    const row = rows.find((r) => r.job === job)!;
    return { job, enabled: row.enabled, daysBefore: row.daysBefore, time: row.time, enabledAt: row.enabledAt };
  });
}

/** 'On' / 'Off'. Turning a job on starts it from now: runs that fell due while it was off are not made up. */
export function setJobEnabled(job: Job, enabled: boolean, actor: Actor | null, client: Tx = db) {
  return updateJob(job, actor, client, (before) =>
    before.enabled === enabled
      ? null
      : {
          data: enabled ? { enabled, enabledAt: new Date() } : { enabled },
          summary: `Turned '${job}' ${enabled ? 'on' : 'off'}`,
        },
  );
}

export function setJobSchedule(job: Job, schedule: JobSchedule, actor: Actor | null, client: Tx = db) {
  return updateJob(job, actor, client, (before) =>
    before.daysBefore === schedule.daysBefore && before.time === schedule.time
      ? null
      : {
          data: schedule,
          summary: `Schedule of '${job}': ${before.daysBefore} days before at ${before.time} → ${schedule.daysBefore} days before at ${schedule.time}`,
        },
  );
}

/** One change of a job's settings with its audit entry, in one transaction; `change` answers null when nothing changes. */
async function updateJob(
  job: Job,
  actor: Actor | null,
  client: Tx,
  change: (before: Omit<JobSettings, 'job'>) => { data: Partial<JobSettings>; summary: string } | null,
): Promise<void> {
  await listJobs(client);
  return inTransaction(client, async (tx) => {
    const next = change(await tx.automationJob.findUniqueOrThrow({ where: { job } }));
    if (!next) return;
    await tx.automationJob.update({ where: { job }, data: next.data });
    await recordAudit(
      tx,
      actor,
      auditNote({ action: 'update', entity: 'automation', entityId: job, summary: next.summary }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Runs

export type RunTrigger = 'schedule' | 'catch-up' | 'send-now';
export type RunRow = {
  id: number;
  job: string;
  date: string;
  status: string;
  trigger: string;
  queued: number;
  reason: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

const runSelect = {
  id: true,
  job: true,
  date: true,
  status: true,
  trigger: true,
  queued: true,
  reason: true,
  startedAt: true,
  finishedAt: true,
} as const;

/** The runs of these nights, any job: the scheduler's one read of what has run. */
export function runsOn(dates: readonly string[], client: Tx = db): Promise<RunRow[]> {
  return client.automationRun.findMany({ where: { date: { in: [...dates] } }, select: runSelect });
}

/** Each job's latest run (by when it started or was recorded), for /automation. */
export async function lastRuns(client: Tx = db): Promise<Map<string, RunRow>> {
  const rows = await Promise.all(
    JOBS.map((job) =>
      client.automationRun.findFirst({
        where: { job },
        orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
        select: runSelect,
      }),
    ),
  );
  return new Map(rows.flatMap((r) => (r ? [[r.job, r] as const] : [])));
}

/**
 * Takes the run of `job` for the night `date` for this process until `lockedUntil`, or answers null when another
 * process holds it or it has already run (skipped or done; 'Send now' takes a finished run again). Each step is one
 * statement: a new row (the unique pair lets one process make it), or the lease of a row whose holder stopped
 * renewing it (a process that died mid-run; `claimLease`, docs/decisions/191-one-claim-and-lease.md), so two
 * processes never both hold a run.
 */
export async function claimRun(
  job: Job,
  date: string,
  trigger: RunTrigger,
  now: Date,
  lockedUntil: Date,
  client: Tx = db,
): Promise<RunRow | null> {
  try {
    return await client.automationRun.create({
      data: { job, date, status: 'running', trigger, lockedUntil, startedAt: now },
      select: runSelect,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await client.automationRun.findUniqueOrThrow({ where: { job_date: { job, date } }, select: runSelect });
  // A run going on is taken over once its lease ran out; a finished one only by 'Send now', as a new start.
  if (row.status !== 'running' && trigger !== 'send-now') return null;
  const restart = row.status === 'running' ? {} : { trigger, startedAt: now, reason: null, finishedAt: null };
  const where = { id: row.id, status: row.status };
  if (!(await claimLease(client, 'automationRun', where, now, lockedUntil, { status: 'running', ...restart })))
    return null;
  return client.automationRun.findUniqueOrThrow({ where: { id: row.id }, select: runSelect });
}

/**
 * Keeps holding a run, taken or last renewed until `held`, while it goes on, until `lockedUntil`; false when the hold
 * was lost (the process was too slow and another took the run over: stop).
 */
export function renewRun(id: number, held: Date, lockedUntil: Date, client: Tx = db): Promise<boolean> {
  return renewLease(client, 'automationRun', { id, status: 'running' }, held, lockedUntil);
}

/** The run is over: `queued` more emails (a 'Send now' adds to what the night's earlier run queued). */
export async function finishRun(id: number, queued: number, now: Date, client: Tx = db): Promise<void> {
  await client.automationRun.update({
    where: { id },
    data: { status: 'done', queued: { increment: queued }, lockedUntil: null, finishedAt: now },
  });
}

/** Records a run that will not happen, with the reason; nothing when the night's run is already recorded. */
export async function recordSkipped(job: Job, date: string, reason: string, now: Date, client: Tx = db) {
  try {
    await client.automationRun.create({
      data: { job, date, status: 'skipped', trigger: 'catch-up', reason, startedAt: now, finishedAt: now },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Gives a run back (an error stopped it) so that the next tick or process takes it up again at once. */
export async function releaseRun(id: number, client: Tx = db): Promise<void> {
  await client.automationRun.updateMany({ where: { id, status: 'running' }, data: { lockedUntil: new Date(0) } });
}

// ---------------------------------------------------------------------------------------------------------------
// Deliveries

/** The recipients of `job` on the night `date` who have had its email already. */
export async function deliveredTo(job: Job, date: string, client: Tx = db): Promise<Set<string>> {
  const rows = await client.automationDelivery.findMany({ where: { job, date }, select: { recipient: true } });
  return new Set(rows.map((r) => r.recipient));
}

/**
 * One recipient's messages of a job run: the email (null for a golfer with no address), and the text for a golfer
 * with texts on (docs/decisions/175-texts-through-twilio.md); one delivery row covers both.
 */
export type Delivery = { recipient: string; message: NewMessage | null; text?: NewMessage };

/**
 * Writes the deliveries and their outbox messages in one transaction, leaving out recipients who have had the email
 * (read again inside the transaction). Answers how many were queued. On PostgreSQL a second writer of the same
 * recipients (a 'Send now' during the scheduled run) loses on the unique key and its whole batch rolls back: the
 * caller reads again and writes what is left.
 */
export async function recordDeliveries(
  job: Job,
  date: string,
  deliveries: readonly Delivery[],
  client: Tx = db,
): Promise<number> {
  if (deliveries.length === 0) return 0;
  return inTransaction(client, async (tx) => {
    const had = await tx.automationDelivery.findMany({
      where: { job, date, recipient: { in: deliveries.map((d) => d.recipient) } },
      select: { recipient: true },
    });
    const done = new Set(had.map((r) => r.recipient));
    const fresh = deliveries.filter((d) => !done.has(d.recipient));
    if (fresh.length === 0) return 0;
    await tx.automationDelivery.createMany({ data: fresh.map((d) => ({ job, date, recipient: d.recipient })) });
    await enqueueMessages(
      tx,
      `auto:${job}:${date}:`,
      fresh.flatMap((d) => [d.message, d.text ?? null].filter((m): m is NewMessage => m !== null)),
    );
    return fresh.length;
  });
}

/** The demo league has every job on (docs/product/automation.md#defaults); a new install only the reminder. */
export async function turnOnEveryJob(client: Tx = db): Promise<void> {
  for (const job of JOBS) await setJobEnabled(job, true, null, client);
}
