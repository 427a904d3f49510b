// The walk through the stats website that tests/e2e/stats.js.spec.ts and stats.nojs.spec.ts both take: the same
// pages must read the same with JavaScript on and off.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { StatsLeague } from './stats-data';
import { formatRoundDate } from '../../app/domain/season';
import { db } from '../../app/db/db.server';

/** /join → Stats → the league's season → its first night → the first golfer, checking each page on the way. */
export async function joinToGolfer(page: Page, league: StatsLeague, check: () => Promise<void>) {
  const { year, nights, golfers } = league;
  await page.goto('/join');
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Stats' }).click();
  await expect(page).toHaveURL(/\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Standings' })).toBeVisible();
  await check();

  await page
    .getByRole('navigation', { name: 'Seasons' })
    .getByRole('link', { name: String(year), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/stats\\?season=${year}$`));
  await expect(page.getByText(`${year} season.`)).toBeVisible();
  const flight = page.getByRole('region', { name: 'Flight 1' });
  await expect(flight.getByRole('row')).toHaveCount(6);
  for (const header of ['Rank', 'Golfer', 'Points', 'Rounds', 'Qualifier Weeks', 'Qualified'])
    await expect(flight.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  // Five golfers: the line under rank 4 is the playoff line.
  await expect(flight.locator('tr[data-playoff-line]')).toHaveCount(1);
  await expect(flight.locator('tr[data-playoff-line] td').first()).toHaveText('4');
  await check();

  const nightName = formatRoundDate(nights[0], 'EEEE, MMMM d');
  await page.getByRole('link', { name: nightName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/stats/results/${nights[0]}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Results for ${formatRoundDate(nights[0], 'EEEE, MMMM d, yyyy')}` }),
  ).toBeVisible();
  const results = page.getByRole('region', { name: 'Flight 1' });
  // Ben and Cal shot 42 without a handicap: tied for second.
  for (const golfer of golfers.slice(1, 3))
    await expect(results.getByRole('row', { name: golfer.fullName }).getByRole('cell').first()).toHaveText('T2');
  await expect(results.getByRole('row', { name: golfers[3].fullName }).getByRole('cell').first()).toHaveText('4');
  await check();

  const ada = golfers[0];
  await results.getByRole('link', { name: ada.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/stats/golfers/${ada.id}\\?season=${year}$`));
  await expect(page.getByRole('heading', { level: 1, name: ada.fullName })).toBeVisible();
  const latest = await db.round.findFirst({ where: { golferId: ada.id, date: nights[1] } });
  await expect(page.getByTestId('current-handicap')).toHaveText(String(latest!.hcpIndexAfter));
  await expect(page.getByRole('heading', { name: 'How this handicap is computed' })).toBeVisible();
  // Two rounds and the estimate's three entries; the fun night is not among them.
  const breakdown = page.getByRole('table', { name: 'Rounds counted for the handicap, newest first' });
  await expect(breakdown.getByRole('row')).toHaveCount(6);
  await expect(breakdown.getByText('From estimated score')).toHaveCount(3);
  await expect(page.getByTestId('breakdown')).toContainText(`Rounded = handicap${latest!.hcpIndexAfter}`);
  await check();
}

/** Addresses that are not a golfer, a league night or a season: the site's 404 page, never an error. */
export async function notFoundPages(page: Page, league: StatsLeague) {
  for (const [path, text] of [
    ['/stats/golfers/abc', 'There is no such golfer on the stats website.'],
    ['/stats/golfers/99999999', 'There is no golfer #99999999 on the stats website.'],
    ['/stats/results/2025-13-45', 'There is no league night at that address.'],
    [`/stats/results/${league.year}-07-30`, 'There was no league night on'],
    ['/stats?season=abc', 'There are no stats for that season.'],
    ['/stats?season=2099', 'There are no stats for a 2099 season.'],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the standings' })).toHaveAttribute('href', '/stats');
  }
}

/** The golfer page's season: rounds with places and points, totals, the special event, and the chart. */
export async function golferSeason(page: Page, league: StatsLeague) {
  const ada = league.golfers[0];
  await page.goto(`/stats/golfers/${ada.id}?season=${league.year}`);
  const season = page.getByRole('table', { name: `Rounds of the ${league.year} season` });
  await expect(season.getByRole('row')).toHaveCount(4);
  for (const header of ['Date', 'Gross', 'Net', 'HCP', 'Points', 'Place'])
    await expect(season.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const fun = season.getByRole('row', { name: /Special event/ });
  await expect(fun.getByRole('cell').nth(4)).toHaveText('—');
  await expect(fun.getByRole('cell').nth(5)).toHaveText('—');
  await expect(page.getByTestId('season-totals')).toContainText('Rounds2');
  await expect(page.getByTestId('season-totals')).toContainText('Not yet: 2 of 8 rounds');
  await expect(page.locator('figure svg')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Handicap after each counting round' }).getByRole('row')).toHaveCount(3);

  await page.goto(`/stats/results/${league.funNight}`);
  await expect(page.getByText('This night was a special event')).toBeVisible();
  await expect(page.getByRole('row', { name: ada.fullName }).getByRole('cell').last()).toHaveText('—');
}

/** Every text on the stats pages: the league's golfers by name, never their email or phone. */
export async function noContactDetails(page: Page, league: StatsLeague) {
  const { year, nights, funNight, golfers } = league;
  const paths = [
    `/stats?season=${year}`,
    ...[...nights, funNight].map((d) => `/stats/results/${d}`),
    ...golfers.map((g) => `/stats/golfers/${g.id}?season=${year}`),
  ];
  for (const path of paths) {
    await page.goto(path);
    const html = (await page.content()).toLowerCase();
    for (const golfer of golfers) {
      expect(html, path).not.toContain(golfer.email.toLowerCase());
      expect(html, path).not.toContain(golfer.phone);
    }
  }
}

/**
 * A flight longer than a page (docs/decisions/076-stats-pages-at-scale.md): 55 more golfers join Flight 1 on the first
 * night, so its 60 golfers show 50 at a time, on /stats and on the night's results; Next and Previous are plain links.
 */
export async function flightPages(page: Page, league: StatsLeague, check: () => Promise<void>) {
  const { year, nights } = league;
  const tag = `Paged${Date.now()}`;
  await db.golfer.createMany({
    data: Array.from({ length: 55 }, (_, i) => ({
      firstName: `Extra${i}`,
      lastName: tag,
      fullName: `Extra${i} ${tag}`,
    })),
  });
  const extra = await db.golfer.findMany({ where: { lastName: tag }, select: { id: true } });
  try {
    await db.flightAssignment.createMany({
      data: extra.map((g) => ({ golferId: g.id, season: year, flightNo: '1' })),
    });
    await db.round.createMany({
      data: extra.map((g, i) => ({
        golferId: g.id,
        date: nights[0],
        season: year,
        grossScore: 50 + (i % 9),
        netScore: 50 + (i % 9),
        points: 0,
      })),
    });

    await page.goto(`/stats?season=${year}`);
    const flight = page.getByRole('region', { name: 'Flight 1' });
    await expect(flight.getByRole('row')).toHaveCount(51);
    const pager = flight.getByRole('navigation', { name: 'Flight 1 pages' });
    await expect(pager).toContainText('Showing 1–50 of 60 golfers');
    await check();
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/stats\\?season=${year}&flight=1&page=2$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Standings' })).toBeVisible();
    const second = page.getByRole('region', { name: 'Flight 1' });
    await expect(second.getByRole('row')).toHaveCount(11);
    await expect(second.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('51');
    await expect(second.getByRole('navigation', { name: 'Flight 1 pages' })).toContainText(
      'Showing 51–60 of 60 golfers',
    );
    await check();
    await second.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/stats\\?season=${year}&flight=1$`));
    await expect(page.getByRole('region', { name: 'Flight 1' }).getByRole('row')).toHaveCount(51);
    await page.getByRole('link', { name: '← Every flight' }).click();
    await expect(page).toHaveURL(new RegExp(`/stats\\?season=${year}$`));

    await page.goto(`/stats/results/${nights[0]}`);
    const results = page.getByRole('region', { name: 'Flight 1' });
    await expect(results.getByRole('row')).toHaveCount(51);
    await results.getByRole('navigation', { name: 'Flight 1 pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/stats/results/${nights[0]}\\?flight=1&page=2$`));
    await expect(page.getByRole('region', { name: 'Flight 1' }).getByRole('row')).toHaveCount(11);
    await check();
  } finally {
    await db.golfer.deleteMany({ where: { lastName: tag } });
  }
}
