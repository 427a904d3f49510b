import { describe, expect, it } from 'vitest';
import { createGolfer } from '~/models/golfers.server';
import { recomputeHandicaps } from '~/models/handicaps.server';
import { getSettings } from '~/models/settings.server';
import { createUser, verifyLogin } from '~/models/users.server';
import { loader as rootLoader } from '~/root';
import { userRegistrationSchema } from '~/schemas/auth';
import { action as settingsAction, loader as settingsLoader } from '~/routes/_admin.settings';
import { db } from '~/db/db.server';
import { call, request, signIn, toastOf, unique } from './helpers';
import { postSettings, resetPassword } from './settings-helpers';

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
    const golfer = await createGolfer({ firstName: 'No', lastName: unique('Course') });
    const round = await db.round.create({
      data: { golferId: golfer.id, date: '2025-06-09', season: 2025, grossScore: 45 },
    });
    await recomputeHandicaps(db, [golfer.id]);
    expect((await db.round.findUniqueOrThrow({ where: { id: round.id } })).hcpIndexAfter).toBe(7);
    await postSettings(cookie, { ...valid, defaultPar: '40' });
    expect((await db.round.findUniqueOrThrow({ where: { id: round.id } })).hcpIndexAfter).toBe(4);
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
    const user = await createUser({
      username,
      password: 'old-password',
      email: 'f@example.org',
      firstName: 'F',
      lastName: 'G',
    });
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
