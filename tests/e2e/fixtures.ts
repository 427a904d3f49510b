import fs from 'node:fs';
import { expect, type Page, test as base } from '@playwright/test';
import { ADMIN, E2E_DB_FILE } from '../../playwright.config';

// Fixtures that write data go through the app's own model layer, against the same database file the server uses.
process.env.DATABASE_URL = `file:${E2E_DB_FILE}`;
process.env.BCRYPT_COST = '4';

export { ADMIN };

export const test = base;
export { expect };

/** Whether this test's project runs with JavaScript. */
export function jsOn(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** Waits until React has hydrated, so typing goes into JS-enhanced forms (a no-op with JS off). */
export async function hydrated(page: Page) {
  if (jsOn()) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Signs in as the e2e administrator through the login form (works with JS on and off). */
export async function signIn(page: Page, to = '/golfers') {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await hydrated(page);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === new URL(to, 'http://x').pathname);
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
