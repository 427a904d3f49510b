import { expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { formatRoundDate } from '~/domain/season';
import { golferWith, leagueWithNights } from './subs-cases';

const labelOf = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');

/*
 * The scheduled jobs (docs/product/automation.md, docs/decisions/150-scheduled-jobs.md): the same cases on SQLite
 * (automation.test.ts) and PostgreSQL (automation.postgres.test.ts). Each case plays in a season of its own, far
 * ahead, with the jobs' clock set to that season's dates; the app is imported when a case runs, after the PostgreSQL
 * file has pointed the client at its server.
 */

const TOO_LATE = 'Too late to change online: call the league administrator.';
export const KEYS = ['integration-test-secret'];
export const ORIGIN = 'http://league.test';

export async function app() {
  const [automation, models, answer, token, answerRoute, sender] = await Promise.all([
    import('~/features/automation/run-jobs.server'),
    import('~/models/automation-jobs.server'),
    import('~/features/automation/answer.server'),
    import('~/features/automation/answer-token.server'),
    import('~/routes/_public.answer.$token'),
    import('~/integrations/mail/sender.server'),
  ]);
  return { ...automation, ...models, ...answer, ...token, answerRoute, sender };
}

/** An instant in Detroit: '2090-06-01', '09:00'. */
export function detroit(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  // June: Detroit is UTC-4.
  return new Date(Date.UTC(y, m - 1, d, hh + 4, mm));
}

/** A league of `count` golfers with standing tee times on one night (`date`, a Monday), four to a group. */
export async function leagueNight(db: Db, year: number, count: number) {
  const date = `${year}-06-05`;
  await leagueWithNights(year, [date, `${year}-06-12`]);
  const golfers = [];
  for (let i = 0; i < count; i++) {
    const time = `15:${String(Math.floor(i / 4) * 10).padStart(2, '0')}`;
    const golfer = await golferWith(db, {});
    const column = `golfer${(i % 4) + 1}Id`;
    await db.teeTime.upsert({
      where: { time_season: { time, season: year } },
      create: { time, season: year, [column]: golfer.id },
      update: { [column]: golfer.id },
    });
    golfers.push(golfer);
  }
  return { date, golfers };
}

export function automationCases(year: number, database: () => Db): void {
  it('the reminder goes once to each golfer with a standing tee time who is not Out, with both answer links', async () => {
    const db = database();
    const { runDueJobs, sendNow } = await app();
    const y = year;
    const { date, golfers } = await leagueNight(db, y, 6);
    const [out, ...rest] = golfers;
    await db.nightOut.create({ data: { golferId: out.id, date, season: y, teeTime: '15:00', position: 1 } });
    // Before its time (3 days before at 9:00 AM): nothing.
    expect(await runDueJobs({ origin: ORIGIN, keys: KEYS, now: detroit(`${y}-06-02`, '08:59') })).toEqual([]);
    const at = detroit(`${y}-06-02`, '09:00');
    const [outcome] = await runDueJobs({ origin: ORIGIN, keys: KEYS, now: at });
    expect(outcome).toMatchObject({ job: 'reminder', date, state: 'done', queued: 5 });
    const messages = await db.outboxMessage.findMany({ where: { key: { startsWith: `auto:reminder:${date}:` } } });
    expect(messages.map((m) => m.golferId).sort()).toEqual(rest.map((g) => g.id).sort());
    const first = messages.find((m) => m.golferId === rest[0].id)!;
    expect(first.subject).toBe(`${labelOf(date)}: you're in at 3:00 PM`);
    expect(first.text).toContain(`I'm out: ${ORIGIN}/answer/${rest[0].id}.${date}.out.`);
    expect(first.text).toContain(`I'm in: ${ORIGIN}/answer/${rest[0].id}.${date}.in.`);
    expect(first.text).toContain(`Group: `);
    // Again, at the next minute, or from another tick: nobody gets it twice.
    expect(await runDueJobs({ origin: ORIGIN, keys: KEYS, now: new Date(at.getTime() + 60_000) })).toEqual([]);
    // 'Send now' for the night: nothing left, and it says so.
    await expect(sendNow('reminder', { origin: ORIGIN, keys: KEYS, now: at })).rejects.toThrow(
      `Nothing to send for ${labelOf(date)}`,
    );
    // A golfer given a tee time since: 'Send now' reaches only them.
    const late = await golferWith(db, { season: y, time: '16:00' });
    const sent = await sendNow('reminder', { origin: ORIGIN, keys: KEYS, now: at });
    expect(sent).toMatchObject({ date, queued: 1 });
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `auto:reminder:${date}:` } } })).toBe(6);
    expect(await db.outboxMessage.count({ where: { golferId: late.id, kind: 'availability' } })).toBe(1);
    const run = await db.automationRun.findUniqueOrThrow({ where: { job_date: { job: 'reminder', date } } });
    expect(run).toMatchObject({ status: 'done', queued: 6, trigger: 'send-now' });
  });

  it('a league past one list of bound values: the reminder, game day and the recap each reach all 1,200 golfers once', async () => {
    const db = database();
    const { runJob } = await app();
    const y = year + 3;
    const date = `${y}-06-05`;
    await leagueWithNights(y, [date]);
    const tag = `big${y}${Date.now()}`;
    await db.golfer.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({
        firstName: `G${i}`,
        lastName: tag,
        fullName: `G${i} ${tag}`,
        email: `g${i}.${tag}@example.org`,
      })),
    });
    const ids = (
      await db.golfer.findMany({ where: { lastName: tag }, select: { id: true }, orderBy: { id: 'asc' } })
    ).map((g) => g.id);
    await db.teeTime.createMany({
      data: Array.from({ length: 300 }, (_, s) => ({
        time: `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`,
        season: y,
        golfer1Id: ids[4 * s],
        golfer2Id: ids[4 * s + 1],
        golfer3Id: ids[4 * s + 2],
        golfer4Id: ids[4 * s + 3],
      })),
    });
    await db.membership.createMany({ data: ids.map((golferId) => ({ golferId, season: y, registered: true })) });
    const night = { date, season: y, event: 'League Play' };
    for (const job of ['reminder', 'game-day', 'recap'] as const) {
      const outcome = await runJob(job, night, 'send-now', { origin: ORIGIN, keys: KEYS, now: detroit(date, '08:00') });
      expect(outcome, job).toMatchObject({ state: 'done', queued: 1200 });
      expect(await db.outboxMessage.count({ where: { key: { startsWith: `auto:${job}:${date}:` } } }), job).toBe(1200);
    }
    // Not for a later test's sender to deliver.
    await db.outboxMessage.deleteMany({
      where: { key: { startsWith: 'auto:' }, toAddress: { endsWith: `.${tag}@example.org` } },
    });
  });

  it('the answer page changes nothing when opened; its button marks the golfer Out as /me does; bad and late links say so', async () => {
    const db = database();
    const { signAnswer, answerRoute } = await app();
    const { call, request } = await import('./helpers');
    const y = year + 1;
    const { date, golfers } = await leagueNight(db, y, 2);
    const golfer = golfers[0];
    const expiresAt = detroit(`${y}-06-04`, '12:00');
    const out = signAnswer({ golferId: golfer.id, date, answer: 'out', expiresAt }, KEYS[0]);
    const opened = await call(answerRoute.loader, request(`/answer/${out}`), { token: out });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({
      state: 'asking',
      view: { button: `Mark me Out for ${labelOf(date)}`, status: 'in' },
    });
    expect(await db.nightOut.count({ where: { golferId: golfer.id } })).toBe(0);
    const pressed = await call(
      answerRoute.action,
      request(`/answer/${out}`, { method: 'POST', form: { answer: '1' } }),
      { token: out },
    );
    expect(pressed.status).toBe(200);
    expect(await pressed.json()).toMatchObject({ state: 'answered', message: `You are Out on ${labelOf(date)}` });
    expect(await db.nightOut.findFirst({ where: { golferId: golfer.id, date } })).toMatchObject({ out: true });
    // 'I'm in' gives the spot back, again as /me does.
    const inToken = signAnswer({ golferId: golfer.id, date, answer: 'in', expiresAt }, KEYS[0]);
    const back = await call(
      answerRoute.action,
      request(`/answer/${inToken}`, { method: 'POST', form: { answer: '1' } }),
      { token: inToken },
    );
    expect(await back.json()).toMatchObject({
      state: 'answered',
      message: `You are In on ${labelOf(date)}: your spot is yours again`,
    });
    // Tampered: another golfer's id under the same signature; another answer; garbage. 404, nothing changed.
    const other = out.replace(`${golfer.id}.`, `${golfers[1].id}.`);
    for (const bad of [other, out.replace('.out.', '.in.'), 'nonsense']) {
      const res = await call(answerRoute.action, request(`/answer/${bad}`, { method: 'POST', form: { answer: '1' } }), {
        token: bad,
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        state: 'failed',
        message: expect.stringContaining('This link is not valid'),
      });
    }
    expect(await db.nightOut.count({ where: { golferId: golfers[1].id } })).toBe(0);
    // Past its cut-off: 'Too late…', nothing changed.
    const late = signAnswer(
      { golferId: golfer.id, date, answer: 'out', expiresAt: new Date(Date.now() - 1000) },
      KEYS[0],
    );
    const refused = await call(answerRoute.loader, request(`/answer/${late}`), { token: late });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: TOO_LATE });
    const posted = await call(
      answerRoute.action,
      request(`/answer/${late}`, { method: 'POST', form: { answer: '1' } }),
      { token: late },
    );
    expect(posted.status).toBe(409);
    expect(await db.nightOut.findFirst({ where: { golferId: golfer.id, date } })).toMatchObject({ out: false });
  });

  it('a run missed while the server was down: the reminder after the cut-off is skipped with the reason; the recap within a day is made up', async () => {
    const db = database();
    const { runDueJobs, setJobEnabled } = await app();
    const y = year + 2;
    const { date } = await leagueNight(db, y, 2);
    // Back at 1 PM the day before the night: past the reminder's cut-off (noon the day before).
    const back = detroit(`${y}-06-04`, '13:00');
    await runDueJobs({ origin: ORIGIN, keys: KEYS, now: back });
    const skipped = await db.automationRun.findUniqueOrThrow({ where: { job_date: { job: 'reminder', date } } });
    expect(skipped).toMatchObject({ status: 'skipped', queued: 0 });
    expect(skipped.reason).toContain('the availability cut-off had passed');
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `auto:reminder:${date}:` } } })).toBe(0);
    // The recap (on, due the morning after at 8:00 AM), with the server back at 3 PM that day: made up.
    await setJobEnabled('recap', true, null);
    const golfer = await db.golfer.findFirstOrThrow({ where: { teeTimes1: { some: { season: y } } } });
    await db.membership.create({ data: { golferId: golfer.id, season: y, registered: true, paid: true } });
    const outcomes = await runDueJobs({ origin: ORIGIN, keys: KEYS, now: detroit(`${y}-06-06`, '15:00') });
    expect(outcomes).toContainEqual(expect.objectContaining({ job: 'recap', date, state: 'done', queued: 1 }));
    const run = await db.automationRun.findUniqueOrThrow({ where: { job_date: { job: 'recap', date } } });
    expect(run.trigger).toBe('catch-up');
    const recap = await db.outboxMessage.findFirstOrThrow({ where: { key: `auto:recap:${date}:golfer:${golfer.id}` } });
    expect(recap.subject).toBe(`Results: ${labelOf(date)}`);
    expect(recap.text).toContain('/unsubscribe/');
    expect(JSON.parse(recap.headers!)).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    await setJobEnabled('recap', false, null);
  });
  it('the reminder and game day go by text too to golfers with texts on, once each; a golfer with no email gets the text alone', async () => {
    const db = database();
    const { runJob } = await app();
    const y = year + 4;
    const { date, golfers } = await leagueNight(db, y, 3);
    const [texted, noEmail, emailOnly] = golfers;
    await db.golfer.update({ where: { id: noEmail.id }, data: { email: null } });
    const phones = ['+12315550161', '+12315550162'];
    for (const [i, golfer] of [texted, noEmail].entries())
      await db.golferTexts.create({
        data: { golferId: golfer.id, phone: phones[i], confirmedAt: new Date(), textsOn: true },
      });
    const night = { date, season: y, event: 'League Play' };
    const options = { origin: ORIGIN, keys: KEYS, now: detroit(`${y}-06-02`, '09:00') };
    for (const job of ['reminder', 'game-day'] as const) {
      expect(await runJob(job, night, 'send-now', options), job).toMatchObject({ state: 'done', queued: 3 });
      // Again: nobody gets either twice.
      expect((await runJob(job, night, 'send-now', options)).queued, job).toBe(0);
      const messages = await db.outboxMessage.findMany({ where: { key: { startsWith: `auto:${job}:${date}:` } } });
      const texts = messages.filter((m) => m.channel === 'text');
      expect(texts.map((m) => m.toAddress).sort(), job).toEqual(phones);
      expect(
        messages
          .filter((m) => m.channel === 'email')
          .map((m) => m.golferId)
          .sort(),
        job,
      ).toEqual([texted.id, emailOnly.id].sort());
      for (const text of texts) {
        expect(text.text.length).toBeLessThanOrEqual(320);
        expect(text.text.endsWith('Reply STOP to stop.')).toBe(true);
      }
    }
    const reminder = await db.outboxMessage.findUniqueOrThrow({
      where: { key: `auto:reminder:${date}:golfer:${texted.id}:text` },
    });
    expect(reminder.text).toMatch(
      new RegExp(
        `^Are you in\\? ${labelOf(date)}: you're in at 3:00 PM\\. Out\\? Answer by .*: ${ORIGIN}/answer/${texted.id}\\.${date}\\.out\\.\\d+\\.[\\w-]+ Reply STOP to stop\\.$`,
      ),
    );
    const gameDay = await db.outboxMessage.findUniqueOrThrow({
      where: { key: `auto:game-day:${date}:golfer:${noEmail.id}:text` },
    });
    expect(gameDay.text).toBe(
      `Today, ${labelOf(date)}: you tee off at 3:00 PM. Keep score: ${ORIGIN}/me/scorecard/${date} Reply STOP to stop.`,
    );
    await db.outboxMessage.deleteMany({
      where: { key: { startsWith: `auto:` }, golferId: { in: golfers.map((g) => g.id) } },
    });
  });
}
