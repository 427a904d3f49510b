import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_DB_FILE, E2E_SESSION_SECRET } from '../../playwright.config';
import { expect, hydrated, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { freePort, startOwnServer, type OwnServer } from './own-server';
import { releaseCopy, removeRelease, type Release } from './release-copy';
import { cardTonight } from './scorecard-data';

// A new release of the golfers' phone app takes over at the next visit, and no page is left on the old JavaScript
// (docs/decisions/160-golfers-phone-app.md): two releases of the app, served one after the other on the same address
// with the same database, as a league's server is upgraded. The releases are copies of the test build with versions of
// their own (tests/e2e/release-copy.ts), not two more builds.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

function serve(release: Release, port: number): Promise<OwnServer> {
  return startOwnServer(
    release.name,
    {
      REMIX_BUILD_DIR: release.buildDir,
      SESSION_SECRET: E2E_SESSION_SECRET,
      INSECURE_COOKIES: '1',
    },
    { port, dbFile: E2E_DB_FILE },
  );
}

const versionOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version);

/**
 * How soon a new release's worker must take over. It takes seconds; the bound is far below the five minutes Chromium
 * waits for a worker that still has work (with DevTools attached, as under Playwright, an old worker given work while
 * the new one installs held it back that long: decision 160).
 */
const TAKES_OVER_WITHIN = 60_000;

/**
 * Waits until this page's release's worker controls it and keeps /me and tonight's card (within `timeout` ms, when
 * given); answers the release.
 */
async function readyOffline(page: Page, timeout = 0): Promise<string> {
  await hydrated(page);
  const version = await versionOf(page);
  await page.waitForFunction((v) => navigator.serviceWorker.controller?.scriptURL.endsWith(`?v=${v}`), version, {
    timeout,
  });
  await page.locator(`html[data-offline-ready="${version}"]`).waitFor({ state: 'attached', timeout });
  return version;
}

test("a new release's worker takes over at the next visit to My league, with the new release's JavaScript online and offline", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const [first, second] = ['a', 'b'].map((name) =>
    releaseCopy(`build-phone-${name}-${port}`, crypto.randomBytes(4).toString('hex')),
  );
  let server: OwnServer | null = null;
  try {
    const { ann, bob, url } = await cardTonight('PhoneRelease');
    server = await serve(first, port);
    const context = await browser.newContext({ baseURL: server.base });
    await signInGolfer(context, server.base, ann.id);
    const page = await context.newPage();
    await page.goto('/me');
    const firstVersion = await readyOffline(page);

    // The upgrade: the first release is gone from the server, its files too.
    server.stop();
    await server.exited;
    removeRelease(first);
    server = await serve(second, port);

    // The next visit is the new release's page, and its worker takes over from the last one.
    await page.goto('/me');
    const secondVersion = await readyOffline(page, TAKES_OVER_WITHIN);
    expect(secondVersion).not.toBe(firstVersion);
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    // Every script and style it loaded is one of the new release's files (the last release's are gone).
    const assets = scripts.filter((script) => script.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(fs.existsSync(path.join(second.buildDir, 'client', asset)), asset).toBe(true);
    // The last release's copies are gone with it.
    expect(await page.evaluate(() => caches.keys())).toEqual(
      expect.not.arrayContaining([expect.stringContaining(firstVersion)]),
    );

    // With no signal, tonight's card is the new release's, and it works: a hole goes into the phone's queue.
    await context.setOffline(true);
    await page.goto(url);
    await hydrated(page);
    expect(await versionOf(page)).toBe(secondVersion);
    await expect(page.getByText('Offline: showing what this phone last saw')).toBeVisible();
    await page.getByLabel(`${ann.fullName} (you)`).fill('4');
    await page.getByLabel(bob.fullName).fill('5');
    await page.getByRole('button', { name: 'Save hole 1' }).click();
    await expect(page.getByText('2 entries: Saved on this phone, not sent yet')).toBeVisible();
    await context.close();
  } finally {
    server?.stop();
    for (const release of [first, second]) removeRelease(release);
  }
});
