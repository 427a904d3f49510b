import { chooseGolfer, claimYear, expect, expectToast, hydrated, jsOn, signIn, test, unique } from './fixtures';
import type { Page } from '@playwright/test';
import { currentSeason } from '../../app/domain/season';
import { createGolfer } from '../../app/models/golfers.server';
import { createMembership } from '../../app/models/memberships.server';
import { db } from '../../app/db/db.server';

const season = currentSeason();
// A past season claimed for the test alone (the URL accepts any season, the picker offers three), as the seasons,
// rounds and stats specs claim theirs: it keeps the tiles' counts about this test's rows only, and its memberships
// are removed after the test, so a later test that claims the year finds it empty (a season with memberships cannot
// be deleted).
const PAST_YEARS = Array.from({ length: 13 }, (_, i) => 2000 + i);

test('adds a membership with the toggles and shows it with ticks and the registration date', async ({ page }) => {
  const golfer = await createGolfer({ firstName: 'Mel', lastName: unique('Member') }, null);
  await signIn(page, '/memberships');
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Membership' });
  await expect(dialog).toBeVisible();
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await expect(dialog.getByLabel('Season', { exact: true })).toHaveValue(String(season));
  await dialog.getByText('Registered', { exact: true }).click();
  await dialog.getByLabel('Estimated Score').fill('41');
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expectToast(page, 'Success', 'Membership created successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(golfer.lastName) });
  await expect(row.getByRole('cell')).toHaveText([
    golfer.fullName,
    String(season),
    '✓',
    '✗',
    /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/,
    '41',
    /Edit\s*Delete/,
  ]);
});

test('a second membership for the same golfer and season gets a clear message', async ({ page }) => {
  const golfer = await createGolfer({ firstName: 'Twice', lastName: unique('Member') }, null);
  await createMembership({ golferId: golfer.id, season, registered: false, paid: false }, null);
  await signIn(page, '/memberships?action=new');
  const dialog = page.getByRole('dialog', { name: 'Add Membership' });
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Failed to create membership');
  await expect(dialog.getByRole('alert')).toContainText(
    `${golfer.fullName} already has a membership for the ${season} season`,
  );
});

test('a refused save keeps the Registered and Paid switches as they were set', async ({ page }) => {
  const golfer = await createGolfer({ firstName: 'Keep', lastName: unique('Ticks') }, null);
  await signIn(page, '/memberships?action=new');
  const dialog = page.getByRole('dialog', { name: 'Add Membership' });
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByText('Registered', { exact: true }).click();
  await dialog.getByText('Paid', { exact: true }).click();
  await dialog.getByLabel('Estimated Score').fill('70');
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expect(dialog.getByText('Estimated score must be a whole number from 27 to 65')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Registered/ })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: /Paid/ })).toBeChecked();
  await dialog.getByLabel('Estimated Score').fill('40');
  await dialog.getByRole('button', { name: 'Create Membership' }).click();
  await expectToast(page, 'Success', 'Membership created successfully');
  expect(await db.membership.findFirstOrThrow({ where: { golferId: golfer.id } })).toMatchObject({
    registered: true,
    paid: true,
    estimatedScore: 40,
  });
});

test('edits a membership: marking it paid turns the Paid tile green', async ({ page }) => {
  const { year, release } = await claimYear(PAST_YEARS);
  try {
    await editToPaid(page, year);
  } finally {
    await db.membership.deleteMany({ where: { season: year } });
    release();
  }
});

async function editToPaid(page: Page, year: number) {
  const golfer = await createGolfer({ firstName: 'Payer', lastName: unique('Member') }, null);
  const m = await createMembership({ golferId: golfer.id, season: year, registered: true, paid: false }, null);
  await signIn(page, `/memberships?season=${year}`);
  const paidTile = page.locator('[data-tone]', { hasText: 'Paid' });
  await expect(paidTile).toHaveAttribute('data-tone', 'bad');
  await page.getByRole('link', { name: `Edit membership of ${golfer.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Membership' });
  await expect(dialog.getByRole('switch', { name: /Registered/ })).toBeChecked();
  await hydrated(page);
  await dialog.getByText('Paid', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Update Membership' }).click();
  await expectToast(page, 'Success', 'Membership updated successfully');
  await expect(page).toHaveURL(new RegExp(`season=${year}`));
  await expect(
    page
      .getByRole('row', { name: new RegExp(golfer.lastName) })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('✓');
  await expect(paidTile).toHaveAttribute('data-tone', 'good');
  expect(await db.membership.findUniqueOrThrow({ where: { id: m.id } })).toMatchObject({
    paid: true,
    registered: true,
  });
}

async function search(page: Page, text: string) {
  await hydrated(page);
  await page.getByRole('searchbox', { name: 'Search memberships by golfer name' }).fill(text);
  if (!jsOn()) await page.getByRole('button', { name: 'Search' }).click();
}

test('picks a season and searches by golfer name', async ({ page }) => {
  const tag = unique('Find');
  const found = await createGolfer({ firstName: 'Found', lastName: tag }, null);
  const other = await createGolfer({ firstName: 'Other', lastName: unique('Member') }, null);
  await createMembership({ golferId: found.id, season: season - 1, registered: true, paid: true }, null);
  await createMembership({ golferId: other.id, season: season - 1, registered: false, paid: false }, null);
  await signIn(page, '/memberships');
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(0);
  await hydrated(page);
  await page.getByLabel('Season').selectOption(String(season - 1));
  if (!jsOn()) await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`season=${season - 1}`));
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toBeVisible();
  await search(page, tag.toLowerCase());
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(other.lastName) })).toHaveCount(0);
});

test('deletes a membership after confirming', async ({ page }) => {
  const golfer = await createGolfer({ firstName: 'Leaving', lastName: unique('Member') }, null);
  await createMembership({ golferId: golfer.id, season, registered: false, paid: false }, null);
  await signIn(page, '/memberships');
  await page.getByRole('link', { name: `Delete membership of ${golfer.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(dialog).toContainText('Are you sure you want to delete this membership? This action cannot be undone.');
  await hydrated(page);
  await dialog.getByRole('button', { name: 'Delete Membership' }).click();
  await expectToast(page, 'Success', 'Membership deleted successfully');
  await expect(page.getByRole('row', { name: new RegExp(golfer.lastName) })).toHaveCount(0);
  expect(await db.membership.count({ where: { golferId: golfer.id } })).toBe(0);
});
