import { expect } from './fixtures';
import { sidewaysOverflow, test, widerThanScreen } from './stats-data';
import { flightPages, golferSeason, joinToGolfer, noContactDetails, notFoundPages } from './stats-steps';

// The stats website without JavaScript (docs/product/stats.md#public-stats-pages): every page is read from the server as
// plain HTML: links, tables and the chart.

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an anonymous visitor goes from /join to the standings, a league night and a golfer, without sideways scrolling', async ({
    page,
    league,
  }) => {
    await joinToGolfer(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
    });
  });

  test('a flight longer than a page shows 50 golfers at a time, with Next and Previous links, without sideways scrolling', async ({
    page,
    league,
  }) => {
    await flightPages(page, league, async () => {
      expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
    });
  });
});

test("the golfer's season, the chart and a special event", async ({ page, league }) => {
  await golferSeason(page, league);
});

test('bad addresses show the 404 page', async ({ page, league }) => {
  await notFoundPages(page, league);
});

test('no page shows an email or a phone number', async ({ page, league }) => {
  await noContactDetails(page, league);
});
