import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailSender } from '~/integrations/mail/sender.server';
import { setJobEnabled } from '~/models/automation-jobs.server';
import { db } from '~/db/db.server';
import { app, automationCases, detroit, KEYS, leagueNight, ORIGIN } from './automation-cases';
import { signIn } from './helpers';
import { startMailServer, type TestMailServer } from './mail-helpers';

// The scheduled jobs on SQLite (docs/product/automation.md), their emails read back from a real SMTP server on
// loopback.

let smtp: TestMailServer;
beforeAll(async () => {
  smtp = await startMailServer();
});
afterAll(async () => {
  await smtp.stop();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
});

async function deliver() {
  await createMailSender({ wait: () => Promise.resolve(), perSecond: 1000, log: () => undefined }).deliverDue();
}

describe('scheduled jobs (SQLite)', () => {
  automationCases(2190, () => db);

  it('game day and the digest arrive by SMTP with their contents: the group with its sub marked, Keep score; the open spots and the unpaid', async () => {
    const { runDueJobs } = await app();
    const y = 2180;
    const { date, golfers } = await leagueNight(db, y, 4);
    const [absent, ...playing] = golfers;
    const sub = await (await import('./subs-cases')).golferWith(db, { canSub: true });
    await db.nightOut.create({
      data: { golferId: absent.id, date, season: y, teeTime: '15:00', position: 1, subGolferId: sub.id },
    });
    const { user } = await signIn({ isAdmin: true });
    await db.user.update({ where: { id: user.id }, data: { email: `admin-${user.id}@example.org` } });
    await db.membership.create({ data: { golferId: playing[0].id, season: y, registered: true, paid: false } });
    await setJobEnabled('game-day', true, null);
    await setJobEnabled('digest', true, null);
    try {
      const outcomes = await runDueJobs({ origin: ORIGIN, keys: KEYS, now: detroit(date, '12:00') });
      expect(
        outcomes
          .filter((o) => o.date === date)
          .map((o) => o.job)
          .sort(),
      ).toEqual(['digest', 'game-day']);
      await deliver();
      const toSub = smtp.to(sub.email!);
      expect(toSub).toHaveLength(1);
      expect(toSub[0].mail.subject).toBe('Today, Monday, June 5: you tee off at 3:00 PM');
      expect(toSub[0].mail.text).toContain(`(Sub)`);
      expect(toSub[0].mail.text).toContain(`Keep score: ${ORIGIN}/me/scorecard/${date}`);
      for (const g of playing) expect(smtp.to(g.email!)).toHaveLength(1);
      expect(smtp.to(absent.email!)).toHaveLength(0);
      const digest = smtp.to(`admin-${user.id}@example.org`);
      expect(digest).toHaveLength(1);
      expect(digest[0].mail.subject).toBe('Digest for Monday, June 5');
      expect(digest[0].mail.text).toContain(`Registered but not paid (${y}) (1)`);
      expect(digest[0].mail.text).toContain(playing[0].fullName);
      expect(digest[0].mail.text).toContain('Every spot is filled.');
      // The minute after: nothing more.
      expect(await runDueJobs({ origin: ORIGIN, keys: KEYS, now: detroit(date, '12:01') })).toEqual([]);
    } finally {
      await setJobEnabled('game-day', false, null);
      await setJobEnabled('digest', false, null);
    }
  });

  it('/automation through the JSON API: GET lists the jobs; PUT changes the schedule or refuses a bad one; 403 for a non-administrator', async () => {
    const { call, request } = await import('./helpers');
    const list = await import('~/routes/api.automation');
    const one = await import('~/routes/api.automation.$job');
    const { cookie } = await signIn({ isAdmin: true });
    const res = await call(list.loader, request('/api/automation', { cookie }));
    expect(res.status).toBe(200);
    const { jobs } = await res.json();
    expect(jobs.map((j: { name: string }) => j.name)).toEqual([
      'Availability reminder',
      'Game-day email',
      'Results recap',
      "Administrators' digest",
    ]);
    expect(jobs[0]).toMatchObject({ enabled: true, schedule: '3 days before each night at 9:00 AM' });
    const put = (body: unknown, c = cookie) =>
      call(one.action, request('/api/automation/reminder', { method: 'PUT', cookie: c, json: body }), {
        job: 'reminder',
      });
    const bad = await put({ days: 15, direction: 'before', time: '25:00' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Enter a time such as 9:00 AM');
    const ok = await put({ days: 2, direction: 'before', time: '18:30' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ schedule: '2 days before each night at 6:30 PM' });
    const golferUser = await signIn({ isAdmin: false });
    expect((await put({ enabled: false }, golferUser.cookie)).status).toBe(403);
    expect((await put({ days: 3, direction: 'before', time: '09:00' })).status).toBe(200);
  });
});
