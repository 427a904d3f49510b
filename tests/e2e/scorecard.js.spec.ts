import { expect, hydrated, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { cardTonight, storedScores, saveHole } from './scorecard-data';

// docs/product/scorecards.md on a phone: the signal drops mid-card; three holes are kept on the phone and sent once it returns.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('a card that goes offline mid-round keeps three holes on the phone and stores each once when back online', async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, bob, card, url } = await cardTonight('Offline');
  await signInGolfer(context, baseURL!, ann.id);
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Hole 1 · Par 4 · Stroke index 1' })).toBeVisible();

  // Hole 1 with a signal.
  await page.getByLabel(`${ann.fullName} (you)`).fill('4');
  await page.getByLabel(bob.fullName).fill('5');
  await page.getByRole('button', { name: 'Save hole 1' }).click();
  await expect.poll(async () => (await storedScores(card.id)).count).toBe(2);

  // No signal for holes 2 to 4: kept on the phone, marked, and not on the server.
  await context.setOffline(true);
  for (const [hole, a, b] of [
    [2, '3', '6'],
    [3, '5', '12'],
    [4, '4', '4'],
  ] as const) {
    await saveHole(page, { ann, bob }, hole, a, b);
  }
  await expect(page.getByText('6 entries: Saved on this phone, not sent yet')).toBeVisible();
  // The card already counts them: Bob's 12 on hole 3 is capped at double par.
  const bobRow = page.locator(`tr[data-golfer="${bob.id}"]`);
  await expect(bobRow).toContainText('Thru 4');
  await expect(bobRow.locator('td').nth(2)).toHaveText('8');
  expect((await storedScores(card.id)).count).toBe(2);

  // Back online: the queue goes out in order, each hole stored exactly once.
  await context.setOffline(false);
  await expect(page.getByText('Saved on this phone, not sent yet')).toHaveCount(0);
  await expect.poll(async () => (await storedScores(card.id)).count).toBe(8);
  const { byKey } = await storedScores(card.id);
  expect(byKey).toEqual({
    [`${ann.id}-1`]: 4,
    [`${bob.id}-1`]: 5,
    [`${ann.id}-2`]: 3,
    [`${bob.id}-2`]: 6,
    [`${ann.id}-3`]: 5,
    [`${bob.id}-3`]: 8,
    [`${ann.id}-4`]: 4,
    [`${bob.id}-4`]: 4,
  });
  await expect(page.locator(`tr[data-golfer="${ann.id}"]`)).toContainText('16');

  // A reload shows what the server holds, and the page never scrolls sideways on the phone.
  await page.reload();
  await hydrated(page);
  await expect(bobRow).toContainText('Thru 4');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the signal coming back while a send without it is still failing sends the queue at once', async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, bob, card, date, url } = await cardTonight('Resend');
  await signInGolfer(context, baseURL!, ann.id);
  await page.goto(url);
  await hydrated(page);
  // The first send hangs, as one made on a dying signal does, until the test lets it fail.
  let reached!: () => void;
  const sendReached = new Promise<void>((resolve) => (reached = resolve));
  let failSend!: () => void;
  const held = new Promise<void>((resolve) => (failSend = resolve));
  let first = true;
  await page.route(`**/api/me/scorecard/${date}`, async (route) => {
    if (route.request().method() !== 'POST' || !first) return route.fallback();
    first = false;
    reached();
    await held;
    await route.abort('internetdisconnected');
  });
  await page.getByLabel(`${ann.fullName} (you)`).fill('4');
  await page.getByLabel(bob.fullName).fill('5');
  await page.getByRole('button', { name: 'Save hole 1' }).click();
  await sendReached;
  await expect(page.getByText('2 entries: Saved on this phone, not sent yet')).toBeVisible();
  // The phone hears that the network is back while that send is still under way; then the send fails.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  failSend();
  // The queue goes out at once (the expectation gives up after 7 s), not at the retry every 15 s.
  await expect(page.getByText('Saved on this phone, not sent yet')).toHaveCount(0);
  expect((await storedScores(card.id)).byKey).toEqual({ [`${ann.id}-1`]: 4, [`${bob.id}-1`]: 5 });
});
