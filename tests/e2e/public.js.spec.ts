import { expect, test, unique } from './fixtures';
import { signInGolfer } from './golfer-session';
import { formatDollars } from '../../app/domain/format';
import { teeTimeWindowLabel } from '../../app/domain/league-rules';
import { createGolfer } from '../../app/models/golfers.server';
import { getLeagueSeason } from '../../app/models/seasons.server';
import { getSettings } from '../../app/models/settings.server';

test('/ sends anonymous visitors to the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
});

test('the landing page has the benefits, Q&A and links', async ({ page }) => {
  await page.goto('/join');
  for (const text of [
    'guaranteed tee time',
    'stats website',
    'flight assignment',
    'any tee box',
    'Grand Championship',
    'final outing',
  ]) {
    await expect(page.getByText(new RegExp(text, 'i')).first()).toBeVisible();
  }
  await expect(page.locator('main a[href="/rules"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/schedule"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/public/tee-times"]:visible').first()).toBeVisible();
});

test('the rules page has all eight sections', async ({ page }) => {
  await page.goto('/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'League Rules' })).toBeVisible();
  for (const section of [
    'Be respectful',
    'Obey the rules of golf',
    'Tee boxes',
    'Scoring',
    'Playoffs and Grand Championship',
    'Handicaps',
    'Avoid Slow Play',
    'Final Outing Refund Policy',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByText(/3 feet/).first()).toBeVisible();
  await expect(page.getByText(/July 15/).first()).toBeVisible();
});

test('the schedule lists the 2025 season with special events highlighted', async ({ page }) => {
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: 'League Schedule' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Week #' })).toBeVisible();
  await expect(page.getByText(/Grand Championship/).first()).toBeVisible();
  await expect(page.locator('[data-special-event="true"]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Event Information' })).toBeVisible();
});

test("the public pages state the league season's fee and the tee-time window of Settings", async ({ page }) => {
  // Read from the database, not repeated here: tests/integration/public-season.test.ts changes both and sees every
  // page follow.
  const [season, settings] = await Promise.all([getLeagueSeason(), getSettings()]);
  const fee = formatDollars(season.feeCents);
  const window = teeTimeWindowLabel(settings.teeFirst, settings.teeLast);

  await page.goto('/join');
  await expect(
    page.getByText(`The season fee for the ${season.year} season is ${fee}, paid once at registration.`),
  ).toBeVisible();
  await page.getByText('When are the tee times?').click();
  await expect(page.getByText(`Tee times run from ${window} on Mondays.`)).toBeVisible();

  await page.goto('/rules');
  await expect(page.getByText(`The season fee of ${fee} covers league play through the final outing.`)).toBeVisible();
  await expect(page.getByText(`Tee times run from ${window} on Mondays.`)).toBeVisible();

  await page.goto('/terms');
  await expect(page.getByText(`League membership costs ${fee} per season`)).toBeVisible();

  await page.goto('/schedule');
  await expect(page.getByText(`${season.year} Season · League nights are Mondays, ${window}.`)).toBeVisible();
});

test('the terms page links back to registration', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('link', { name: 'Return to Registration' })).toHaveAttribute('href', '/register');
});

test('an unknown path shows the 404 page with a 404 status', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test("a signed-in golfer's header has 'My league' without 'Login'", async ({ page, context, baseURL }) => {
  // docs/product/my-league.md#the-header: the administrators' 'Login' is not shown to a golfer signed in to My league.
  // That their page is never from nor into the public page cache, so an anonymous visitor still gets 'Login', is
  // checked over HTTP alone in tests/integration/server-page-cache.test.ts.
  const golfer = await createGolfer({ firstName: 'Header', lastName: unique('Golfer') }, null);
  await signInGolfer(context, baseURL!, golfer.id);
  const answer = await page.goto(`/rules?cache=${unique('c')}`);
  expect(answer?.headers()['x-page-cache']).toBeUndefined();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'My league' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
});
