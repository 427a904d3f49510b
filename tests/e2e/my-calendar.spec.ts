import { expect, expectToast, hydrated, jsOn, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { golfer, seasonWithNights } from './subs-data';

// 'Add my nights to my calendar' on /me (docs/product/my-league.md#my-calendar), on a 375 px phone with JavaScript on
// and off: the private address is shown to copy with its webcal:// link, and 'New calendar link' replaces it. That
// the feed it names is the golfer's calendar, and that the old address answers 404 once replaced, is checked over
// HTTP alone in tests/integration/server-feeds-and-api.test.ts.
test.use({ viewport: { width: 375, height: 812 } });

test("a golfer's calendar address on My league, and 'New calendar link' ending the old one", async ({
  page,
  context,
  baseURL,
}) => {
  const year = jsOn() ? 2086 : 2087;
  await seasonWithNights(year, [`${year}-06-01`, `${year}-06-08`]);
  const me = await golfer({ season: year, time: '17:20', first: 'Cal' });
  await signInGolfer(context, baseURL!, me.id);

  await page.goto('/me');
  const section = page.getByRole('region', { name: 'Add my nights to my calendar' });
  await expect(section).toBeVisible();
  const address = section.getByLabel('My calendar address');
  const pattern = new RegExp(`^${baseURL!.replace(/[.:/]/g, '\\$&')}/calendar/[A-Za-z0-9_-]{43}\\.ics$`);
  await expect(address).toHaveValue(pattern);
  const old = await address.inputValue();
  await expect(section.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
    'href',
    old.replace(/^http:/, 'webcal:'),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await hydrated(page);
  await section.getByRole('button', { name: 'New calendar link' }).click();
  await expectToast(page, 'New calendar link', 'The old link no longer works: add the new one to your calendar app.');
  await expect(page).toHaveURL(/\/me$/);
  await expect(address).toHaveValue(pattern);
  await expect(address).not.toHaveValue(old);
});
