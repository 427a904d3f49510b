import { expect, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';

// Without JavaScript, "Find my name" is a GET form: /register?find=… lists at most 20 matching names to choose from.

test('"Find my name" lists the matching names, names only, and the chosen one registers', async ({ page }) => {
  const last = unique('Found');
  const golfer = await createGolfer({ firstName: 'Fern', lastName: last, email: `${last}@example.org` }, null);
  await page.goto('/register');
  await expect(page.locator('body')).not.toContainText(golfer.fullName);
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await page.getByLabel('Find your name').fill(last);
  await page.getByRole('button', { name: 'Find my name' }).click();
  await page.waitForURL((url) => url.searchParams.get('find') === last);
  await expect(page.getByRole('radio', { name: 'Returning golfer' })).toBeChecked();
  await page.getByRole('radio', { name: golfer.fullName }).check();
  await expect(page.locator('body')).not.toContainText(`${last}@example.org`);

  await page.getByLabel('Email').fill(`${last}-new@example.org`);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
});

test('one letter asks for two, and a name nobody has says so', async ({ page }) => {
  await page.goto('/register?type=returning&find=q');
  await expect(page.getByTestId('name-search-status')).toHaveText('Type at least 2 letters of your name.');
  await expect(page.getByRole('group', { name: 'Select your name' }).getByRole('radio')).toHaveCount(0);

  const nobody = unique('Nobody');
  await page.getByLabel('Find your name').fill(nobody);
  await page.getByRole('button', { name: 'Find my name' }).click();
  await expect(page.getByTestId('name-search-status')).toHaveText(
    `No golfer's name contains "${nobody}". Check the spelling, or register as a new golfer.`,
  );
});

test('lists at most 20 names and says to type more', async ({ page }) => {
  const family = unique('Many');
  for (let i = 0; i < 21; i++)
    await createGolfer({ firstName: `Kin${String(i).padStart(2, '0')}`, lastName: family }, null);
  await page.goto(`/register?type=returning&find=${family}`);
  await expect(page.getByRole('group', { name: 'Select your name' }).getByRole('radio')).toHaveCount(20);
  await expect(page.getByTestId('name-search-status')).toHaveText(
    'Showing the first 20 names: type more of your name to narrow the list.',
  );
  // The first 20 by name: the 21st is not there until the search says more.
  await expect(page.getByRole('radio', { name: `Kin20 ${family}` })).toHaveCount(0);
  await page.getByLabel('Find your name').fill(`Kin20 ${family}`);
  await page.getByRole('button', { name: 'Find my name' }).click();
  await expect(page.getByRole('radio', { name: `Kin20 ${family}` })).toBeVisible();
});
