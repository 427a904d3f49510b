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

// docs/decisions/187-cached-pages-sent-as-stored.md: a page from the public page cache is the page its route made,
// sent as stored; its Content-Security-Policy allows that page's own inline scripts by their hashes (no nonce). The
// browser runs them all and the page comes to life, with no script refused.
test('a public page answered from the page cache hydrates with no script refused by its CSP', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  // Recorded in the page itself too: a refused script fires securitypolicyviolation.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { violations: string[] }).violations ??= [];
      (window as unknown as { violations: string[] }).violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const url = `/rules?visit=${unique('cached')}`;
  // The first visit is made by the route and stored; a later one is the stored page. Other tests' writes on this
  // shared server empty the cache at any moment, so the page is asked for again until an answer is a hit.
  let hit = false;
  for (let visit = 0; visit < 20 && !hit; visit++) {
    const answer = await page.goto(url);
    expect(answer?.status()).toBe(200);
    hit = answer?.headers()['x-page-cache'] === 'hit';
    if (hit) {
      const policy = answer!.headers()['content-security-policy'];
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(policy).not.toContain("'nonce-");
    } else await page.waitForTimeout(100);
  }
  expect(hit, 'a visit answered from the page cache').toBe(true);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
  expect(refused).toEqual([]);
  // Alive: a link is followed by the app in the page, without loading a document.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.locator('footer').getByRole('link', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'League Schedule' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});
