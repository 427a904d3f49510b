import type { Page } from '@playwright/test';
import { expect, hydrated, signIn, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { cardTonight, storedScores, saveHole } from './scorecard-data';

// The golfers' phone app (docs/product/my-league.md#the-phone-app, docs/decisions/160-golfers-phone-app.md): an icon
// on the home screen, and /me and tonight's card with no signal, on a 375 px phone.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const OFFLINE_NOTICE = 'Offline: showing what this phone last saw';

/** Opens /me online and waits until the worker controls the page and holds /me and tonight's card. */
async function visitMyLeagueOnline(page: Page) {
  await page.goto('/me');
  await visitedOnline(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until a golfers' page loaded with a signal is hydrated and its release's worker has it. */
async function visitedOnline(page: Page) {
  await hydrated(page);
  const release = await page.evaluate(
    () => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version,
  );
  await page.locator(`html[data-offline-ready="${release}"]`).waitFor({ state: 'attached' });
}

/** Every address the golfers' worker keeps, read from the page's own caches. */
function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
    return kept;
  });
}

test("after one visit to My league online, tonight's card opens and reloads with no signal, and its three holes are stored once when the signal returns", async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, bob, card, url } = await cardTonight('PhoneApp');
  await signInGolfer(context, baseURL!, ann.id);
  await visitMyLeagueOnline(page);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);

  await context.setOffline(true);
  // From the home page, as a golfer at the course does, then a reload (the tab a phone reloads at the fourth hole).
  await page.getByRole('link', { name: 'Keep score' }).click();
  await page.waitForURL(`**${url}`);
  await hydrated(page);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();

  for (const [hole, a, b] of [
    [1, '4', '5'],
    [2, '3', '6'],
    [3, '5', '4'],
  ] as const) {
    await saveHole(page, { ann, bob }, hole, a, b);
  }
  await expect(page.getByText('6 entries: Saved on this phone, not sent yet')).toBeVisible();
  expect((await storedScores(card.id)).count).toBe(0);

  await context.setOffline(false);
  await expect(page.getByText('Saved on this phone, not sent yet')).toHaveCount(0);
  await expect.poll(async () => (await storedScores(card.id)).count).toBe(6);
  expect((await storedScores(card.id)).byKey).toEqual({
    [`${ann.id}-1`]: 4,
    [`${bob.id}-1`]: 5,
    [`${ann.id}-2`]: 3,
    [`${bob.id}-2`]: 6,
    [`${ann.id}-3`]: 5,
    [`${bob.id}-3`]: 4,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the card reloaded with no signal still shows the holes this phone sent after its copy was kept', async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, bob, card } = await cardTonight('PhoneAppSent');
  await signInGolfer(context, baseURL!, ann.id);
  await visitMyLeagueOnline(page);
  await page.getByRole('link', { name: 'Keep score' }).click();
  await page.waitForURL('**/me/scorecard/**');
  await visitedOnline(page);
  // Hole 1 with a signal: on the server, not in the copy the phone kept when the card loaded.
  await page.getByLabel(`${ann.fullName} (you)`).fill('4');
  await page.getByLabel(bob.fullName).fill('5');
  await page.getByRole('button', { name: 'Save hole 1' }).click();
  await expect.poll(async () => (await storedScores(card.id)).count).toBe(2);
  await expect(page.getByText('Saved on this phone, not sent yet')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect(page.locator(`tr[data-golfer="${ann.id}"]`)).toContainText('Thru 1');
  await expect(page.locator(`tr[data-golfer="${bob.id}"]`)).toContainText('Thru 1');
  await expect(page.getByRole('heading', { name: 'Hole 2 · Par 4 · Stroke index 2' })).toBeVisible();
});

test('with no signal, a card of another night says it cannot be shown offline rather than showing another night', async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, date } = await cardTonight('PhoneAppOther');
  await signInGolfer(context, baseURL!, ann.id);
  await visitMyLeagueOnline(page);
  const lastWeek = new Date(Date.parse(`${date}T12:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  await context.setOffline(true);
  await page.goto(`/me/scorecard/${lastWeek}`);
  await expect(page.getByText(/cannot be shown offline: this phone keeps only tonight's card/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Hole / })).toHaveCount(0);
});

test("an administrator's page is never kept by the golfers' worker: with no signal it does not open", async ({
  page,
  context,
  baseURL,
}) => {
  const { ann } = await cardTonight('PhoneAppAdmin');
  await signInGolfer(context, baseURL!, ann.id);
  await visitMyLeagueOnline(page);
  // The same phone signed in as an administrator too, online first.
  await signIn(page, '/rounds');
  await expect(page.getByRole('heading', { name: 'Rounds', exact: true })).toBeVisible();
  await page.goto('/me');
  const kept = await keptAddresses(page);
  expect(kept).toContain('/me');
  expect(
    kept.filter((path) => !/^\/(me(\/.*)?|assets\/.*|favicon\.svg|icons\/.*|manifest\.webmanifest)$/.test(path)),
  ).toEqual([]);

  await context.setOffline(true);
  await expect(page.goto('/rounds')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});

for (const button of ['Sign out', 'Sign out everywhere']) {
  test(`after '${button}' the card no longer opens with no signal`, async ({ page, context, baseURL }) => {
    const { ann, url } = await cardTonight('PhoneAppOut');
    await signInGolfer(context, baseURL!, ann.id);
    await visitMyLeagueOnline(page);
    expect(await keptAddresses(page)).toContain(url);

    await page.getByRole('button', { name: button, exact: true }).click();
    await page.waitForURL('**/me/sign-in');
    expect(await keptAddresses(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto(url);
    await expect(page.getByText(/cannot be shown offline/)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Hole / })).toHaveCount(0);
  });
}

test("the manifest gives 'Add to Home Screen' the league's name, its icons and My league; only golfers' pages link it", async ({
  page,
  context,
  baseURL,
}) => {
  // The manifest's fields and its icons' sizes: tests/integration/server-feeds-and-api.test.ts.
  const { ann } = await cardTonight('PhoneAppManifest');
  await signInGolfer(context, baseURL!, ann.id);
  await page.goto('/me');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // A public page is as it was: no manifest and no worker.
  await page.goto('/join');
  await hydrated(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/join'))).toBeUndefined();
});

test("Background Sync sends the card's queue with the card closed, each hole once", async ({
  page,
  context,
  baseURL,
}) => {
  const { ann, bob, card, url } = await cardTonight('PhoneAppSync');
  await signInGolfer(context, baseURL!, ann.id);
  await visitMyLeagueOnline(page);
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => new URL(r.scopeURL).pathname === '/me' && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;

  await context.setOffline(true);
  await page.goto(url);
  await hydrated(page);
  await page.getByLabel(`${ann.fullName} (you)`).fill('4');
  await page.getByLabel(bob.fullName).fill('6');
  await page.getByRole('button', { name: 'Save hole 1' }).click();
  await expect(page.getByText('2 entries: Saved on this phone, not sent yet')).toBeVisible();
  // The card closed (the page can no longer send anything); the signal returns and the browser wakes the worker.
  await page.goto('about:blank');
  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL!).origin,
    registrationId,
    tag: 'scorecard-queue',
    lastChance: false,
  });
  await expect
    .poll(async () => (await storedScores(card.id)).byKey)
    .toEqual({
      [`${ann.id}-1`]: 4,
      [`${bob.id}-1`]: 6,
    });
  // The queue is empty: the card opened again has nothing waiting, and sends nothing twice.
  await page.goto(url);
  await hydrated(page);
  await expect(page.locator(`tr[data-golfer="${bob.id}"]`)).toContainText('Thru 1');
  await expect(page.getByText('Saved on this phone, not sent yet')).toHaveCount(0);
  expect((await storedScores(card.id)).count).toBe(2);
});
