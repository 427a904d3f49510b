import { chooseGolfer, claimYear, expect, expectToast, hydrated, jsOn, signIn, test, UNTOUCHED_YEAR } from './fixtures';
import { db, newAssignment, newCourse, newGolfer, newRound } from './league-data';
import { currentSeason } from '../../app/domain/season';
import { calculatePointsForDate } from '../../app/models/points.server';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { createSeason } from '../../app/models/seasons.server';

const season = currentSeason();
const day = (monthDay: string) => `${season}-${monthDay}`;

function golferNamed() {
  return newGolfer('Pat', 'Rnd');
}

test('records a round and shows the computed handicap columns', async ({ page }) => {
  const golfer = await golferNamed();
  const course = await newCourse(72);
  await signIn(page, '/rounds');
  await expect(page.getByRole('heading', { name: 'Rounds', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Record Round' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Record a new round for a golfer.')).toBeVisible();
  await expect(page).toHaveURL(/action=new/);
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByLabel('Course').selectOption({ label: course.courseName });
  await dialog.getByLabel('Date').fill(day('06-01'));
  await expect(dialog.getByLabel('Gross Score')).toHaveAttribute('placeholder', '72');
  await expect(dialog.getByLabel('Points')).toHaveAttribute('placeholder', '8');
  await dialog.getByLabel('Gross Score').fill('45');
  await dialog.getByLabel('Notes').fill('first round');
  await dialog.getByRole('button', { name: 'Record Round' }).click();

  await expectToast(page, 'Success', 'Round recorded successfully');
  await expect(page).not.toHaveURL(/action=new/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.locator('tr', { hasText: golfer.fullName });
  // Date, Golfer, Course, Gross, Net, HCP Before, HCP After, Points: par 72 counts as 36 for nine holes, +9 → 7.
  await expect(row.locator('td')).toHaveText([
    `June 1, ${season}`,
    golfer.fullName,
    course.courseName,
    '45',
    '45',
    '—',
    '7',
    '—',
    /Edit.*Delete/,
  ]);
});

test('editing an early round recomputes the later ones, and deleting recomputes again', async ({ page }) => {
  const golfer = await golferNamed();
  const early = await newRound({ golferId: golfer.id, date: day('06-01'), grossScore: 40 });
  await newRound({ golferId: golfer.id, date: day('06-08'), grossScore: 40 });
  await signIn(page, '/rounds');
  const later = page.locator('tr', { hasText: `June 8, ${season}` }).filter({ hasText: golfer.fullName });
  // Before: [4] → 3; the later round is scored 40 − 3 = 37 and leaves [4, 4] → 3.
  await expect(later.locator('td').nth(4)).toHaveText('37');

  await page.getByRole('link', { name: `Edit round of ${golfer.fullName} on June 1, ${season}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  await expect(dialog.getByText('Update round information.')).toBeVisible();
  await hydrated(page);
  await expect(dialog.getByLabel('Gross Score')).toHaveValue('40');
  await dialog.getByLabel('Gross Score').fill('56');
  await dialog.getByRole('button', { name: 'Update Round' }).click();
  await expectToast(page, 'Success', 'Round updated successfully');
  // Now [20] → 16 before the later round: net 24, after [20, 4] → 9.6 → 10.
  await expect(later.locator('td')).toHaveText([
    `June 8, ${season}`,
    golfer.fullName,
    'Unknown Course',
    '40',
    '24',
    '16',
    '10',
    '—',
    /Edit/,
  ]);

  await page.getByRole('link', { name: `Delete round of ${golfer.fullName} on June 1, ${season}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Round' }).click();
  await expectToast(page, 'Success', 'Round deleted successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('tr', { hasText: golfer.fullName })).toHaveCount(1);
  await expect(later.locator('td').nth(4)).toHaveText('40');
  expect(await db.round.count({ where: { id: early.id } })).toBe(0);
});

test('a date outside the chosen season is refused with a clear message and nothing is saved', async ({ page }) => {
  const golfer = await golferNamed();
  await signIn(page, `/rounds?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByLabel('Date').fill(`${season - 1}-06-02`);
  await dialog.getByLabel('Gross Score').fill('40');
  await dialog.getByRole('button', { name: 'Record Round' }).click();
  await expect(dialog.getByText(`The date must fall in the ${season} season`)).toBeVisible();
  expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
});

test('a second round of a golfer on one date is refused under the date, and nothing is saved', async ({ page }) => {
  const golfer = await golferNamed();
  await newRound({ golferId: golfer.id, date: day('06-15'), grossScore: 40 });
  await signIn(page, `/rounds?season=${season}&action=new`);
  const dialog = page.getByRole('dialog', { name: 'Record New Round' });
  await hydrated(page);
  await chooseGolfer(page, dialog, golfer);
  await dialog.getByLabel('Date').fill(day('06-15'));
  await dialog.getByLabel('Gross Score').fill('44');
  await dialog.getByRole('button', { name: 'Record Round' }).click();
  const message = `This golfer already has a round on June 15, ${season}`;
  await expect(dialog.getByLabel('Date')).toHaveAccessibleDescription(message);
  await expect(dialog.getByRole('alert').filter({ hasText: 'Failed to record round' })).toContainText(message);
  expect(await db.round.findMany({ where: { golferId: golfer.id }, select: { grossScore: true } })).toEqual([
    { grossScore: 40 },
  ]);
});

test('the season selector offers this season and the two before, and shows the empty state', async ({ page }) => {
  await signIn(page, '/rounds');
  const picker = page.getByLabel('Season', { exact: true });
  await expect(picker.locator('option')).toHaveText([
    `Season ${season}`,
    `Season ${season - 1}`,
    `Season ${season - 2}`,
  ]);
  await page.goto(`/rounds?season=${UNTOUCHED_YEAR}`);
  await expect(page.getByText('No rounds found for this season. Record a round to get started.')).toBeVisible();
});

// A season of our own with special dates: a past year claimed for this test (as tests/e2e/seasons.spec.ts claims
// them, so the league season the other tests see never changes), removed with its rounds after the test.
const PAST_YEARS = Array.from({ length: 12 }, (_, i) => 2001 + i);
let madeSeasons: number[] = [];
let claims: (() => void)[] = [];

test.afterEach(async () => {
  const seasons = madeSeasons;
  madeSeasons = [];
  if (seasons.length > 0) {
    await db.round.deleteMany({ where: { season: { in: seasons } } });
    await db.flightAssignment.deleteMany({ where: { season: { in: seasons } } });
    await db.season.deleteMany({ where: { year: { in: seasons } } });
  }
  for (const release of claims) release();
  claims = [];
});

async function seasonWithSpecialDates(): Promise<number> {
  const { year, release } = await claimYear(PAST_YEARS);
  claims.push(release);
  await createSeason({ year, feeCents: 15_000, registrationOpens: null, registrationCloses: null }, null);
  madeSeasons.push(year);
  for (const entry of [
    { date: `${year}-06-10`, event: 'Fun Night – Scramble', kind: 'fun-night' },
    { date: `${year}-06-17`, weekNumber: 2, event: 'League Play', kind: 'regular-round', rainOut: true },
    { date: `${year}-06-24`, weekNumber: 3, event: 'League Play', kind: 'regular-round' },
  ] as const) {
    await createScheduleEntry(year, entry, null);
  }
  return year;
}

test('a round on a special-event or rained-out date is marked in the table and in its edit dialog', async ({
  page,
}) => {
  const year = await seasonWithSpecialDates();
  const golfer = await golferNamed();
  for (const date of ['06-10', '06-17', '06-24'])
    await newRound({ golferId: golfer.id, date: `${year}-${date}`, season: year, grossScore: 44 });
  await signIn(page, `/rounds?season=${year}`);
  const row = (monthDay: string) => page.locator('tr', { hasText: `${monthDay}, ${year}` });

  const fun = row('June 10').getByTitle('Fun Night – Scramble: does not count toward handicap or standings');
  await expect(fun).toBeVisible();
  await expect(fun.getByText('Special event', { exact: true })).toBeVisible();
  const rainOut = row('June 17').getByTitle('Rain-out: does not count toward handicap or standings');
  await expect(rainOut).toBeVisible();
  await expect(rainOut.getByText('Rain-out', { exact: true })).toBeVisible();
  await expect(row('June 24').locator('td').first()).toHaveText(`June 24, ${year}`);

  await page.getByRole('link', { name: `Edit round of ${golfer.fullName} on June 10, ${year}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  const notice = (text: string) => dialog.getByText(`${text}: rounds on this date count for neither`);
  await expect(
    dialog.getByText('Fun Night – Scramble: rounds on this date count for neither handicap nor standings.', {
      exact: true,
    }),
  ).toBeVisible();
  if (!jsOn()) return;

  // With JavaScript the notice follows the date as it changes.
  await hydrated(page);
  await dialog.getByLabel('Date').fill(`${year}-06-24`);
  await expect(notice('Fun Night – Scramble')).toHaveCount(0);
  await dialog.getByLabel('Date').fill(`${year}-06-17`);
  await expect(
    dialog.getByText('Rain-out: rounds on this date count for neither handicap nor standings.', { exact: true }),
  ).toBeVisible();
  await dialog.getByLabel('Date').fill(`${year}-06-10`);
  await expect(notice('Fun Night – Scramble')).toBeVisible();
  await expect(notice('Rain-out')).toHaveCount(0);
});

test("editing a gross score on a night whose points were calculated changes that night's points at once", async ({
  page,
}) => {
  const { year, release } = await claimYear(PAST_YEARS);
  claims.push(release);
  madeSeasons.push(year);
  const date = `${year}-07-08`;
  const ann = await golferNamed();
  const bob = await golferNamed();
  await newAssignment(ann.id, year, '2');
  await newAssignment(bob.id, year, '2');
  await newRound({ golferId: ann.id, date, grossScore: 40 });
  const bobs = await newRound({ golferId: bob.id, date, grossScore: 44 });
  await calculatePointsForDate(date, null);

  await signIn(page, `/rounds?season=${year}`);
  const points = (golfer: { fullName: string }) =>
    page.locator('tr', { hasText: golfer.fullName }).locator('td').nth(7);
  await expect(points(ann)).toHaveText('24');
  await expect(points(bob)).toHaveText('23');

  await page.getByRole('link', { name: `Edit round of ${bob.fullName} on July 8, ${year}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Round' });
  await hydrated(page);
  await expect(dialog.getByLabel('Gross Score')).toHaveValue('44');
  await dialog.getByLabel('Gross Score').fill('38');
  await dialog.getByRole('button', { name: 'Update Round' }).click();
  await expectToast(page, 'Success', 'Round updated successfully');
  // Bob's 38 now beats Ann's 40: the night is re-ranked in the same save.
  await expect(points(bob)).toHaveText('24');
  await expect(points(ann)).toHaveText('23');
  expect((await db.round.findUniqueOrThrow({ where: { id: bobs.id } })).points).toBe(24);
});

test('a round set aside by the upgrade can be used instead of the kept one, then discarded', async ({ page }) => {
  const { year, release } = await claimYear(PAST_YEARS);
  claims.push(release);
  madeSeasons.push(year);
  const golfer = await golferNamed();
  const kept = await newRound({ golferId: golfer.id, date: `${year}-07-15`, grossScore: 44 });
  // As the upgrade's migration leaves it: the later round of that date, under its own (never reused) id.
  const { _max } = await db.round.aggregate({ _max: { id: true } });
  const row = await db.setAsideRound.create({
    data: {
      id: (_max.id ?? 0) + 5_000_000 + year,
      golferId: golfer.id,
      date: `${year}-07-15`,
      season: year,
      grossScore: 39,
      notes: 'second card',
      createdAt: new Date(),
      recomputedAt: new Date(),
    },
  });
  try {
    await signIn(page, `/rounds?season=${year}`);
    const notice = page.getByRole('region', { name: 'Rounds set aside by the upgrade' });
    const entry = notice.locator('tr', { hasText: golfer.fullName });
    await expect(entry.locator('td')).toHaveText([
      golfer.fullName,
      `July 15, ${year}`,
      '39',
      'second card',
      'Gross 44',
      /Use this one instead.*Discard/,
    ]);
    await entry
      .getByRole('button', { name: `Use this one instead for ${golfer.fullName} on July 15, ${year}` })
      .click();
    await expectToast(page, 'Round restored');
    // The 39 is now the golfer's round; the 44 is listed as set aside in its place.
    const round = page.locator('main tr', { hasText: golfer.fullName }).filter({ hasText: 'Unknown Course' });
    await expect(round.locator('td').nth(3)).toHaveText('39');
    await expect(entry.locator('td').nth(2)).toHaveText('44');
    await entry
      .getByRole('button', { name: `Discard set-aside round of ${golfer.fullName} on July 15, ${year}` })
      .click();
    await expectToast(page, 'Success', 'Set-aside round discarded');
    await expect(notice.locator('tr', { hasText: golfer.fullName })).toHaveCount(0);
    expect(await db.setAsideRound.count({ where: { golferId: golfer.id } })).toBe(0);
    expect(await db.round.count({ where: { id: kept.id } })).toBe(0);
  } finally {
    await db.setAsideRound.deleteMany({ where: { id: { in: [row.id, kept.id] } } });
  }
});
