import type { Page } from '@playwright/test';
import { after, afterLinkOpens, arrivingInTwoParts } from './arriving-slowly';
import { claimYear, expect, expectToast, hydrated, jsOn, signIn, test } from './fixtures';
import { layoutShift, sidewaysOverflow, widerThanScreen } from './stats-data';
import { playoffsLeague, type PlayoffsLeague } from '../integration/playoffs-league';
import { db } from '../../app/db/db.server';
import { createRounds } from '../../app/models/rounds.server';

// /stats/playoffs (docs/product/playoffs.md#the-playoffs-page) with JavaScript on and off: the race to the playoffs of
// a season with one qualifier night left, reached from the header's Stats, on a 375 px phone.

/** The years the stats, seasons and rounds specs claim too: whoever claims one has it alone until released. */
const YEARS = Array.from({ length: 13 }, (_, i) => 2000 + i);

let league: PlayoffsLeague;
let claimed: { year: number; release: () => void } | undefined;
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(sidewaysOverflow), await page.evaluate(widerThanScreen)).toBeLessThanOrEqual(0);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async () => {
    claimed = await claimYear(YEARS);
    league = await playoffsLeague(claimed.year);
  });
  // After a failed beforeEach too: whatever was written of the season goes, and the year is free again.
  test.afterEach(async () => {
    if (!claimed) return;
    await db.golfer.deleteMany({ where: { lastName: `Race${claimed.year}` } });
    await db.playoffField.deleteMany({ where: { season: claimed.year } });
    await db.playoffReplacement.deleteMany({ where: { season: claimed.year } });
    await db.outboxMessage.deleteMany({ where: { key: { startsWith: `playoffs:${claimed.year}:` } } });
    await db.season.deleteMany({ where: { year: claimed.year } });
    claimed.release();
    claimed = undefined;
  });

  test('a visitor goes from the header’s Stats to the race to the playoffs and a golfer’s status, without sideways scrolling', async ({
    page,
  }) => {
    const { year } = league;
    const name = (first: string) => `${first} Race${year}`;
    await page.goto('/join');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Stats' }).click();
    await expect(page).toHaveURL(/\/stats$/);
    await page.getByRole('link', { name: 'The race to the playoffs →' }).click();
    await expect(page).toHaveURL(/\/stats\/playoffs\?season=\d{4}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Playoffs' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Seasons' })
      .getByRole('link', { name: String(year), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/stats/playoffs\\?season=${year}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'The race to the playoffs' })).toBeVisible();

    const flight = page.getByRole('region', { name: 'Flight 1' });
    for (const header of ['Seed', 'Golfer', 'Points', 'Status'])
      await expect(flight.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const rows = flight.getByRole('row');
    await expect(rows).toHaveCount(7);
    // Web-first: the page before the click (the default season) has a Flight 1 table too, and with JavaScript the URL
    // changes before React draws the new season (without it the page may still be arriving): a one-off read could see
    // the old or a half-drawn table.
    const cells = (i: number, texts: string[]) =>
      expect(rows.nth(i).getByRole('cell')).toHaveText(texts, { useInnerText: true });
    await cells(1, ['—', name('Dan'), '130', 'Needs 1 more qualifier week']);
    await cells(2, ['1', name('Amy'), '120', 'In the top 4']);
    await cells(3, ['2', name('Cat'), '75', 'In the top 4']);
    await cells(4, ['3', name('Bea'), '75', 'In the top 4']);
    await cells(5, ['—', name('Eli'), '30', 'Cannot qualify this season']);
    await cells(6, ['—', name('Gus'), '28', 'Needs 1 more regular round and 1 more qualifier week']);
    await expect(
      flight.getByText('Only 3 golfers of Flight 1 have qualified so far: the field is smaller.'),
    ).toBeVisible();
    // The tie rules, in order.
    const rules = page.getByRole('region', { name: 'Tie rules' });
    await expect(rules.getByRole('listitem')).toHaveText([
      'More points from the playoff-qualifier weeks.',
      'The lower handicap.',
      'The earlier registration.',
    ]);
    await expect(rules).toContainText('the net of the last 6 holes, then the last 3, then the last hole');
    await noSidewaysScroll(page);
    if (jsOn()) {
      // Loaded afresh (the click's own shifts do not count): nothing moves once drawn.
      await page.goto(`/stats/playoffs?season=${year}`);
      expect(await page.evaluate(layoutShift)).toBe(0);
    }

    await page
      .getByRole('region', { name: 'Flight 1' })
      .getByRole('link', { name: name('Gus') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/stats/golfers/${league.golfers.Gus.id}\\?season=${year}$`));
    await expect(page.getByTestId('playoff-status')).toHaveText(
      'Playoffs: Needs 1 more regular round and 1 more qualifier week. The race to the playoffs',
    );
    await noSidewaysScroll(page);
    await page.getByTestId('playoff-status').getByRole('link', { name: 'The race to the playoffs' }).click();
    await expect(page).toHaveURL(new RegExp(`/stats/playoffs\\?season=${year}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Playoffs' })).toBeVisible();
  });

  test('an administrator locks the field on /seasons/{year}; after the nights, the playoffs page opens on its champions', async ({
    page,
    baseURL,
  }) => {
    // With JavaScript the page is loaded four more times, arriving in two parts, at the end.
    if (jsOn()) test.slow();
    const { year, golfers, dates } = league;
    const name = (first: string) => `${first} Race${year}`;
    await signIn(page, `/seasons/${year}`);
    const section = page.getByRole('region', { name: 'Playoff field' });
    await expect(section).toContainText('Provisional');
    await section.getByRole('button', { name: 'Lock playoff field' }).click();
    await expectToast(page, 'Playoff field locked', '7 golfers seeded; 0 emails queued.');
    await expect(section).toContainText('Locked by admin');

    // Nobody else of Flight 2 has qualified: the page says so and changes nothing.
    await hydrated(page);
    await section.getByLabel(`Why ${name('Ian')} is replaced`).fill('Away that week');
    await section
      .getByRole('row', { name: new RegExp(name('Ian')) })
      .getByRole('button', { name: 'Replace' })
      .click();
    await expect(section.getByText('No other qualified golfer of Flight 2 can take seed 1')).toBeVisible();

    // The flight playoff (Amy's 38 is the lowest net of Flight 1), then the Grand Championship.
    const playoff = [
      [golfers.Amy.id, 38],
      [golfers.Cat.id, 44],
      [golfers.Bea.id, 45],
      [golfers.Ian.id, 41],
      [golfers.Hal.id, 46],
      [golfers.Kim.id, 40],
      [golfers.Jo.id, 52],
    ] as const;
    await createRounds(
      playoff.map(([golferId, grossScore]) => ({ golferId, date: dates[13], season: year, grossScore })),
      null,
    );
    await createRounds(
      [golfers.Amy.id, golfers.Ian.id, golfers.Kim.id].map((golferId, i) => ({
        golferId,
        date: dates[14],
        season: year,
        grossScore: [37, 45, 44][i],
      })),
      null,
    );

    await page.goto(`/stats/playoffs?season=${year}`);
    const champions = page.getByRole('region', { name: `Champions ${year}` });
    await expect(champions).toContainText(`League champion ${year}: ${name('Amy')}`);
    await expect(champions).toContainText(`Flight 2 champion: ${name('Ian')}`);
    await expect(page.getByRole('heading', { level: 2, name: 'The field' })).toBeVisible();
    const flight = page.getByRole('region', { name: 'Flight 1' });
    const field = flight.getByRole('table', { name: `Flight 1: the playoff field, ${year}` });
    await expect(field.getByRole('row')).toHaveCount(4);
    expect(await field.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([
      '1',
      name('Amy'),
      '120',
      'In the field',
    ]);
    const night = flight.getByRole('table', { name: `Flight 1: the flight playoff, ${year}` });
    await expect(night.getByRole('row').nth(1)).toContainText('Flight champion');
    await expect(page.getByRole('region', { name: 'Grand Championship' })).toContainText(`League champion ${year}`);
    await noSidewaysScroll(page);
    if (!jsOn()) return;
    expect(await page.evaluate(layoutShift)).toBe(0);
    // The browser may draw the page at any point of its HTML, as when it pauses while reading a long page or the rest
    // is still on the way: here where a champion's link, or a season's pill, is still empty, or no pill has come yet.
    // Nothing drawn moves when the rest arrives (docs/decisions/063-no-layout-shift.md).
    for (const [where, cut] of [
      ["the league champion's link opened", afterLinkOpens('id="champions-heading"')],
      ["Flight 1's champion's link opened", afterLinkOpens('id="champions-heading"', 2)],
      ['the Seasons label', after('>Seasons:</span>')],
      ['the first season pill opened', afterLinkOpens('aria-label="Seasons"')],
    ] as const) {
      const slow = await arrivingInTwoParts(baseURL!, cut);
      try {
        await page.goto(`${slow.url}/stats/playoffs?season=${year}`);
        await expect(champions).toContainText(`Flight 2 champion: ${name('Ian')}`);
        expect(await page.evaluate(layoutShift), `cut after ${where}`).toBe(0);
      } finally {
        await slow.close();
      }
    }
  });
});

test('a malformed or unknown season shows the 404 page', async ({ page }) => {
  for (const [path, text] of [
    ['/stats/playoffs?season=abc', 'There are no stats for that season.'],
    ['/stats/playoffs?season=2099', 'There are no stats for a 2099 season.'],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  }
});
