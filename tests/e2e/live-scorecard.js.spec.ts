import { writeHoleScores } from '../../app/models/scorecard-writes.server';
import { expect, hydrated, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { newAssignment, newGolfer, newRound } from './league-data';
import { cardTonight } from './scorecard-data';

// The live leaderboard wired to the scorecards (issue 26's done-when): golfers on the course show 'Thru' on
// /stats/results/{date}, and a card submitted and attested by the golfers in their own browsers turns their rows into
// placed rounds in another browser's leaderboard without a reload.

test("a card attested in the golfers' browsers appears in another browser's leaderboard without a reload", async ({
  browser,
  baseURL,
}) => {
  const { date, ann, bob, card, url } = await cardTonight('LiveCard');
  const season = Number(date.slice(0, 4));
  // A third golfer's total makes tonight a league night whatever the schedule says.
  const cal = await newGolfer('Cal', 'LiveCard');
  for (const golfer of [ann, bob, cal]) await newAssignment(golfer.id, season, '1');
  await newRound({ golferId: cal.id, date, season, grossScore: 50 });
  const keeper = { name: ann.fullName, golferId: ann.id, actor: null };
  const holes = (golferId: number, strokes: number[]) =>
    strokes.map((s, i) => ({ clientId: `${golferId}-${i}-${Date.now()}`, golferId, hole: i + 1, strokes: s }));
  await writeHoleScores(date, card.teeTimeId, holes(ann.id, [4, 4, 4, 4, 4, 4, 4, 4]), keeper);
  await writeHoleScores(date, card.teeTimeId, holes(bob.id, [5, 5, 5, 5, 5, 5, 5, 5]), keeper);

  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(`/stats/results/${date}`);
  await hydrated(viewer);
  const table = viewer.getByRole('table', { name: 'Flight 1 results' });
  const annRow = table.getByRole('row', { name: new RegExp(ann.fullName) });
  // On the course: no place, gross so far, 'Thru 8' in the last column.
  await expect(annRow.locator('td').first()).toHaveText('—');
  await expect(annRow.locator('td').nth(2)).toHaveText('32');
  await expect(annRow.locator('td').last()).toHaveText('8');
  await viewer.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // The last hole, written on Ann's phone: the viewer sees Thru 9 without asking.
  await writeHoleScores(
    date,
    card.teeTimeId,
    [...holes(ann.id, [4]), ...holes(bob.id, [5])].map((w) => ({ ...w, hole: 9 })),
    keeper,
  );
  await expect(
    table
      .getByRole('row', { name: new RegExp(bob.fullName) })
      .locator('td')
      .nth(2),
  ).toHaveText('45');

  // Ann submits on her phone, Bob attests on his.
  const annContext = await browser.newContext();
  await signInGolfer(annContext, baseURL!, ann.id);
  const annPage = await annContext.newPage();
  await annPage.goto(url);
  await hydrated(annPage);
  await annPage.getByRole('button', { name: 'Submit card' }).click();
  await expect(annPage.getByText(/waits for another golfer to attest/)).toBeVisible();
  const bobContext = await browser.newContext();
  await signInGolfer(bobContext, baseURL!, bob.id);
  const bobPage = await bobContext.newPage();
  await bobPage.goto(url);
  await hydrated(bobPage);
  await bobPage.getByRole('button', { name: 'Attest' }).click();
  await expect(bobPage.getByText(/This card is closed: attested by/)).toBeVisible();

  // Ann's 36 is a round now: she has a place, above Bob's 45 and Cal's 50, on the page that was never reloaded.
  await expect(annRow.locator('td').first()).not.toHaveText('—');
  await expect(annRow.locator('td').nth(2)).toHaveText('36');
  const names = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(names.findIndex((n) => n.includes(ann.fullName))).toBeLessThan(
    names.findIndex((n) => n.includes(cal.fullName)),
  );
  expect(await viewer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  for (const page of [viewer, annPage, bobPage]) await page.context().close();
});
