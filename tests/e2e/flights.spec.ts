import { chooseGolfer, expect, expectToast, hydrated, jsOn, signIn, test, UNTOUCHED_YEAR } from './fixtures';
import { db, newAssignment, newGolfer, newMembership, newRound } from './league-data';
import { currentSeason } from '../../app/domain/season';

const season = currentSeason();

async function member(options: { flightNo?: '1' | '2' | '3' | '4' } = {}) {
  const golfer = await newGolfer('Flo', 'Flt');
  await newMembership(golfer.id, season);
  if (options.flightNo) await newAssignment(golfer.id, season, options.flightNo);
  return golfer;
}

test('an unassigned member is assigned from the Assign to Flight selector', async ({ page }) => {
  const golfer = await member();
  await signIn(page, '/flights');
  await expect(page.getByRole('heading', { name: 'Flights', level: 1 })).toBeVisible();
  const unassigned = page.getByRole('region', { name: 'Unassigned Members' });
  await expect(unassigned.locator('li', { hasText: golfer.fullName })).toBeVisible();
  await hydrated(page);
  await unassigned.getByRole('combobox', { name: `Assign ${golfer.fullName} to a flight` }).selectOption('2');
  if (!jsOn()) await unassigned.getByRole('button', { name: `Assign ${golfer.fullName}` }).click();
  await expectToast(page, 'Success', `${golfer.fullName} assigned to Flight 2`);
  await expect(page.getByTestId('flight-card-2').locator('li', { hasText: golfer.fullName })).toBeVisible();
  await expect(unassigned.locator('li', { hasText: golfer.fullName })).toHaveCount(0);
});

test('a flight entry shows the handicap and the season range, or the one dash of an absent value (decision 142)', async ({
  page,
}) => {
  const withRounds = await member({ flightNo: '4' });
  const without = await member({ flightNo: '4' });
  await newRound({ golferId: withRounds.id, date: `${season}-06-01`, grossScore: 46 }); // after 8
  await newRound({ golferId: withRounds.id, date: `${season}-06-08`, grossScore: 36 }); // after 4
  await signIn(page, '/flights');
  const card = page.getByTestId('flight-card-4');
  await expect(card.locator('li', { hasText: withRounds.fullName })).toContainText('HCP 4 · Range 4-8');
  await expect(card.locator('li', { hasText: without.fullName })).toContainText('HCP —');
  await expect(card.locator('li', { hasText: without.fullName })).not.toContainText('Range');
});

test('Assign Flight, Edit Flight Assignment and delete through the dialogs', async ({ page }) => {
  const golfer = await newGolfer('Dia', 'Log');
  await signIn(page, '/flights');
  await page.getByRole('link', { name: 'Assign Flight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Flight' });
  await expect(page).toHaveURL(/action=new/);
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByLabel('Flight', { exact: true }).selectOption({ label: 'Flight 3' });
  await dialog.getByRole('button', { name: 'Assign Flight' }).click();
  await expectToast(page, 'Success', 'Flight assignment created successfully');
  await expect(page.getByTestId('flight-card-3').locator('li', { hasText: golfer.fullName })).toBeVisible();

  await page.getByRole('link', { name: `Edit flight assignment of ${golfer.fullName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Flight Assignment' });
  await hydrated(page);
  await expect(edit.getByLabel('Flight', { exact: true })).toHaveValue('3');
  await edit.getByLabel('Flight', { exact: true }).selectOption({ label: 'Flight 1' });
  await edit.getByRole('button', { name: 'Update Assignment' }).click();
  await expectToast(page, 'Success', 'Flight assignment updated successfully');
  await expect(page.getByTestId('flight-card-1').locator('li', { hasText: golfer.fullName })).toBeVisible();

  await page.getByRole('link', { name: `Delete flight assignment of ${golfer.fullName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(
    confirm.getByText('Are you sure you want to delete this flight assignment? This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Assignment' }).click();
  await expectToast(page, 'Success', 'Flight assignment deleted successfully');
  await expect(page.locator('li', { hasText: golfer.fullName })).toHaveCount(0);
});

test('a second assignment of the same golfer and season is refused with a clear message', async ({ page }) => {
  const golfer = await member({ flightNo: '2' });
  await signIn(page, `/flights?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Assign Flight' });
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByLabel('Flight', { exact: true }).selectOption('4');
  await dialog.getByRole('button', { name: 'Assign Flight' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `${golfer.fullName} is already assigned to Flight 2 for the ${season} season`,
  );
  expect((await db.flightAssignment.findFirstOrThrow({ where: { golferId: golfer.id } })).flightNo).toBe('2');
});

test('an empty season shows the empty states', async ({ page }) => {
  await signIn(page, `/flights?season=${UNTOUCHED_YEAR}`);
  await expect(
    page.getByText('No flight assignments found for this season. Assign golfers to flights to get started.'),
  ).toBeVisible();
  for (const n of ['1', '2', '3', '4']) {
    await expect(page.getByText(`No golfers in Flight ${n}`)).toBeVisible();
    await expect(page.getByTestId(`flight-count-${n}`)).toHaveText('0');
  }
});
