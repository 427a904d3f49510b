import { expect, expectToast, hydrated, signIn, test } from './fixtures';
import { db, newCourse, newGolfer, newRound } from './league-data';
import { currentSeason } from '../../app/domain/season';

const season = currentSeason();
const day = (monthDay: string) => `${season}-${monthDay}`;

function golferNamed() {
  return newGolfer('Pat', 'Rnd');
}

test('records a round and shows the computed handicap columns', async ({ page }) => {
  const golfer = await golferNamed();
  const course = await newCourse(72);
  await signIn(page, '/rounds');
  await expect(page.getByRole('heading', { name: 'Rounds', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Record Round' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Record a new round for a golfer.')).toBeVisible();
  await expect(page).toHaveURL(/action=new/);
  await hydrated(page);
  await dialog.getByLabel('Golfer').selectOption({ label: golfer.fullName });
  await dialog.getByLabel('Course').selectOption({ label: course.courseName });
  await dialog.getByLabel('Date').fill(day('06-01'));
  await expect(dialog.getByLabel('Gross Score')).toHaveAttribute('placeholder', '72');
  await expect(dialog.getByLabel('Points')).toHaveAttribute('placeholder', '8');
  await dialog.getByLabel('Gross Score').fill('45');
  await dialog.getByLabel('Notes').fill('first round');
  await dialog.getByRole('button', { name: 'Record Round' }).click();

  await expectToast(page, 'Success', 'Round recorded successfully');
  await expect(page).not.toHaveURL(/action=new/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.locator('tr', { hasText: golfer.fullName });
  // Date, Golfer, Course, Gross, Net, HCP Before, HCP After, Points: par 72 counts as 36 for nine holes, +9 → 7.
  await expect(row.locator('td')).toHaveText([
    `June 1, ${season}`,
    golfer.fullName,
    course.courseName,
    '45',
    '45',
    '-',
    '7',
    '-',
    /Edit.*Delete/,
  ]);
});

test('editing an early round recomputes the later ones, and deleting recomputes again', async ({ page }) => {
  const golfer = await golferNamed();
  const early = await newRound({ golferId: golfer.id, date: day('06-01'), grossScore: 40 });
  await newRound({ golferId: golfer.id, date: day('06-08'), grossScore: 40 });
  await signIn(page, '/rounds');
  const later = page.locator('tr', { hasText: `June 8, ${season}` }).filter({ hasText: golfer.fullName });
  // Before: [4] → 3; the later round is scored 40 − 3 = 37 and leaves [4, 4] → 3.
  await expect(later.locator('td').nth(4)).toHaveText('37');

  await page.getByRole('link', { name: `Edit round of ${golfer.fullName} on June 1, ${season}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  await expect(dialog.getByText('Update round information.')).toBeVisible();
  await hydrated(page);
  await expect(dialog.getByLabel('Gross Score')).toHaveValue('40');
  await dialog.getByLabel('Gross Score').fill('56');
  await dialog.getByRole('button', { name: 'Update Round' }).click();
  await expectToast(page, 'Success', 'Round updated successfully');
  // Now [20] → 16 before the later round: net 24, after [20, 4] → 9.6 → 10.
  await expect(later.locator('td')).toHaveText([
    `June 8, ${season}`,
    golfer.fullName,
    'Unknown Course',
    '40',
    '24',
    '16',
    '10',
    '-',
    /Edit/,
  ]);

  await page.getByRole('link', { name: `Delete round of ${golfer.fullName} on June 1, ${season}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Round' }).click();
  await expectToast(page, 'Success', 'Round deleted successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('tr', { hasText: golfer.fullName })).toHaveCount(1);
  await expect(later.locator('td').nth(4)).toHaveText('40');
  expect(await db.round.count({ where: { id: early.id } })).toBe(0);
});

test('a date outside the chosen season is refused with a clear message and nothing is saved', async ({ page }) => {
  const golfer = await golferNamed();
  await signIn(page, `/rounds?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await hydrated(page);
  await dialog.getByLabel('Golfer').selectOption({ label: golfer.fullName });
  await dialog.getByLabel('Date').fill(`${season - 1}-06-02`);
  await dialog.getByLabel('Gross Score').fill('40');
  await dialog.getByRole('button', { name: 'Record Round' }).click();
  await expect(dialog.getByText(`The date must fall in the ${season} season`)).toBeVisible();
  expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
});

test('the season selector offers this season and the two before, and shows the empty state', async ({ page }) => {
  await signIn(page, '/rounds');
  const picker = page.getByLabel('Season', { exact: true });
  await expect(picker.locator('option')).toHaveText([
    `Season ${season}`,
    `Season ${season - 1}`,
    `Season ${season - 2}`,
  ]);
  await page.goto(`/rounds?season=${season - 20}`);
  await expect(page.getByText('No rounds found for this season. Record a round to get started.')).toBeVisible();
});
