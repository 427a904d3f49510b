import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFlightAssignment } from '~/models/flights.server';
import { createGolfer } from '~/models/golfers.server';
import { recomputeHandicaps } from '~/models/handicaps.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound } from '~/models/rounds.server';
import { getSettings } from '~/models/settings.server';
import { createUser, verifyLogin } from '~/models/users.server';
import { loader as rootLoader } from '~/root';
import { userRegistrationSchema } from '~/schemas/auth';
import * as settingsPage from '~/routes/_admin.settings';
import { db } from '~/db/db.server';
import { backupDatabase } from '~/db/backup.server';
import { databaseConfig } from '~/db/database-url.server';
import { call, request, signIn, toastOf, unique } from './helpers';
import { renderPage } from './render-page';
import { postSettings, resetPassword } from './settings-helpers';

const { action: settingsAction, loader: settingsLoader } = settingsPage;

const valid = {
  intent: 'settings',
  leagueName: 'Northern Docs Golf',
  statementDescriptor: 'NORTHERN DOCS GOLF',
  seasonFeeCents: '$175.50',
  teeFirst: '11:00',
  teeLast: '17:30',
  teeIntervalMinutes: '9',
  defaultPar: '36',
};

describe('/settings', () => {
  it('sends anonymous visitors to /auth and lets any signed-in user view it', async () => {
    expect((await call(settingsLoader, request('/settings'))).status).toBe(302);
    expect((await call(settingsAction, request('/settings', { form: valid }))).status).toBe(302);
    const { cookie, user } = await signIn({ isAdmin: false });
    const res = await call(settingsLoader, request('/settings', { cookie }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.isAdmin).toBe(false);
    expect(body.users.map((u: { id: number }) => u.id)).toContain(user.id);
    expect(JSON.stringify(body.users)).not.toContain('passwordHash');
  });

  it('saves the settings (fee typed in dollars, stored in cents) and the league name reaches the header', async () => {
    const { cookie } = await signIn();
    const res = await postSettings(cookie, valid);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toEqual({
      type: 'success',
      title: 'Success',
      description: 'Settings updated successfully',
    });
    expect(await getSettings()).toMatchObject({
      leagueName: 'Northern Docs Golf',
      statementDescriptor: 'NORTHERN DOCS GOLF',
      seasonFeeCents: 17550,
      teeFirst: '11:00',
      teeLast: '17:30',
      teeIntervalMinutes: 9,
      defaultPar: 36,
    });
    const root = await (await call(rootLoader, request('/golfers', { cookie }))).json();
    expect(root.leagueName).toBe('Northern Docs Golf');
  });

  it('refuses changes from a user who is not an administrator with 403, changing nothing', async () => {
    const before = await getSettings();
    const { cookie } = await signIn({ isAdmin: false });
    const res = await postSettings(cookie, { ...valid, leagueName: 'Hijacked' });
    expect(res.status).toBe(403);
    expect((await res.json()).result.error['']).toEqual(['Only an administrator can change settings and users.']);
    expect((await getSettings()).leagueName).toBe(before.leagueName);
    const username = unique('sneaky');
    const add = await postSettings(cookie, {
      intent: 'add-user',
      username,
      password: 'password123',
      confirmPassword: 'password123',
      email: 'a@b.org',
      firstName: 'A',
      lastName: 'B',
    });
    expect(add.status).toBe(403);
    expect(await db.user.count({ where: { username } })).toBe(0);
    const reset = await resetPassword(cookie, '1', 'password123');
    expect(reset.status).toBe(403);
  });

  it('answers invalid settings with 400 and field messages', async () => {
    const { cookie } = await signIn();
    const res = await postSettings(cookie, {
      ...valid,
      leagueName: ' ',
      statementDescriptor: 'GO',
      seasonFeeCents: 'lots',
      teeFirst: '18:00',
      teeLast: '11:00',
      teeIntervalMinutes: '0',
      defaultPar: '72',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).result.error).toMatchObject({
      leagueName: ['League name is required'],
      statementDescriptor: ['Use 5 to 22 characters'],
      seasonFeeCents: ['Enter an amount in dollars, such as 150.00'],
      teeIntervalMinutes: ['Tee time interval must be a whole number from 5 to 60'],
      defaultPar: ['Default par must be a whole number from 27 to 45'],
    });
    const order = await postSettings(cookie, { ...valid, teeFirst: '18:00', teeLast: '11:00' });
    expect((await order.json()).result.error.teeLast).toEqual(['The last tee time must not be before the first']);
  });

  it('recomputes handicaps of rounds without a course when the default par changes', async () => {
    const { cookie } = await signIn();
    await postSettings(cookie, valid);
    const golfer = await createGolfer({ firstName: 'No', lastName: unique('Course') }, null);
    const round = await db.round.create({
      data: { golferId: golfer.id, date: '2025-06-09', season: 2025, grossScore: 45 },
    });
    await recomputeHandicaps(db, [golfer.id]);
    expect((await db.round.findUniqueOrThrow({ where: { id: round.id } })).hcpIndexAfter).toBe(7);
    await postSettings(cookie, { ...valid, defaultPar: '40' });
    expect((await db.round.findUniqueOrThrow({ where: { id: round.id } })).hcpIndexAfter).toBe(4);
  });

  it('re-ranks the calculated nights whose net scores the default par moved; an invalid par changes nothing', async () => {
    const { cookie } = await signIn();
    await postSettings(cookie, valid);
    // 2012: a year no other test plays in, so these two are the only golfers of the night.
    const [ann, bob] = [
      await createGolfer({ firstName: 'Par', lastName: unique('Ann') }, null),
      await createGolfer({ firstName: 'Par', lastName: unique('Bob') }, null),
    ];
    for (const golfer of [ann, bob])
      await createFlightAssignment({ golferId: golfer.id, season: 2012, flightNo: '1' }, null);
    await createRound({ golferId: ann.id, date: '2012-06-04', grossScore: 40 }, null); // 4 over the default 36: handicap 3
    const annLater = await createRound({ golferId: ann.id, date: '2012-06-11', grossScore: 44 }, null); // net 41
    const bobLater = await createRound({ golferId: bob.id, date: '2012-06-11', grossScore: 40 }, null); // net 40
    await calculatePointsForDate('2012-06-11', null);
    const pointsOf = async () =>
      (await db.round.findMany({ where: { id: { in: [annLater.id, bobLater.id] } }, orderBy: { id: 'asc' } })).map(
        (r) => r.points,
      );
    expect(await pointsOf()).toEqual([23, 24]);

    expect((await postSettings(cookie, { ...valid, defaultPar: '72' })).status).toBe(400);
    expect(await pointsOf()).toEqual([23, 24]);

    // Par 30: Ann's first round is 10 over, handicap 8, and her 44 is net 36.
    await postSettings(cookie, { ...valid, defaultPar: '30' });
    expect(await pointsOf()).toEqual([24, 23]);
    await calculatePointsForDate('2012-06-11', null);
    expect(await pointsOf()).toEqual([24, 23]);
    await postSettings(cookie, valid);
    expect(await pointsOf()).toEqual([23, 24]);
  });

  it('adds a user with the registration schema: matching passwords, unique username', async () => {
    const { cookie } = await signIn();
    const username = unique('helper');
    const fields = {
      intent: 'add-user',
      username,
      email: `${username}@example.org`,
      firstName: 'Hal',
      lastName: 'Helper',
      password: 'password123',
    };
    const mismatch = await postSettings(cookie, { ...fields, confirmPassword: 'password124' });
    expect(mismatch.status).toBe(400);
    const body = await mismatch.json();
    expect(body.result.error.confirmPassword).toEqual(['Passwords do not match']);
    expect(JSON.stringify(body)).not.toContain('password123');
    const missing = await postSettings(cookie, { ...fields, confirmPassword: '' });
    expect((await missing.json()).result.error.confirmPassword).toEqual(['Please confirm your password']);

    const ok = await postSettings(cookie, { ...fields, confirmPassword: 'password123', isAdmin: 'on' });
    expect(ok.status).toBe(302);
    expect(await toastOf(ok)).toMatchObject({ type: 'success', title: 'User created successfully' });
    expect(await verifyLogin(username, 'password123')).toMatchObject({
      username: username.toLowerCase(),
      isAdmin: true,
    });

    const dup = await postSettings(cookie, { ...fields, confirmPassword: 'password123' });
    expect(dup.status).toBe(409);
    expect((await dup.json()).result.error.username).toEqual(['This username is already taken']);
  });

  it("resets a user's password", async () => {
    const { cookie } = await signIn();
    const username = unique('forgetful');
    const user = await createUser(
      {
        username,
        password: 'old-password',
        email: 'f@example.org',
        firstName: 'F',
        lastName: 'G',
      },
      null,
    );
    const mismatch = await postSettings(cookie, {
      intent: 'reset-password',
      userId: String(user.id),
      password: 'new-password',
      confirmPassword: 'other-password',
    });
    expect((await mismatch.json()).result.error.confirmPassword).toEqual(['Passwords do not match']);
    const ok = await resetPassword(cookie, user.id, 'new-password');
    expect(await toastOf(ok)).toMatchObject({ title: 'Password reset successfully' });
    expect(await verifyLogin(username, 'new-password')).not.toBeNull();
    expect(await verifyLogin(username, 'old-password')).toBeNull();
    const missing = await resetPassword(cookie, '999999', 'new-password');
    expect(missing.status).toBe(404);
  });

  it('Settings shows "No backup yet", then the time and file name of the newest backup', async () => {
    const dir = path.resolve('tests', '.tmp', `int-${process.ppid}-settings-backups-${unique()}`);
    process.env.BACKUP_DIR = dir;
    try {
      const { cookie } = await signIn();
      const route = { id: 'routes/_admin.settings', path: 'settings', module: settingsPage };
      const before = await renderPage('/settings', route, cookie);
      expect(before.status).toBe(200);
      expect(before.text).toContain('No backup yet');
      expect(before.text).toContain('Automatic backups are off');

      await backupDatabase(databaseConfig(), dir, new Date('2026-11-24T09:00:00Z'));
      await backupDatabase(databaseConfig(), dir, new Date('2026-11-25T14:05:09Z'));
      process.env.BACKUP_EVERY_HOURS = '24';
      const after = await renderPage('/settings', route, cookie);
      expect(after.text).toContain('The server backs up every 24 hours and keeps the last 14.');
      expect(after.text).not.toContain('No backup yet');
      // 14:05 UTC is 9:05 AM in Detroit.
      expect(after.text).toContain('Last backup: Nov 25, 2026, 9:05 AM (league-2026-11-25T14-05-09Z.sqlite)');

      // Only administrators see it, as they alone see the activity.
      const { cookie: viewer } = await signIn({ isAdmin: false });
      expect((await renderPage('/settings', route, viewer)).text).not.toContain('Last backup');
    } finally {
      delete process.env.BACKUP_DIR;
      delete process.env.BACKUP_EVERY_HOURS;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('user registration schema', () => {
  it('says "Passwords do not match" while other fields are still empty, so the form can show it as you type', () => {
    const messages = (v: object) => userRegistrationSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ password: 'password123', confirmPassword: 'password12' })).toContain('Passwords do not match');
    expect(messages({ password: 'password123', confirmPassword: 'password123' })).not.toContain(
      'Passwords do not match',
    );
    expect(messages({ password: 'password123', confirmPassword: '' })).toEqual(
      expect.arrayContaining(['Please confirm your password']),
    );
  });
});
