import { expect, hydrated, signIn, test, unique } from './fixtures';
import type { Page } from '@playwright/test';
import { createGolfer } from '../../app/models/golfers.server';

/**
 * The data requests this page makes for one route's loader, as single fetch makes them (decision 194): `<path>.data`,
 * which asks for every route, or those listed in `?_routes=`. The layouts' small loaders may follow the URL; they do
 * not hold the list.
 */
function listLoads(page: Page, pathname: string, routeId: string): string[] {
  const loads: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const routes = url.searchParams.get('_routes');
    if (url.pathname === `${pathname}.data` && (routes === null || routes.split(',').includes(routeId)))
      loads.push(req.url());
  });
  return loads;
}

test('filters the table as you type, before the URL changes', async ({ page }) => {
  const tag = unique('Live');
  await createGolfer({ firstName: 'Typed', lastName: `${tag}One` }, null);
  await createGolfer({ firstName: 'Typed', lastName: unique('Two') }, null);
  await signIn(page, '/golfers');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search golfers by name, email, or phone' });
  await box.pressSequentially(tag.slice(0, 8), { delay: 20 });
  await expect(page.getByRole('row', { name: new RegExp(`${tag}One`) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Two/ })).toHaveCount(0);
  await expect(page).toHaveURL(/q=/);
  await box.fill('');
  await expect(page.getByRole('row', { name: /Two/ }).first()).toBeVisible();
});

test('asks the server as you type, so a golfer on a later page is found', async ({ page }) => {
  const tag = unique('Far');
  await createGolfer({ firstName: 'Far', lastName: `Zz${tag}` }, null);
  const loads = listLoads(page, '/golfers', 'routes/_admin.golfers');
  await signIn(page, '/golfers');
  await hydrated(page);
  loads.length = 0;
  const box = page.getByRole('searchbox', { name: 'Search golfers by name, email, or phone' });
  await box.pressSequentially(tag, { delay: 10 });
  await expect(page.getByRole('row', { name: new RegExp(`Zz${tag}`) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  expect(loads.length).toBeGreaterThan(0);
});

test('validates as you type and shows Saving... while the golfer is saved', async ({ page }) => {
  await signIn(page, '/golfers?action=new');
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Add New Golfer' });
  const email = dialog.getByLabel('Email');
  await email.fill('not-an-email');
  await email.blur();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await email.fill('fine@example.org');
  await expect(dialog.getByText('Enter a valid email address')).toHaveCount(0);

  await dialog.getByLabel('First Name').fill('Slow');
  await dialog.getByLabel('Last Name').fill(unique('Saver'));
  await email.fill(`${unique('s')}@example.org`);
  // Hold the POST so the pending state can be seen.
  await page.route('**/golfers**', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Create Golfer' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
