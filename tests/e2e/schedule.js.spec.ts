import { exclusive, expect, test } from './fixtures';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { createSeason, getLeagueSeason, getSeason } from '../../app/models/seasons.server';

// The public schedule (docs/product/seasons.md#public-schedule-and-calendar); its calendar feeds are checked over HTTP
// in tests/integration/server-feeds-and-api.test.ts. The seasons made
// here are long past, so they never become the league season (docs/product/seasons.md#the-league-season) and other
// specs see the same /schedule as before. The years are outside those the seasons and rounds specs claim
// (tests/e2e/fixtures.ts claimYear), so no test ever finds one of them taken.
const PAST = 2013;
const UNPUBLISHED = 2014;

/** Both seasons, made once per run whichever test (and project) gets here first. */
async function pastSeasons() {
  await exclusive('schedule-seasons', async () => {
    if (!(await getSeason(PAST))) {
      await createSeason({ year: PAST, registrationOpens: null, registrationCloses: null }, null);
      for (const entry of [
        { date: `${PAST}-05-06`, event: 'Practice Round', kind: 'practice-round' },
        { date: `${PAST}-05-13`, weekNumber: 1, event: 'First Scoring Round', kind: 'regular-round' },
      ] as const) {
        await createScheduleEntry(PAST, entry, null);
      }
    }
    if (!(await getSeason(UNPUBLISHED))) {
      await createSeason({ year: UNPUBLISHED, registrationOpens: null, registrationCloses: null }, null);
    }
  });
}

test('/schedule shows the league season with links to the other seasons that have a schedule', async ({ page }) => {
  await pastSeasons();
  const league = await getLeagueSeason();
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'League Schedule' })).toBeVisible();
  await expect(page.getByText(`${league.year} Season · League nights are Mondays`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/schedule.ics');

  const seasons = page.getByRole('navigation', { name: 'Seasons' });
  await expect(seasons.getByRole('link', { name: String(PAST), exact: true })).toHaveAttribute(
    'href',
    `/schedule?season=${PAST}`,
  );
  // A season without a schedule has nothing to show, so it is not offered.
  await expect(seasons.getByRole('link', { name: String(UNPUBLISHED) })).toHaveCount(0);

  await seasons.getByRole('link', { name: String(PAST), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule\\?season=${PAST}$`));
  await expect(page.getByText(`${PAST} Season · League nights are Mondays`)).toBeVisible();
  await expect(page.getByRole('row', { name: /Mon, May 6 .*Practice Round/ })).toHaveAttribute(
    'data-special-event',
    'true',
  );
  await expect(page.getByText('The Practice Round on Monday, May 6 is for warming up')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/schedule/${PAST}.ics`);
  await expect(
    page.getByRole('navigation', { name: 'Seasons' }).getByRole('link', { name: String(league.year), exact: true }),
  ).toHaveAttribute('href', `/schedule?season=${league.year}`);
});

test('a season without a schedule says so', async ({ page }) => {
  await pastSeasons();
  const response = await page.goto(`/schedule?season=${UNPUBLISHED}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText(`The ${UNPUBLISHED} schedule has not been published yet.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
});

test('a season that is not a year is a 400 page, and a year that is not a season a 404 page', async ({ page }) => {
  const bad = await page.goto('/schedule?season=abc');
  expect(bad?.status()).toBe(400);
  await expect(page.getByText('Invalid season: "abc"')).toBeVisible();
  // The public layout stays around the message.
  await expect(page.getByRole('link', { name: 'Join League' })).toBeVisible();

  const unknown = await page.goto('/schedule?season=2099');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Season not found')).toBeVisible();
});
