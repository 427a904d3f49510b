import { expect, signIn, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';

test('standings list each flight with points, and are reached from the flights page', async ({ page }) => {
  const golfer = await createGolfer({ firstName: 'Top', lastName: unique('Standing') }, null);
  await db.flightAssignment.create({ data: { golferId: golfer.id, season: 2025, flightNo: '2' } });
  await db.round.create({
    data: { golferId: golfer.id, date: '2025-06-02', season: 2025, grossScore: 40, points: 23.5 },
  });
  await signIn(page, '/flights?season=2025');
  await page.getByRole('link', { name: 'Standings' }).first().click();
  await expect(page).toHaveURL(/\/standings\?season=2025/);
  await expect(page.getByRole('heading', { name: 'Standings', level: 1 })).toBeVisible();
  const flight = page.getByRole('region', { name: 'Flight 2' });
  await expect(
    flight
      .getByRole('row', { name: new RegExp(golfer.lastName) })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('23.5');
});
