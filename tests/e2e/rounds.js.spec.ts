import { expect, hydrated, signIn, test } from './fixtures';
import { db, newGolfer, newRound } from './league-data';
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

test('an Edit or Delete link to a round removed meanwhile says it is gone, in the dialog', async ({ page }) => {
  const golfer = await newGolfer('Gone', 'Rnd');
  const label = (date: string) => `round of ${golfer.fullName} on ${date}, ${season}`;
  const first = await newRound({ golferId: golfer.id, date: `${season}-06-02`, grossScore: 44 });
  const second = await newRound({ golferId: golfer.id, date: `${season}-06-09`, grossScore: 45 });
  await signIn(page, `/rounds?season=${season}`);
  await hydrated(page);
  // The links are followed in the browser: the loader looks the round up and finds none.
  await db.round.delete({ where: { id: first.id } });
  await page.getByRole('link', { name: `Edit ${label('June 2')}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Round' })).toContainText('Round not found.');
  await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
  await page.goto(`/rounds?season=${season}`);
  await hydrated(page);
  await db.round.delete({ where: { id: second.id } });
  await page.getByRole('link', { name: `Delete ${label('June 9')}` }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Deletion' })).toContainText('Round not found.');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Delete Round' })).toHaveCount(0);
});
