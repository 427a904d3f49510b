import { expect, hydrated, signIn, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';

test('filters the table as you type, before the URL changes', async ({ page }) => {
  const tag = unique('Live');
  await createGolfer({ firstName: 'Typed', lastName: `${tag}One` });
  await createGolfer({ firstName: 'Typed', lastName: unique('Two') });
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

test('widening a search after the URL has caught up is as instant as narrowing it: no trip to the server', async ({
  page,
}) => {
  const tag = unique('Wide');
  await createGolfer({ firstName: 'Wide', lastName: `${tag}Alpha` });
  await createGolfer({ firstName: 'Wide', lastName: `${tag}Beta` });
  await signIn(page, '/golfers');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search golfers by name, email, or phone' });
  await box.fill(`${tag}Alpha`);
  await expect(page).toHaveURL(new RegExp(`q=${tag}Alpha`));
  await expect(page.getByRole('row', { name: new RegExp(`${tag}Beta`) })).toHaveCount(0);
  const loads: string[] = [];
  page.on('request', (req) => {
    // The list's own loader (the layouts' small loaders may follow the URL; they do not hold the list).
    if (req.url().includes('_data=routes%2F_admin.golfers')) loads.push(req.url());
  });
  await box.fill(tag);
  await expect(page.getByRole('row', { name: new RegExp(`${tag}Beta`) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}$`));
  expect(loads).toEqual([]);
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
