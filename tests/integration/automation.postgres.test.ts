import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { automationCases, detroit, KEYS, leagueNight, ORIGIN } from './automation-cases';
import { appModule as app, runInChild, startingGate, type StartingGate } from './child-module';
import { withPostgres } from './pg-server';

// The scheduled jobs on a real PostgreSQL server (docs/decisions/150-scheduled-jobs.md): the SQLite cases, then two
// processes running the same night's reminder at the same moment, and a process stopped in the middle of a run and
// another taking it up: each golfer gets the email once.

let db: Db;
withPostgres((ready) => (db = ready));

/**
 * Runs what is due at `now` in a fresh Node process, starting when the gate's other processes are ready too;
 * `crashAfterBatch` exits mid-run.
 */
function runInOtherProcess(now: Date, gate?: StartingGate, crashAfterBatch = false) {
  return runInChild(
    `
    const { runDueJobs } = await import(${app('features/automation/run-jobs.server.ts')});
    await together();
    const outcomes = await runDueJobs({
      origin: ${JSON.stringify(ORIGIN)},
      keys: ${JSON.stringify(KEYS)},
      now: new Date(${now.getTime()}),
      batchSize: 3,
      onBatch: ${crashAfterBatch ? '() => process.exit(3)' : 'undefined'},
    });
    console.log(JSON.stringify(outcomes));
    process.exit(0);
  `,
    {},
    gate,
  );
}

describe('scheduled jobs (PostgreSQL)', () => {
  automationCases(2290, () => db);

  it('two processes started at once run the night reminder once: every golfer gets it once', async () => {
    const [{ version }] = await db.$queryRawUnsafe<{ version: string }[]>('SELECT version() AS version');
    expect(version).toMatch(/^PostgreSQL/);
    const y = 2299;
    const { date, golfers } = await leagueNight(db, y, 12);
    const now = detroit(`${y}-06-02`, '09:00');
    const gate = startingGate(2);
    const outcomes = await Promise.all([runInOtherProcess(now, gate), runInOtherProcess(now, gate)]);
    for (const o of outcomes) expect(o.code, o.stderr).toBe(0);
    const messages = await db.outboxMessage.findMany({ where: { key: { startsWith: `auto:reminder:${date}:` } } });
    expect(messages.map((m) => m.golferId).sort()).toEqual(golfers.map((g) => g.id).sort());
    expect(await db.automationDelivery.count({ where: { job: 'reminder', date } })).toBe(12);
    const run = await db.automationRun.findUniqueOrThrow({ where: { job_date: { job: 'reminder', date } } });
    expect(run).toMatchObject({ status: 'done', queued: 12 });
  }, 120_000);

  it('a process stopped in the middle of a run: the next one (after the hold ends) sends the rest, nobody twice', async () => {
    const y = 2298;
    const { date, golfers } = await leagueNight(db, y, 9);
    const now = detroit(`${y}-06-02`, '09:00');
    const crashed = await runInOtherProcess(now, undefined, true);
    expect(crashed.code).toBe(3);
    // One batch of 3 was committed with its outbox messages; the run is still held by the dead process.
    expect(await db.automationDelivery.count({ where: { job: 'reminder', date } })).toBe(3);
    expect(await db.automationRun.findUniqueOrThrow({ where: { job_date: { job: 'reminder', date } } })).toMatchObject({
      status: 'running',
    });
    // Restarted within the hold: it leaves the run alone.
    const early = await runInOtherProcess(new Date(now.getTime() + 30_000));
    expect(early.code, early.stderr).toBe(0);
    expect(await db.automationDelivery.count({ where: { job: 'reminder', date } })).toBe(3);
    // After the hold (2 minutes): it takes the run up and sends the rest.
    const later = await runInOtherProcess(new Date(now.getTime() + 3 * 60_000));
    expect(later.code, later.stderr).toBe(0);
    const messages = await db.outboxMessage.findMany({ where: { key: { startsWith: `auto:reminder:${date}:` } } });
    expect(messages.map((m) => m.golferId).sort()).toEqual(golfers.map((g) => g.id).sort());
    expect(await db.automationRun.findUniqueOrThrow({ where: { job_date: { job: 'reminder', date } } })).toMatchObject({
      status: 'done',
    });
  }, 120_000);
});
