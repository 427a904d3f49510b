import { afterFirstCell, afterFirstHeader, arrivingInTwoParts } from './arriving-slowly';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { layoutShift, sidewaysOverflow, test, widerThanScreen } from './stats-data';
import { flightPages, golferSeason, joinToGolfer, notFoundPages } from './stats-steps';

// The stats website with JavaScript (docs/product/stats.md#public-stats-pages): links navigate in the browser, and
// nothing moves once a page has loaded.

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  // Each page is loaded three times (whole, and in two parts cut in two places), each load judged after 300 ms.
  test.describe.configure({ timeout: 60_000 });

  // The same pages through proxies that send their HTML in two parts: cut after a table's first cell, a table drawn
  // before the rest of its rows (or of its first row) arrive keeps still when they do; cut after its first header, the
  // headers drawn keep still when the others come and wrap (the browser paints a long page in parts even when it
  // arrived whole, which moved the headers now and then: docs/decisions/063-no-layout-shift.md).
  let slow: Awaited<ReturnType<typeof arrivingInTwoParts>>[] = [];
  test.beforeEach(async ({ baseURL }) => {
    slow = await Promise.all([afterFirstCell, afterFirstHeader].map((cut) => arrivingInTwoParts(baseURL!, cut)));
  });
  test.afterEach(async () => {
    await Promise.all(slow.map((proxy) => proxy.close()));
  });

  /** Loads `path` afresh (a click's own shifts do not count), in one piece and in two parts: nothing moves once drawn. */
  async function keepsStill(page: Page, path: string) {
    await page.goto(path);
    expect(await page.evaluate(layoutShift), path).toBe(0);
    for (const [i, proxy] of slow.entries()) {
      await page.goto(proxy.url + path);
      expect(await page.evaluate(layoutShift), `${path} arriving in two parts (cut ${i + 1})`).toBe(0);
    }
  }

  test('an anonymous visitor goes from /join to the standings, a league night and a golfer, without sideways scrolling or layout shift', async ({
    page,
    league,
  }) => {
    await joinToGolfer(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
    });
    const { year, nights, golfers } = league;
    for (const path of [`/stats?season=${year}`, `/stats/results/${nights[0]}`, `/stats/golfers/${golfers[0].id}`])
      await keepsStill(page, path);
  });

  test('a flight longer than a page shows 50 golfers at a time, with Next and Previous, without sideways scrolling or layout shift', async ({
    page,
    league,
  }) => {
    await flightPages(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
      const path = new URL(page.url()).pathname + new URL(page.url()).search;
      await keepsStill(page, path);
      // Back on the app's own address, where the walk through the pages goes on.
      await page.goto(path);
    });
  });
});

test("the golfer's season, the chart and a special event", async ({ page, league }) => {
  await golferSeason(page, league);
});

test('bad addresses show the 404 page', async ({ page, league }) => {
  await notFoundPages(page, league);
});
