import { currentSeason } from '../../app/domain/season';
import { chooseGolfer, expect, expectToast, hydrated, signIn, test } from './fixtures';
import { newAssignment, newGolfer, newRound } from './league-data';

// The live leaderboard (docs/decisions/124-live-results-and-skins.md): a round recorded by an administrator in one browser appears in another
// browser's /stats/results/{date} without a reload, through the event stream.

test("a round recorded in one browser appears in another browser's leaderboard without a reload", async ({
  browser,
}) => {
  const season = currentSeason();
  // A night of this test's own: a date in the season no other spec uses.
  const date = `${season}-10-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`;
  const leader = await newGolfer('Lea', 'Live');
  const chaser = await newGolfer('Cas', 'Live');
  for (const golfer of [leader, chaser]) await newAssignment(golfer.id, season, '1');
  await newRound({ golferId: leader.id, date, season, grossScore: 45 });

  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(`/stats/results/${date}`);
  await hydrated(viewer);
  const table = viewer.getByRole('table', { name: 'Flight 1 results' });
  await expect(table.getByRole('row', { name: new RegExp(leader.fullName) })).toBeVisible();
  await expect(viewer.getByText('Live', { exact: true })).toBeVisible();
  // A mark on this very document: gone if the page were loaded again.
  await viewer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/rounds');
  await admin.getByRole('link', { name: 'Record Round' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Record New Round' });
  await hydrated(admin);
  await chooseGolfer(admin, dialog, chaser);
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Gross Score').fill('38');
  await dialog.getByRole('button', { name: 'Record Round' }).click();
  await expectToast(admin, 'Success', 'Round recorded successfully');

  // The chaser's 38 beats the leader's 45: the chaser's row appears above the leader's.
  const chaserRow = table.getByRole('row', { name: new RegExp(chaser.fullName) });
  await expect(chaserRow.locator('td').nth(2)).toHaveText('38');
  const names = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(names.indexOf(chaser.fullName)).toBeLessThan(names.indexOf(leader.fullName));
  expect(await viewer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await viewer.context().close();
  await admin.context().close();
});
