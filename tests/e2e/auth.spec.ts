import { ADMIN, expect, expectToast, hydrated, signIn, signInThroughForm, test } from './fixtures';

const adminRoutes = [
  '/golfers',
  '/rounds',
  '/flights',
  '/memberships',
  '/courses',
  '/tee-times',
  '/import',
  '/email-list',
  '/settings',
  '/standings',
];

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

test('an Origin header that is not a URL is refused as cross-site, not a 500', async ({ request }) => {
  const res = await request.post('/auth', {
    headers: { Origin: 'garbage' },
    form: { username: 'x', password: 'y' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
});

test('a path with broken percent-encoding gets 400, not a 500', async ({ request }) => {
  for (const path of ['/%', '/golfers/%ZZ', '/api/%', '/%E0%A4%A']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
  }
});

test('the API answers JSON: 404 for an unknown endpoint, 405 for a GET of a POST-only one', async ({ request }) => {
  const unknown = await request.get('/api/nope');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'No such API endpoint' });
  for (const path of [
    '/api/logout',
    '/api/register',
    '/api/tee-times/generate',
    '/api/import/golfers',
    '/api/import/golfers/json',
    '/api/select-tee-time',
    '/api/register-golfer',
    '/webhooks/stripe',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(405);
    expect(res.headers()['allow'], path).toBe('POST');
    expect((await res.json()).message, path).toMatch(/Use POST/);
  }
  const exportPost = await request.post('/export/golfers', { maxRedirects: 0 });
  expect(exportPost.status()).toBe(405);
  expect(exportPost.headers()['allow']).toBe('GET');
});
