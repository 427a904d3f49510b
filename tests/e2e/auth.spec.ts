import { ADMIN, expect, expectToast, hydrated, signIn, signInThroughForm, test } from './fixtures';

// That every admin page sends an anonymous visitor to /auth, and what the sign-in form and the API refuse over HTTP
// alone (a cross-site post, a 10 MB body, a broken Origin or path, unknown endpoints and wrong methods), are checked in
// tests/integration/server-security.test.ts; a browser sent on to /auth is here ('signing in shows the shell…').

test('the login page describes the dashboard', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(page.getByText(/golfer scores, handicaps and stats/i)).toBeVisible();
  await expect(page.getByText(/season registrations and payments/i)).toBeVisible();
  await expect(page.getByText(/flights by skill/i)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('placeholder', 'admin');
  // Golfers who follow 'Member Login' have no password: they are sent on to My league's sign-in.
  await expect(page.getByRole('link', { name: 'Sign in to My league with a code we email you' })).toHaveAttribute(
    'href',
    '/me/sign-in',
  );
});

test('signing in shows the shell, and signing out returns to the login page', async ({ page }) => {
  await signInThroughForm(page, '/golfers');
  await expect(page.getByRole('heading', { name: 'Golfers', level: 1 })).toBeVisible();
  await expectToast(page, 'Login successful', 'Welcome back, League');
  await expect(page.getByText('Welcome, League')).toBeVisible();
  await expect(page.getByText('LA', { exact: true })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Admin menu' }).first();
  for (const item of [
    'Golfers',
    'Rounds',
    'Flights',
    'Memberships',
    'Courses',
    'Tee Times',
    'Email List',
    'Import Data',
    'Settings',
  ]) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  // Signed in, /auth goes straight to /golfers.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/golfers$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Logout successful', 'You have been logged out.');
  await page.goto('/golfers');
  await expect(page).toHaveURL(/\/auth/);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/auth/);
});

test('signed in, / is the dashboard', async ({ page }) => {
  await signIn(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Fees collected')).toBeVisible();
});
