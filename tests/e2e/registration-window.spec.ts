import type { Page } from '@playwright/test';
import { exclusive, expect, expectToast, hydrated, signInThroughForm, test } from './fixtures';
import { E2E_CLOSED_URL } from '../../playwright.config';
import { todayInLeague } from '../../app/domain/season';

// Registration closed and opening later (docs/product/seasons.md#registration-follows-the-season), with JavaScript on
// and off. The first server's database is shared by every test and kept open by the fixtures, so these tests use the
// second server (playwright.config.ts): its fresh database holds only the 2025 season, so registration is closed
// there. Nothing of this process writes to that database; every change goes through its pages, as the administrator
// would make it. Both projects use that one server, so each test runs alone (`exclusive`) and starts closed.
test.use({ baseURL: E2E_CLOSED_URL });

const CLOSED = 'Registration is closed. Please contact the league administrator.';
/** A season always in the future, so its registration can open later whatever today is. */
const YEAR = Number(todayInLeague().slice(0, 4)) + 1;
const LOCK = 'registration-window';

/** Back to the closed state: the season a test (perhaps one that failed) made is deleted through /seasons. */
async function resetToClosed(page: Page) {
  await signInThroughForm(page, '/seasons');
  if ((await page.getByRole('link', { name: `Delete season ${YEAR}` }).count()) > 0) await deleteSeason(page);
}

async function deleteSeason(page: Page) {
  await page.goto(`/seasons?delete=${YEAR}`);
  await hydrated(page);
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete Season' }).click();
  await expectToast(page, 'Season deleted', `Season ${YEAR}`);
  await expect(page.getByRole('link', { name: `Delete season ${YEAR}` })).toHaveCount(0);
}

async function expectNoForm(page: Page) {
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveCount(0);
}

// That a registration posted anyway is refused with 409 is checked over HTTP alone in
// tests/integration/server-security.test.ts.
test('while registration is closed, /register says so and shows no form', async ({ page }) => {
  await exclusive(LOCK, async () => {
    await resetToClosed(page);
    await page.context().clearCookies();

    await page.goto('/register');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'League Registration' })).toBeVisible();
    await expect(page.getByText(CLOSED)).toBeVisible();
    await expectNoForm(page);
  });
});

test('a season whose registration opens later is announced, and registration opens when its window includes today', async ({
  page,
}) => {
  await exclusive(LOCK, async () => {
    await resetToClosed(page);

    // 'Add Season': next year, copied from 2025, registration opening on March 1 of that year.
    await page.getByRole('link', { name: 'Add Season' }).click();
    const add = page.getByRole('dialog', { name: 'Add Season' });
    await hydrated(page);
    await add.getByLabel('Year').fill(String(YEAR));
    await add.getByLabel('Fee ($)').fill('175');
    await add.getByLabel('Registration opens').fill(`${YEAR}-03-01`);
    await add.getByLabel('Registration closes').fill(`${YEAR}-07-31`);
    await add.getByLabel('Copy schedule from').selectOption('2025');
    await add.getByRole('button', { name: 'Create Season' }).click();
    await expect(page).toHaveURL(new RegExp(`/seasons/${YEAR}$`));
    await expectToast(page, 'Season created');

    await page.goto('/register');
    await hydrated(page);
    await expect(page.getByText(`Registration for the ${YEAR} season opens on March 1, ${YEAR}.`)).toBeVisible();
    await expectNoForm(page);

    // 'Edit Season': the window now includes today.
    await page.goto(`/seasons/${YEAR}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Edit Season' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Season' });
    await hydrated(page);
    await edit.getByLabel('Registration opens').fill(todayInLeague());
    await edit.getByLabel('Registration closes').fill(`${YEAR}-07-31`);
    await edit.getByRole('button', { name: 'Update Season' }).click();
    await expectToast(page, 'Season updated', `Season ${YEAR}`);

    await page.goto('/register');
    await hydrated(page);
    await expect(page.getByText(`Register and pay the ${YEAR} season fee of $175.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();

    // What this test made is gone again: registration is closed, as the next run expects.
    await deleteSeason(page);
    await page.goto('/register');
    await expect(page.getByText(CLOSED)).toBeVisible();
  });
});
