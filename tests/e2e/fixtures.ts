import fs from 'node:fs';
import { expect, type Locator, type Page, test as base } from '@playwright/test';
import { ADMIN, E2E_DB_FILE, E2E_SESSION_SECRET } from '../../playwright.config';
import { cookieOfSetCookie } from '../golfer-cookie';

// Fixtures that write data go through the app's own model layer, against the same database file the server uses.
process.env.DATABASE_URL = `file:${E2E_DB_FILE}`;
process.env.BCRYPT_COST = '4';

export { ADMIN };

/**
 * /register sells only a season whose registration window contains today
 * (docs/product/seasons.md#registration-follows-the-season), and the e2e database starts with the 2025 season only.
 * Every worker makes sure the current season exists with its registration open all year (its schedule copied from
 * 2025, the $150 fee the registration tests pay), so the tests work on any day. Closed and opens-later registration
 * are tested against the second e2e server (tests/e2e/registration-window.spec.ts), whose database only its pages
 * change, since this one is shared by parallel workers.
 */
async function openCurrentSeason(): Promise<void> {
  const [{ currentSeason }, seasons] = await Promise.all([
    import('../../app/domain/season'),
    import('../../app/models/seasons.server'),
  ]);
  const year = currentSeason();
  const window = { registrationOpens: `${year}-01-01`, registrationCloses: `${year}-12-31` };
  for (let attempt = 1; ; attempt++) {
    const existing = await seasons.getSeason(year);
    if (
      existing?.registrationOpens === window.registrationOpens &&
      existing.registrationCloses === window.registrationCloses
    )
      return;
    try {
      if (existing) await seasons.updateSeason(year, { feeCents: existing.feeCents, ...window }, null);
      else await seasons.createSeason({ year, feeCents: 15000, copyFrom: 2025, ...window }, null);
      return;
    } catch (error) {
      // The other worker created it a moment ago: look again.
      if (attempt >= 3) throw error;
    }
  }
}

export const test = base.extend<object, { openSeason: void }>({
  openSeason: [
    // Playwright reads the fixtures a function uses from its first parameter, so it must be a destructuring.
    async ({}, use) => {
      await openCurrentSeason();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
export { expect };

/** Whether this test's project runs with JavaScript. */
export function jsOn(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** Waits until React has hydrated, so typing goes into JS-enhanced forms (a no-op with JS off). */
export async function hydrated(page: Page) {
  if (jsOn()) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Signs in as the e2e administrator through the login form (works with JS on and off). Only the tests of signing in
 * itself use it; every other test starts signed in with `signIn`.
 */
export async function signInThroughForm(page: Page, to = '/golfers') {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await hydrated(page);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === new URL(to, 'http://x').pathname);
  // With JavaScript the URL changes before React has drawn the new page (the navigation is a transition), so a test
  // that reads the page at once could still see the sign-in form: wait until it is gone.
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor({ state: 'detached' });
}

/**
 * The e2e administrator signed in as the form leaves them (auth.spec.ts tests the form): a real `sessions` row and the
 * cookie the server signs, made here instead of loading /auth and posting it, which cost every admin test a page load,
 * a hydration and a redirect. The app's modules are imported when called, after DATABASE_URL points at the e2e
 * database; the cookie is signed with the e2e server's secret.
 */
async function adminSessionCookie(): Promise<{ name: string; value: string }> {
  process.env.SESSION_SECRET ??= E2E_SESSION_SECRET;
  const [{ sessionStorage }, { createSession }, { db }] = await Promise.all([
    import('../../app/web/session.server'),
    import('../../app/models/sessions.server'),
    import('../../app/db/db.server'),
  ]);
  const admin = await db.user.findUniqueOrThrow({ where: { username: ADMIN.username }, select: { id: true } });
  const session = await sessionStorage.getSession();
  session.set('sessionId', await createSession(admin.id));
  return cookieOfSetCookie(await sessionStorage.commitSession(session));
}

/** Opens `to` signed in as the e2e administrator, with JavaScript ready when the project runs it. */
export async function signIn(page: Page, to = '/golfers') {
  const url = String(test.info().project.use.baseURL);
  await page.context().addCookies([{ ...(await adminSessionCookie()), url }]);
  await page.goto(to);
  await hydrated(page);
}

let n = 0;
export function unique(prefix = 'e2e'): string {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${n}${Math.random().toString(36).slice(2, 5)}`;
}

/** The flash toast with this title is showing (radix also copies it into a live region, hence first()). */
export async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true }).first()).toBeVisible();
}

/**
 * A past year no test claims or writes (claimed years are 2000–2012, copies use 2015–2024), for pages that must show
 * an empty season: a year counted back from today drifted into the claimed ones and met another test's rounds.
 */
export const UNTOUCHED_YEAR = 2013;

/**
 * Claims one of `years` for the calling test alone (any worker, any project) until `release()`. The database cannot
 * be the claim: a test that deletes its season mid-way would free the year for another test while it still checks
 * it. A claim is a directory named after this run's database, like `exclusive`'s lock.
 */
export async function claimYear(years: readonly number[]): Promise<{ year: number; release: () => void }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    for (const year of [...years].sort(() => Math.random() - 0.5)) {
      const claim = `${E2E_DB_FILE}.year-${year}`;
      try {
        fs.mkdirSync(claim);
      } catch {
        continue;
      }
      return { year, release: () => fs.rmSync(claim, { recursive: true, force: true }) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No free year among ${years.join(', ')}`);
}

/**
 * Runs `fn` while no other test of this run (any worker, any project) runs a block with the same name: for tests
 * that change league-wide state, such as the Settings form. The lock is a directory named after this run's
 * database, so a crashed run cannot block a later one.
 */
export async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${E2E_DB_FILE}.lock-${name}`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Chooses `golfer` in a dialog's Golfer field, which lists at most 100 golfers (docs/decisions/105-golfer-picker.md):
 * types the last name in 'Find golfer', then waits for the answer as the user types (JavaScript) or clicks 'Find',
 * which reloads the dialog (no JavaScript; fill the dialog's other fields after this), and selects the golfer.
 */
export async function chooseGolfer(
  page: Page,
  dialog: Locator,
  golfer: { id: number; lastName: string; fullName: string },
) {
  await dialog.getByLabel('Find golfer').fill(golfer.lastName);
  if (!jsOn()) {
    await dialog.getByRole('button', { name: 'Find', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('golfer') === golfer.lastName);
  }
  const select = dialog.getByLabel('Golfer', { exact: true });
  await expect(select.locator(`option[value="${golfer.id}"]`)).toHaveCount(1);
  await select.selectOption({ label: golfer.fullName });
}
