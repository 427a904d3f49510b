import { afterFirstCell, arrivingInTwoParts } from './arriving-slowly';
import { expect, test } from './fixtures';
import { layoutShift, sidewaysOverflow, statsLeague, widerThanScreen, type StatsLeague } from './stats-data';
import { flightPages, golferSeason, joinToGolfer, notFoundPages } from './stats-steps';

// The stats website with JavaScript (docs/product/stats.md#public-stats-pages): links navigate in the browser, and
// nothing moves once a page has loaded.

let league: StatsLeague;
test.beforeEach(async () => {
  league = await statsLeague();
});
test.afterEach(async () => {
  await league.cleanUp();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an anonymous visitor goes from /join to the standings, a league night and a golfer, without sideways scrolling or layout shift', async ({
    page,
    baseURL,
  }) => {
    await joinToGolfer(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
    });
    // Each page loaded afresh (a click's own shifts do not count), in one piece and arriving in two parts: nothing
    // moves once it is drawn.
    const { year, nights, golfers } = league;
    const slow = await arrivingInTwoParts(baseURL!, afterFirstCell);
    try {
      for (const path of [`/stats?season=${year}`, `/stats/results/${nights[0]}`, `/stats/golfers/${golfers[0].id}`]) {
        await page.goto(path);
        expect(await page.evaluate(layoutShift), path).toBe(0);
        await page.goto(slow.url + path);
        expect(await page.evaluate(layoutShift), `${path} arriving in two parts`).toBe(0);
      }
    } finally {
      await slow.close();
    }
  });

  test('a flight longer than a page shows 50 golfers at a time, with Next and Previous, without sideways scrolling or layout shift', async ({
    page,
    baseURL,
  }) => {
    // A table drawn before the rest of its rows (or of its first row) arrive keeps still when they do.
    const slow = await arrivingInTwoParts(baseURL!, afterFirstCell);
    try {
      await flightPages(page, league, async () => {
        expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
        // Loaded afresh, a flight's page does not move either, even when it arrives in two parts.
        const path = new URL(page.url()).pathname + new URL(page.url()).search;
        await page.goto(path);
        expect(await page.evaluate(layoutShift), path).toBe(0);
        await page.goto(slow.url + path);
        expect(await page.evaluate(layoutShift), `${path} arriving in two parts`).toBe(0);
        await page.goto(path);
      });
    } finally {
      await slow.close();
    }
  });
});

test("the golfer's season, the chart and a special event", async ({ page }) => {
  await golferSeason(page, league);
});

test('bad addresses show the 404 page', async ({ page }) => {
  await notFoundPages(page, league);
});
