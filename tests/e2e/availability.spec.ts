import { expect, jsOn, signIn, test } from './fixtures';
import { formatRoundDate } from '../../app/domain/season';
import { signInGolfer } from './golfer-session';
import { golfer, seasonWithNights } from './subs-data';

// On a 375 px phone (docs/product/availability-and-subs.md), JavaScript on and off: a signed-in golfer marks a night
// Out on /me/nights, and an administrator sees it on the night view; neither page scrolls sideways.
test.use({ viewport: { width: 375, height: 812 } });

async function noSidewaysScroll(page: import('@playwright/test').Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('a golfer marks a night Out on a phone and an administrator sees it on the night view', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const year = jsOn() ? 2094 : 2095;
  const [first, second] = [`${year}-06-01`, `${year}-06-08`];
  await seasonWithNights(year, [first, second]);
  const me = await golfer({ season: year, time: '16:10', first: 'Olive' });
  await signInGolfer(context, baseURL!, me.id);

  await page.goto('/me/nights');
  await expect(page.getByRole('heading', { name: 'My league nights' })).toBeVisible();
  const label = formatRoundDate(first, 'EEEE, MMMM d');
  const night = page.locator(`[data-night="${first}"]`);
  await expect(night).toContainText('In');
  await noSidewaysScroll(page);
  await night.getByRole('button', { name: `Mark Out for ${label}` }).click();
  await expect(page.getByText(`You are Out on ${label}`).first()).toBeVisible();
  await expect(night.getByRole('button', { name: `Mark In for ${label}` })).toBeVisible();
  await expect(page.locator(`[data-night="${second}"]`).getByRole('button', { name: /^Mark Out/ })).toBeVisible();

  const admin = await browser.newPage({ viewport: { width: 375, height: 812 }, javaScriptEnabled: jsOn() });
  await signIn(admin, `/tee-times?date=${first}`);
  const group = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: '4:10 PM' }) });
  await expect(group).toContainText(`${me.fullName} Out`);
  await noSidewaysScroll(admin);
  await admin.goto(`/tee-times?date=${second}`);
  await expect(group).toContainText(`${me.fullName} In`);
  await admin.close();
});
