import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '~/models/sessions.server';
import { createUser } from '~/models/users.server';
import { loader as adminLoader } from '~/routes/_admin';
import { loader as settingsLoader } from '~/routes/_admin.settings';
import { action as apiLogin } from '~/routes/api.login';
import { action as apiLogout } from '~/routes/api.logout';
import { loader as apiUser } from '~/routes/api.user';
import { action as authAction } from '~/routes/auth';
import { action as logoutAction } from '~/routes/logout';
import { loader as rootLoader } from '~/root';
import { getUser } from '~/web/auth.server';
import { db, queryCount } from '~/db/db.server';
import { commitSession, sessionStorage } from '~/web/session.server';
import { BASE, call, request, signIn, toastOf, unique } from './helpers';
import { postSettings, resetPassword } from './settings-helpers';

/** Ends of sessions: docs/product/accounts.md#ending-sessions. */

async function newUser(opts: { isAdmin?: boolean } = {}) {
  const username = unique('s');
  const password = 'correct-horse';
  const user = await createUser(
    {
      username,
      password,
      email: `${username}@example.org`,
      firstName: 'Sam',
      lastName: 'Session',
      isAdmin: opts.isAdmin ?? false,
    },
    null,
  );
  return { user, username: user.username, password };
}

/** Signs in through the sign-in page, as a browser would: the cookie it sets. */
async function signInThroughPage(username: string, password: string, url = '/auth'): Promise<string> {
  const res = await call(authAction, request(url, { form: { username, password } }));
  expect(res.status).toBe(302);
  return res.headers.get('Set-Cookie')!.split(';')[0];
}

async function status(cookie: string): Promise<number> {
  return (await call(apiUser, request('/api/user', { cookie }))).status;
}

describe('a session ends on the server', () => {
  it('after signing out from the menu: a copy of the cookie gets 401, and the sign-in page shows the toast', async () => {
    const { username, password } = await newUser();
    const cookie = await signInThroughPage(username, password);
    const copy = cookie;
    expect(await status(copy)).toBe(200);
    const out = await call(logoutAction, request('/logout', { method: 'POST', cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get('Location')).toBe('/auth');
    expect(await toastOf(out)).toMatchObject({ title: 'Logout successful' });
    expect(await status(copy)).toBe(401);
    // The cookie the browser keeps now carries only the toast: anonymous, and the toast shows once.
    const after = out.headers.get('Set-Cookie')!.split(';')[0];
    expect(await status(after)).toBe(401);
    const root = await call(rootLoader, request('/auth', { cookie: after }));
    expect((await root.json()).toast).toMatchObject({ title: 'Logout successful' });
  });

  it('after POST /api/logout', async () => {
    const { username, password } = await newUser();
    const login = await call(apiLogin, request('/api/login', { json: { username, password } }));
    const cookie = login.headers.get('Set-Cookie')!.split(';')[0];
    expect(await status(cookie)).toBe(200);
    expect((await call(apiLogout, request('/api/logout', { method: 'POST', cookie }))).status).toBe(200);
    expect(await status(cookie)).toBe(401);
  });

  it("after an administrator resets the user's password: every session of that user ends", async () => {
    const admin = await signIn({ isAdmin: true });
    const { user, username, password } = await newUser();
    const laptop = await signInThroughPage(username, password);
    const phone = await signInThroughPage(username, password);
    const bystander = await signIn({ isAdmin: false });
    const res = await resetPassword(admin.cookie, user.id, 'brand-new-password');
    expect(res.status).toBe(302);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await status(admin.cookie)).toBe(200);
    expect(await status(bystander.cookie)).toBe(200);
    expect(await status(await signInThroughPage(username, 'brand-new-password'))).toBe(200);
  });

  it('after resetting your own password, your other sessions end and this one stays', async () => {
    const { user, username, password } = await newUser({ isAdmin: true });
    const here = await signInThroughPage(username, password);
    const elsewhere = await signInThroughPage(username, password);
    const res = await resetPassword(here, user.id, 'another-password');
    expect(res.status).toBe(302);
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
  });

  it("after 'Sign out everywhere': every session of the user ends, this one included, and no one else's", async () => {
    const { username, password } = await newUser();
    const here = await signInThroughPage(username, password);
    const elsewhere = await signInThroughPage(username, password);
    const other = await signIn({ isAdmin: false });
    const res = await call(logoutAction, request('/logout', { cookie: here, form: { intent: 'everywhere' } }));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/auth');
    expect(await toastOf(res)).toMatchObject({ title: 'Signed out everywhere' });
    expect(await status(here)).toBe(401);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(other.cookie)).toBe(200);
  });

  it('after a server-side expiry of 14 days, whatever the browser keeps', async () => {
    const { user } = await newUser();
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
    const session = await sessionStorage.getSession();
    session.set('sessionId', await createSession(user.id, fifteenDaysAgo));
    const old = (await commitSession(new Request(BASE), session)).split(';')[0];
    expect(await status(old)).toBe(401);
    const thirteenDaysAgo = new Date(Date.now() - 13 * 24 * 60 * 60 * 1000);
    session.set('sessionId', await createSession(user.id, thirteenDaysAgo));
    const recent = (await commitSession(new Request(BASE), session)).split(';')[0];
    expect(await status(recent)).toBe(200);
  });

  it('clears expired sessions when someone signs in', async () => {
    const { user, username, password } = await newUser();
    await createSession(user.id, new Date(Date.now() - 20 * 24 * 60 * 60 * 1000));
    expect(await db.session.count({ where: { expiresAt: { lte: new Date() } } })).toBeGreaterThan(0);
    await signInThroughPage(username, password);
    expect(await db.session.count({ where: { expiresAt: { lte: new Date() } } })).toBe(0);
  });

  it('starts with a 14-day sessions row and a cookie of the same age', async () => {
    const { user, username, password } = await newUser();
    const res = await call(authAction, request('/auth', { form: { username, password } }));
    expect(res.headers.get('Set-Cookie')).toMatch(/Max-Age=1209600/);
    const row = await db.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: 'desc' } });
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / (24 * 60 * 60 * 1000);
    expect(days).toBe(14);
    // The cookie holds a random token; the table only its hash, which is no cookie.
    const cookie = res.headers.get('Set-Cookie')!.split(';')[0];
    const token = (await sessionStorage.getSession(cookie)).get('sessionId');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(row.id).not.toBe(token);
  });

  it('does not accept a cookie of the first release that carries only a user id', async () => {
    const { user } = await newUser();
    const legacy = await sessionStorage.getSession();
    (legacy as unknown as { set: (k: string, v: unknown) => void }).set('userId', user.id);
    const cookie = (await sessionStorage.commitSession(legacy)).split(';')[0];
    expect(await status(cookie)).toBe(401);
  });

  it('reads the signed-in user with one query', async () => {
    const { cookie, user } = await signIn({ isAdmin: false });
    const before = queryCount();
    expect(await getUser(request('/golfers', { cookie }))).toMatchObject({ id: user.id });
    expect(queryCount() - before).toBe(1);
  });
});

