import { expect, expectToast, hydrated, jsOn, signIn, test, unique } from './fixtures';
import type { Page } from '@playwright/test';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';

async function search(page: Page, text: string) {
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'Search golfers by name, email, or phone' }).fill(text);
  // Without JavaScript the box is a GET form; with it the table filters as you type.
  if (!jsOn()) await page.getByRole('button', { name: 'Search' }).click();
}

test('adds a golfer from the Add Golfer dialog', async ({ page }) => {
  const last = unique('Add');
  await signIn(page, '/golfers');
  await expect(page.getByRole('heading', { name: 'Golfers', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Golfer' }).click();
  await expect(page).toHaveURL(/action=new/);
  const dialog = page.getByRole('dialog', { name: 'Add New Golfer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Create a new golfer profile for the league')).toBeVisible();
  await hydrated(page);
  await dialog.getByLabel('First Name').fill('Robert');
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByLabel('Nickname').fill('Bob');
  await dialog.getByLabel('Phone').fill('(231) 555-0100');
  await dialog.getByRole('button', { name: 'Create Golfer' }).click();

  await expectToast(page, 'Success', 'Golfer created successfully');
  await expect(page).not.toHaveURL(/action=new/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(last) });
  await expect(row.getByRole('cell')).toHaveText([`Robert "Bob" ${last}`, '—', '(231) 555-0100', /Edit\s*Delete/]);
  const stored = await db.golfer.findFirstOrThrow({ where: { lastName: last } });
  expect(stored.fullName).toBe(`Robert ${last}`);
});

test('shows field messages and keeps the dialog open when the form is wrong', async ({ page }) => {
  const email = `${unique('taken')}@example.org`;
  await createGolfer({ firstName: 'Has', lastName: unique('Email'), email }, null);
  await signIn(page, '/golfers?action=new');
  const dialog = page.getByRole('dialog', { name: 'Add New Golfer' });
  await hydrated(page);
  await dialog.getByLabel('Last Name').fill('Only');
  await dialog.getByLabel('Phone').fill('555-12');
  await dialog.getByRole('button', { name: 'Create Golfer' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Phone number must have at least 10 digits')).toBeVisible();

  await dialog.getByLabel('First Name').fill('Dup');
  await dialog.getByLabel('Phone').fill('');
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Create Golfer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Failed to create golfer');
  await expect(dialog.getByRole('alert')).toContainText(`Another golfer already uses the email ${email}`);
  await expect(page).toHaveURL(/action=new/);
});

test('edits a golfer', async ({ page }) => {
  const last = unique('Edit');
  await createGolfer({ firstName: 'Ann', lastName: last, email: `${last}@example.org` }, null);
  await signIn(page, '/golfers');
  await page.getByRole('link', { name: `Edit Ann ${last}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Golfer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Update golfer information')).toBeVisible();
  await expect(dialog.getByLabel('First Name')).toHaveValue('Ann');
  await hydrated(page);
  await dialog.getByLabel('First Name').fill('Anne');
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Update Golfer' }).click();
  await expectToast(page, 'Success', 'Golfer updated successfully');
  const row = page.getByRole('row', { name: new RegExp(last) });
  await expect(row.getByRole('cell').first()).toHaveText(`Anne ${last}`);
  await expect(row.getByRole('cell').nth(1)).toHaveText('—');
});

test('searches by name, email and phone, ignoring case', async ({ page }) => {
  const tag = unique('Srch');
  await createGolfer({ firstName: 'Finder', lastName: `${tag}Alpha` }, null);
  await createGolfer(
    { firstName: 'Other', lastName: unique('Beta'), email: `${tag}beta@example.org`.toLowerCase() },
    null,
  );
  const phone = `616-${Date.now() % 1000}-4321`;
  await createGolfer({ firstName: 'Phone', lastName: unique('Gamma'), phone }, null);
  await signIn(page, '/golfers');

  await search(page, `${tag}alpha`.toUpperCase());
  await expect(page.getByRole('row', { name: new RegExp(`${tag}Alpha`) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Beta/ })).toHaveCount(0);

  await search(page, `${tag}BETA@`);
  await expect(page.getByRole('row', { name: /Beta/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(`${tag}Alpha`) })).toHaveCount(0);

  await search(page, phone);
  await expect(page.getByRole('cell', { name: phone })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await search(page, `${tag}-nobody`);
  await expect(page.getByText('No golfers match this search.')).toBeVisible();
  // The search is in the URL, so a reload shows the same list.
  await expect(page).toHaveURL(new RegExp(`q=${tag}-nobody`));
});

test('deletes a golfer with their memberships after confirming', async ({ page }) => {
  const last = unique('Del');
  const golfer = await createGolfer({ firstName: 'Gone', lastName: last }, null);
  await db.membership.create({ data: { golferId: golfer.id, season: 2025, registered: true } });
  await signIn(page, '/golfers');
  await page.getByRole('link', { name: `Delete Gone ${last}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(dialog).toContainText(`Are you sure you want to delete Gone ${last}?`);
  await hydrated(page);
  await dialog.getByRole('button', { name: 'Delete Golfer' }).click();
  await expectToast(page, 'Success', 'Golfer deleted successfully');
  await expect(page.getByRole('row', { name: new RegExp(last) })).toHaveCount(0);
  expect(await db.membership.count({ where: { golferId: golfer.id } })).toBe(0);
});

test('?action=new opens the dialog on load and Cancel closes it', async ({ page }) => {
  await signIn(page, '/golfers?action=new');
  const dialog = page.getByRole('dialog', { name: 'Add New Golfer' });
  await expect(dialog).toBeVisible();
  await hydrated(page);
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/golfers$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('pages the list on the server, 50 golfers at a time, keeping the search', async ({ page }) => {
  const tag = unique('Pg');
  for (let i = 1; i <= 53; i += 1)
    await createGolfer({ firstName: 'Paged', lastName: `${tag}${String(i).padStart(2, '0')}` }, null);
  await signIn(page, `/golfers?q=${tag}`);
  await expect(page.getByText('Showing 1–50 of 53 golfers')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${tag}50`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${tag}51`) })).toHaveCount(0);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Showing 51–53 of 53 golfers')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}.*page=2|page=2.*q=${tag}`));
  await expect(page.getByRole('row', { name: new RegExp(`${tag}53`) })).toBeVisible();
  // Editing a golfer of page 2 opens its form there.
  await page
    .getByRole('row', { name: new RegExp(`${tag}52`) })
    .getByRole('link', { name: /Edit/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Golfer' }).getByLabel('Last Name')).toHaveValue(`${tag}52`);
});

test('a page number that is not a number is a clear 400, not an error page', async ({ page }) => {
  await signIn(page, '/golfers');
  const response = await page.goto('/golfers?page=abc');
  expect(response?.status()).toBe(400);
  await expect(page.getByText('Invalid page: "abc"')).toBeVisible();
});
