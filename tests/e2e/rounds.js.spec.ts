import { expect, hydrated, signIn, test } from './fixtures';
import { currentSeason } from '../../app/domain/season';

const season = currentSeason();

test('the calendar picker sets the form date, by mouse and by keyboard', async ({ page }) => {
  await signIn(page, `/rounds?season=${season}&action=new`);
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  const date = dialog.getByLabel('Date');
  await date.fill(`${season}-06-10`);
  await dialog.getByRole('button', { name: 'Choose date' }).click();
  const grid = dialog.getByRole('grid', { name: `June ${season}` });
  await expect(grid).toBeVisible();
  // Weeks start on Sunday.
  await expect(grid.locator('th').first()).toHaveText('Su');
  await expect(grid.getByRole('button', { pressed: true })).toHaveAccessibleName(/June 10, /);
  await expect(grid.getByRole('button', { pressed: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(date).toHaveValue(`${season}-06-18`);
  await expect(grid).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose date' }).click();
  await dialog.getByRole('button', { name: 'Next month' }).click();
  await expect(dialog.getByRole('grid', { name: `July ${season}` })).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(`July 6, ${season}`) }).click();
  await expect(date).toHaveValue(`${season}-07-06`);
});

test('the form validates as you type', async ({ page }) => {
  await signIn(page, `/rounds?season=${season}&action=new`);
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  const gross = dialog.getByLabel('Gross Score');
  await gross.fill('5');
  await gross.blur();
  await expect(dialog.getByText('Gross score must be a whole number from 9 to 200')).toBeVisible();
  await gross.fill('41');
  await expect(dialog.getByText('Gross score must be a whole number from 9 to 200')).toHaveCount(0);
});