describe('disabling a user', () => {
  it("Disable ends the user's sessions and refuses their sign-in; Enable lets them in again", async () => {
    const admin = await signIn({ isAdmin: true });
    const { user, username, password } = await newUser();
    const cookie = await signInThroughPage(username, password);

    const disabled = await postSettings(admin.cookie, { intent: 'disable-user', userId: String(user.id) });
    expect(disabled.status).toBe(302);
    expect(await toastOf(disabled)).toMatchObject({ title: 'User disabled' });
    expect(await status(cookie)).toBe(401);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    const list = await (await call(settingsLoader, request('/settings', { cookie: admin.cookie }))).json();
    expect(list.users.find((u: { id: number }) => u.id === user.id)).toMatchObject({ disabled: true });

    const refused = await call(authAction, request('/auth', { form: { username, password } }));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('This account is disabled. Ask a league administrator to enable it.');
    expect(refused.headers.get('Set-Cookie')).toBeNull();
    const api = await call(apiLogin, request('/api/login', { json: { username, password } }));
    expect(api.status).toBe(403);
    // A wrong password says nothing about the account.
    const wrong = await call(authAction, request('/auth', { form: { username, password: 'not-it' } }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid username or password');

    const enabled = await postSettings(admin.cookie, { intent: 'enable-user', userId: String(user.id) });
    expect(enabled.status).toBe(302);
    expect(await toastOf(enabled)).toMatchObject({ title: 'User enabled' });
    expect(await status(await signInThroughPage(username, password))).toBe(200);
  });

  it('an administrator cannot disable themselves, and a user who is not an administrator cannot disable anyone', async () => {
    const admin = await signIn({ isAdmin: true });
    const self = await postSettings(admin.cookie, { intent: 'disable-user', userId: String(admin.user.id) });
    expect(self.status).toBe(403);
    expect(await self.json()).toMatchObject({ intent: 'disable-user', message: 'You cannot disable yourself' });
    expect(await status(admin.cookie)).toBe(200);

    const plain = await signIn({ isAdmin: false });
    const { user } = await newUser();
    const refused = await postSettings(plain.cookie, { intent: 'disable-user', userId: String(user.id) });
    expect(refused.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toBeNull();

    const missing = await postSettings(admin.cookie, { intent: 'disable-user', userId: '999999' });
    expect(missing.status).toBe(404);
    const bad = await postSettings(admin.cookie, { intent: 'disable-user', userId: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('the session cookie', () => {
  it('is Secure when the request came over HTTPS, and not over plain http', async () => {
    const { username, password } = await newUser();
    const https = await call(authAction, request('https://league.example/auth', { form: { username, password } }));
    expect(https.headers.get('Set-Cookie')).toMatch(/; Secure/i);
    expect(https.headers.get('Set-Cookie')).toMatch(/HttpOnly/i);
    expect(https.headers.get('Set-Cookie')).toMatch(/SameSite=Lax/i);
    const http = await call(authAction, request('http://league.example/auth', { form: { username, password } }));
    expect(http.headers.get('Set-Cookie')).not.toMatch(/Secure/i);
    const cookie = https.headers.get('Set-Cookie')!.split(';')[0];
    const out = await call(logoutAction, request('https://league.example/logout', { method: 'POST', cookie }));
    expect(out.headers.get('Set-Cookie')).toMatch(/; Secure/i);
  });
});

describe("the 'Demo mode' notice", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['SESSION_SECRET_GENERATED', 'STRIPE_SECRET_KEY', 'SMTP_URL']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('shows administrators what to set while SESSION_SECRET was not set by the operator', async () => {
    const admin = await signIn({ isAdmin: true });
    const plain = await signIn({ isAdmin: false });
    const shell = async (cookie: string) => (await call(adminLoader, request('/golfers', { cookie }))).json();
    expect((await shell(admin.cookie)).demoMode).toBeNull();

    process.env.SESSION_SECRET_GENERATED = '1';
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.SMTP_URL;
    expect((await shell(admin.cookie)).demoMode).toEqual(['SESSION_SECRET', 'STRIPE_SECRET_KEY', 'SMTP_URL']);
    expect((await shell(plain.cookie)).demoMode).toBeNull();
    process.env.STRIPE_SECRET_KEY = 'sk_test_x';
    process.env.SMTP_URL = 'smtp://mail.example:587';
    expect((await shell(admin.cookie)).demoMode).toEqual(['SESSION_SECRET']);
  });
});
