import type { BrowserContext } from '@playwright/test';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import { golferCookieValue } from '../golfer-cookie';

/** Signs `golferId` in to 'My league' in this browser context (a real session row; no email). */
export async function signInGolfer(context: BrowserContext, baseURL: string, golferId: number): Promise<void> {
  // The cookie module the helper reads its name from makes its cookie on import, and the test process runs with
  // NODE_ENV=production (scripts/test.mjs), where a missing SESSION_SECRET is refused: give it the server's.
  process.env.SESSION_SECRET ??= E2E_SESSION_SECRET;
  const { name, value } = await golferCookieValue(golferId, E2E_SESSION_SECRET);
  await context.addCookies([{ name, value, url: baseURL }]);
}
