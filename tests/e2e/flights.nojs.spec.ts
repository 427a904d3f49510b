import { expect, expectToast, signIn, test } from './fixtures';
import { db, newAssignment, newGolfer } from './league-data';
import { currentSeason } from '../../app/domain/season';

const season = currentSeason();

test('without JavaScript a golfer moves with the flight select and the Move button', async ({ page }) => {
  const golfer = await newGolfer('Plain', 'Form');
  const assignment = await newAssignment(golfer.id, season, '1');
  await signIn(page, '/flights');
  const card = page.getByTestId('flight-card-1');
  await card.getByLabel(`Flight for ${golfer.fullName}`).selectOption('4');
  await card.getByRole('button', { name: `Move ${golfer.fullName}` }).click();
  await expectToast(page, 'Success', `${golfer.fullName} assigned to Flight 4`);
  await expect(page.getByTestId('flight-card-4').locator('li', { hasText: golfer.fullName })).toBeVisible();
  expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('4');
});
