import type { BrowserContext } from '@playwright/test';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import { golferCookieValue } from '../golfer-cookie';

/** Signs `golferId` in to 'My league' in this browser context (a real session row; no email). */
export async function signInGolfer(context: BrowserContext, baseURL: string, golferId: number): Promise<void> {
  const { name, value } = await golferCookieValue(golferId, E2E_SESSION_SECRET);
  await context.addCookies([{ name, value, url: baseURL }]);
}
