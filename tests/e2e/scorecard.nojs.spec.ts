import { expect, expectToast, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { cardTonight, storedScores, saveHole } from './scorecard-data';

// docs/product/scorecards.md without JavaScript: each hole is a form post, on a phone's screen.
test.use({ viewport: { width: 375, height: 812 } });

test('the card without JavaScript saves a hole per post, capped at double par, with the running totals', async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, bob, card, date, url } = await cardTonight('NoJs');
  await signInGolfer(context, baseURL!, ann.id);
  // On the night, My league leads the golfer to the group's card.
  await page.goto('/me');
  await page.getByRole('link', { name: 'Keep score' }).click();
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  // Before the first hole the running totals are the site's one dash for an absent value (decision 142), not 0.
  const bobTotals = page.locator(`tr[data-golfer="${bob.id}"] td`);
  await expect(bobTotals.nth(-3)).toHaveText('—');
  await expect(bobTotals.nth(-2)).toHaveText('—');
  await expect(bobTotals.nth(-1)).toHaveText('Thru 0');
  for (const [hole, a, b] of [
    [1, '4', '5'],
    [2, '3', '12'],
    [3, '5', '4'],
  ] as const) {
    await saveHole(page, { ann, bob }, hole, a, b);
    await expect(page).toHaveURL(new RegExp(`\\?hole=${hole + 1}$`));
    if (hole === 2) await expectToast(page, 'Hole 2 saved', 'Capped at 8: double par');
  }
  const { count, byKey } = await storedScores(card.id);
  expect(count).toBe(6);
  expect(byKey[`${bob.id}-2`]).toBe(8);
  const bobRow = page.locator(`tr[data-golfer="${bob.id}"]`);
  await expect(bobRow).toContainText('Thru 3');
  await expect(bobRow).toContainText('17');
  // 'Thru 3' stays on one line, however narrow the phone makes the table.
  const thruLines = await bobRow
    .locator('td')
    .last()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  expect(thruLines).toBe(1);

  // Strokes out of range: the browser's own check keeps the form from going out; nothing is stored.
  await page.getByLabel(`${ann.fullName} (you)`).fill('25');
  await page.getByRole('button', { name: 'Save hole 4' }).click();
  await expect(page).toHaveURL(/\?hole=4$/);
  expect((await storedScores(card.id)).count).toBe(6);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The card leads to the night's results, where the group shows three holes played.
  await page.getByRole('link', { name: "The night's results" }).click();
  await expect(page).toHaveURL(new RegExp(`/stats/results/${date}$`));
  await expect(
    page
      .getByRole('row', { name: new RegExp(bob.fullName) })
      .getByRole('cell')
      .last(),
  ).toHaveText('3');
});
