import { expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import { currentSeason } from '../../app/domain/season';
import { formatTeeTime } from '../../app/domain/tee-times';
import { createGolfer } from '../../app/models/golfers.server';
import { createUser } from '../../app/models/users.server';
import { db } from '../../app/db/db.server';
import { ownSlot } from './registration-helpers';

const season = currentSeason();

test('an administrator generates the season, assigns a golfer with the inline selector and removes them', async ({
  page,
}) => {
  const slot = await ownSlot();
  const golfer = await createGolfer({ firstName: 'Tina', lastName: unique('Teetime') }, null);
  await db.membership.create({ data: { golferId: golfer.id, season, registered: true, paid: true } });
  const time = formatTeeTime(slot.time);

  await signIn(page, '/tee-times');
  await expect(page.getByRole('heading', { name: 'Tee Times', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Standing Tee Times for ${season} Season` })).toBeVisible();

  await page.getByRole('button', { name: 'Generate Season Tee Times' }).click();
  await expectToast(page, 'Tee times generated', `Standing tee times have been generated for the ${season} season`);
  await expect(page.getByRole('row', { name: /^11:00 AM/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /^6:00 PM/ })).toBeVisible();

  // exact: a random 1:30 AM slot must not also match the league's 11:30 AM row.
  await page.getByRole('link', { name: `${time} Golfer 2: open. Choose a golfer`, exact: true }).click();
  await hydrated(page);
  const select = page.getByLabel(`Golfer 2 at ${time}`, { exact: true });
  await expect(select.locator('option').first()).toHaveText('None (Remove)');
  await select.selectOption({ label: golfer.fullName });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Golfer assigned', 'Golfer has been assigned to the tee time');
  const row = page.getByRole('row', { name: new RegExp(`^${time}`) });
  await expect(row).toContainText(golfer.fullName);
  expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer2Id).toBe(golfer.id);

  await page.getByRole('button', { name: `Remove ${golfer.fullName} from ${time}` }).click();
  await expectToast(page, 'Golfer removed', 'Golfer has been removed from the tee time');
  await expect(row).not.toContainText(golfer.fullName);
  expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer2Id).toBeNull();
});

test('cancel closes the inline selector without changing anything', async ({ page }) => {
  const slot = await ownSlot();
  const time = formatTeeTime(slot.time);
  await signIn(page, '/tee-times');
  // exact: a random 1:30 AM slot must not also match the league's 11:30 AM row (as in the test above).
  await page.getByRole('link', { name: `${time} Golfer 4: open. Choose a golfer`, exact: true }).click();
  await expect(page.getByLabel(`Golfer 4 at ${time}`, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByLabel(`Golfer 4 at ${time}`, { exact: true })).toBeHidden();
  expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer4Id).toBeNull();
});

test('a signed-in user who is not an administrator sees the table but cannot change it', async ({ page }) => {
  const slot = await ownSlot();
  const golfer = await createGolfer({ firstName: 'Vera', lastName: unique('Viewer') }, null);
  await db.teeTime.update({ where: { id: slot.id }, data: { golfer1Id: golfer.id } });
  const username = unique('viewer');
  await createUser(
    {
      username,
      password: 'viewer-password',
      email: `${username}@example.org`,
      firstName: 'View',
      lastName: 'Only',
      isAdmin: false,
    },
    null,
  );

  await page.goto('/auth?redirectTo=%2Ftee-times');
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('viewer-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/tee-times$/);

  const time = formatTeeTime(slot.time);
  await expect(page.getByRole('row', { name: new RegExp(`^${time}`) })).toContainText(golfer.fullName);
  await expect(page.getByRole('button', { name: 'Generate Season Tee Times' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Choose a golfer$/ })).toHaveCount(0);
  // The server refuses too, whatever the page shows: tests/integration/server-security.test.ts.
});
