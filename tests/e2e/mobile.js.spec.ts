import { expect, signIn, test } from './fixtures';

test.use({ viewport: { width: 390, height: 800 } });

test('on a phone, the hamburger opens the menu and the bottom bar has a More sheet', async ({ page }) => {
  await signIn(page, '/golfers');
  const bottom = page.getByRole('navigation', { name: 'Mobile' });
  await expect(bottom.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(bottom.getByRole('link', { name: 'Golfers' })).toBeVisible();
  await bottom.getByText('More').click();
  for (const item of ['Flights', 'Memberships', 'Courses', 'League Rules', 'Schedule', 'Import Data']) {
    await expect(bottom.getByRole('link', { name: item })).toBeVisible();
  }
  await page.getByLabel('Open menu').click();
  await expect(
    page.getByRole('navigation', { name: 'Admin menu' }).first().getByRole('link', { name: 'Settings' }),
  ).toBeVisible();
});

test('on a phone, the menus close once a link in them has been followed', async ({ page }) => {
  await signIn(page, '/golfers');
  await expect(page.getByText('Welcome, League')).toBeVisible();
  await page.getByLabel('Open menu').click();
  const menu = page.getByRole('navigation', { name: 'Admin menu' }).first();
  await menu.getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();

  const bottom = page.getByRole('navigation', { name: 'Mobile' });
  await bottom.getByText('More').click();
  await bottom.getByRole('link', { name: 'Memberships' }).click();
  await expect(page).toHaveURL(/\/memberships/);
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  await expect(bottom.getByRole('link', { name: 'League Rules' })).toBeHidden();
  // The page under the menus is usable: its own heading link/button is not covered.
  await page.getByRole('link', { name: 'Add Membership' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Membership' })).toBeVisible();
});

test('on a phone, a public page is drawn before its scripts: they are fetched at low priority, and it still comes to life', async ({
  page,
}) => {
  // docs/decisions/062-lighthouse-in-the-bench.md: the stylesheet first, the scripts that hydrate the page after it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities: Record<string, string[]> = {};
  cdp.on('Network.requestWillBeSent', ({ type, request }) => {
    (priorities[type ?? 'Other'] ??= []).push(`${new URL(request.url).pathname} ${request.initialPriority}`);
  });
  await page.goto('/register');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  expect(priorities.Stylesheet).toEqual([expect.stringMatching(/\.css VeryHigh$/)]);
  expect(priorities.Script?.length).toBeGreaterThan(5);
  expect(priorities.Script?.filter((script) => !script.endsWith(' Low'))).toEqual([]);
});
