import type { BrowserContext } from '@playwright/test';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import { golferCookieValue } from '../golfer-cookie';

// The cookie is signed as the e2e server signs it; the app's session module refuses to load in production without a
// secret, and the test process runs with NODE_ENV=production too.
process.env.SESSION_SECRET ??= E2E_SESSION_SECRET;

/** Signs `golferId` in to 'My league' in this browser context (a real session row; no email). */
export async function signInGolfer(context: BrowserContext, baseURL: string, golferId: number): Promise<void> {
  const { name, value } = await golferCookieValue(golferId, E2E_SESSION_SECRET);
  await context.addCookies([{ name, value, url: baseURL }]);
}
