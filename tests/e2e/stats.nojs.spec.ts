import { expect, test } from './fixtures';
import { sidewaysOverflow, statsLeague, widerThanScreen, type StatsLeague } from './stats-data';
import { flightPages, golferSeason, joinToGolfer, noContactDetails, notFoundPages } from './stats-steps';

// The stats website without JavaScript (docs/product/stats.md#public-stats-pages): every page is read from the server as
// plain HTML: links, tables and the chart.

let league: StatsLeague;
test.beforeEach(async () => {
  league = await statsLeague();
});
test.afterEach(async () => {
  await league.cleanUp();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an anonymous visitor goes from /join to the standings, a league night and a golfer, without sideways scrolling', async ({
    page,
  }) => {
    await joinToGolfer(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
    });
  });

  test('a flight longer than a page shows 50 golfers at a time, with Next and Previous links, without sideways scrolling', async ({
    page,
  }) => {
    await flightPages(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
    });
  });
});

test("the golfer's season, the chart and a special event", async ({ page }) => {
  await golferSeason(page, league);
});

test('bad addresses show the 404 page', async ({ page }) => {
  await notFoundPages(page, league);
});

test('no page shows an email or a phone number', async ({ page }) => {
  await noContactDetails(page, league);
});
