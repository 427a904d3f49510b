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
  await expect(page.getByRole('navigation', { name: 'Admin menu' }).first().getByRole('link', { name: 'Settings' })).toBeVisible();
});
