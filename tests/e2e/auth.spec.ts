import { ADMIN, expect, expectToast, hydrated, signIn, test } from './fixtures';

const adminRoutes = ['/golfers', '/rounds', '/flights', '/memberships', '/courses', '/tee-times', '/import', '/email-list', '/settings', '/standings'];

for (const route of adminRoutes) {
  test(`${route} sends anonymous visitors to /auth`, async ({ page }) => {
    await page.goto(route);
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
}

test('the login page describes the dashboard', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(page.getByText(/golfer scores, handicaps and stats/i)).toBeVisible();
  await expect(page.getByText(/season registrations and payments/i)).toBeVisible();
  await expect(page.getByText(/flights by skill/i)).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('placeholder', 'admin');
});

test('signing in shows the shell, and signing out returns to the login page', async ({ page }) => {
  await signIn(page, '/golfers');
  await expect(page.getByRole('heading', { name: 'Golfers', level: 1 })).toBeVisible();
  await expectToast(page, 'Login successful', 'Welcome back, League');
  await expect(page.getByText('Welcome, League')).toBeVisible();
  await expect(page.getByText('LA', { exact: true })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Admin menu' }).first();
  for (const item of ['Golfers', 'Rounds', 'Flights', 'Memberships', 'Courses', 'Tee Times', 'Email List', 'Import Data', 'Settings']) {
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

test('a cross-site form post is refused', async ({ request }) => {
  const res = await request.post('/auth', {
    headers: { Origin: 'https://evil.example' },
    form: { username: ADMIN.username, password: ADMIN.password },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
});

test('a 10 MB login body gets 413, not a 500', async ({ request }) => {
  const res = await request.post('/auth', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'username=' + 'a'.repeat(10 * 1024 * 1024),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(413);
});
