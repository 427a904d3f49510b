import { expect, expectToast, signIn, test } from './fixtures';
import { db, newAssignment, newGolfer, newMembership } from './league-data';
import { currentSeason } from '../../app/domain/season';

const season = currentSeason();

test("without JavaScript a golfer moves with the flight card's Move form", async ({ page }) => {
  const golfer = await newGolfer('Plain', 'Form');
  const assignment = await newAssignment(golfer.id, season, '1');
  await signIn(page, '/flights');
  const card = page.getByTestId('flight-card-1');
  // One form per flight (decision 064): the golfer, the new flight (the other three), Move.
  await expect(card.getByRole('button', { name: 'Move' })).toHaveCount(1);
  await card.getByLabel('Golfer to move from Flight 1').selectOption({ label: golfer.fullName });
  const to = card.getByLabel('New flight for the golfer from Flight 1');
  await expect(to.locator('option')).toHaveText(['Flight 2', 'Flight 3', 'Flight 4']);
  await to.selectOption('4');
  await card.getByRole('button', { name: 'Move' }).click();
  await expectToast(page, 'Success', `${golfer.fullName} assigned to Flight 4`);
  await expect(page.getByTestId('flight-card-4').locator('li', { hasText: golfer.fullName })).toBeVisible();
  expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('4');
});

test('assigning a golfer someone else has just assigned says so at the top of the page', async ({ page }) => {
  const golfer = await newGolfer('Stale', 'Page');
  await newMembership(golfer.id, season);
  await signIn(page, '/flights');
  const unassigned = page.getByRole('region', { name: 'Unassigned Members' });
  await unassigned.getByRole('combobox', { name: `Assign ${golfer.fullName} to a flight` }).selectOption('2');
  // Another administrator assigns the golfer while this page is open.
  await newAssignment(golfer.id, season, '3');
  await unassigned.getByRole('button', { name: `Assign ${golfer.fullName}` }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to assign flight' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(golfer.fullName);
  expect((await db.flightAssignment.findFirstOrThrow({ where: { golferId: golfer.id, season } })).flightNo).toBe('3');
});
