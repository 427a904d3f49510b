import type { Browser, Page } from '@playwright/test';
import { createUser } from '../../app/models/users.server';
import { expect, expectToast, hydrated, test, unique } from './fixtures';

/**
 * Sessions end on the server (docs/product/accounts.md#ending-sessions), through the real server, with and without
 * JavaScript. Each test signs in users of its own: ending the e2e administrator's sessions would sign out the
 * tests running beside it.
 */

async function newUser(opts: { isAdmin?: boolean } = {}) {
  const username = unique('sess').toLowerCase();
  const password = 'session-password';
  await createUser(
    {
      username,
      password,
      email: `${username}@example.org`,
      firstName: 'Sasha',
      lastName: 'Session',
      isAdmin: opts.isAdmin ?? false,
    },
    null,
  );
  return { username, password };
}

async function signInAs(page: Page, username: string, password: string, to = '/golfers') {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === to);
  // As fixtures.ts signIn: with JavaScript the URL changes before React has drawn the new page, so wait until the
  // sign-in form is gone (a `toHaveCount(0)` right after would otherwise pass on the sign-in page).
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor({ state: 'detached' });
}

/** The session cookie as a Cookie header, to replay from somewhere else. */
async function copyCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === '__league_session');
  expect(cookie, 'the session cookie').toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

/** What the copied cookie gets: GET /api/user's status and where /golfers sends it. */
async function replay(browser: Browser, baseURL: string, cookie: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const api = await context.request.get('/api/user', { headers: { Cookie: cookie } });
    const page = await context.request.get('/golfers', { headers: { Cookie: cookie }, maxRedirects: 0 });
    return { api: api.status(), page: page.status(), location: page.headers()['location'] ?? null };
  } finally {
    await context.close();
  }
}

test('a copied cookie stops working once its session has logged out', async ({ page, browser, baseURL }) => {
  const { username, password } = await newUser();
  await signInAs(page, username, password);
  const copy = await copyCookie(page);
  expect(await replay(browser, baseURL!, copy)).toEqual({ api: 200, page: 200, location: null });

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Logout successful', 'You have been logged out.');
  expect(await replay(browser, baseURL!, copy)).toEqual({
    api: 401,
    page: 302,
    location: '/auth?redirectTo=%2Fgolfers',
  });
});

test("'Sign out everywhere' ends the sessions of the user's other browsers", async ({ page, browser, baseURL }) => {
  const { username, password } = await newUser();
  const other = await browser.newPage({ baseURL });
  try {
    await signInAs(other, username, password);
    await signInAs(page, username, password, '/settings');
    const copy = await copyCookie(page);
    const row = page
      .getByRole('region', { name: 'Users', exact: true })
      .getByRole('row', { name: new RegExp(username) });
    await row.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, 'Signed out everywhere');
    await other.goto('/rounds');
    await expect(other).toHaveURL(/\/auth\?redirectTo=%2Frounds$/);
    expect((await replay(browser, baseURL!, copy)).api).toBe(401);
  } finally {
    await other.close();
  }
});

test('Disable and Enable on a user row in Settings → Users', async ({ page, browser, baseURL }) => {
  const admin = await newUser({ isAdmin: true });
  const target = await newUser();
  const theirs = await browser.newPage({ baseURL });
  try {
    await signInAs(theirs, target.username, target.password);
    const theirCookie = await copyCookie(theirs);

    await signInAs(page, admin.username, admin.password, '/settings');
    // Not on one's own row.
    const users = page.getByRole('region', { name: 'Users', exact: true });
    const own = users.getByRole('row', { name: new RegExp(admin.username) });
    await expect(own.getByRole('button', { name: /^(Disable|Enable)/ })).toHaveCount(0);

    const row = users.getByRole('row', { name: new RegExp(target.username) });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Disable ${target.username}` }).click();
    await expectToast(page, 'User disabled', `${target.username} can no longer sign in.`);
    await expect(row).toContainText('Disabled');
    expect((await replay(browser, baseURL!, theirCookie)).api).toBe(401);

    // They cannot sign in again, and are told why.
    await theirs.goto('/auth');
    await hydrated(theirs);
    await theirs.getByLabel('Username').fill(target.username);
    await theirs.getByLabel('Password').fill(target.password);
    await theirs.getByRole('button', { name: 'Sign In' }).click();
    await expect(theirs.getByRole('alert')).toContainText('This account is disabled');

    await row.getByRole('button', { name: `Enable ${target.username}` }).click();
    await expectToast(page, 'User enabled', `${target.username} can sign in again.`);
    await expect(row).toContainText('Active');
    await signInAs(theirs, target.username, target.password);
  } finally {
    await theirs.close();
  }
});
