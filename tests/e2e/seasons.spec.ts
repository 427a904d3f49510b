import { format } from 'date-fns';
import { claimYear, expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import type { ScheduleEventKind } from '../../app/domain/schedule';
import { createGolfer } from '../../app/models/golfers.server';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { createSeason } from '../../app/models/seasons.server';
import { createUser } from '../../app/models/users.server';
import { db } from '../../app/db/db.server';

// The e2e database is shared by both projects and both workers, and which season the public pages show depends on
// the seasons stored (docs/product/seasons.md#the-league-season). So these tests use past years only (a past season
// never becomes the league season while 2025 has a later schedule), take a free year, and remove what they made.
// Past years also make every date "played" (docs/decisions/051-season-screens.md) whatever today is.
const SINGLE_YEARS = { from: 2000, to: 2012 };
/** Copy sources are odd years from 2015; their targets (the next, even year) are never taken by another test. */
const COPY_SOURCES = [2015, 2017, 2019, 2021, 2023];

let made: number[] = [];
let claims: (() => void)[] = [];

test.afterEach(async () => {
  const seasons = made;
  made = [];
  if (seasons.length > 0) {
    await db.round.deleteMany({ where: { season: { in: seasons } } });
    await db.membership.deleteMany({ where: { season: { in: seasons } } });
    await db.season.deleteMany({ where: { year: { in: seasons } } });
  }
  for (const release of claims) release();
  claims = [];
});

type Entry = { date: string; weekNumber?: number; event: string; kind: ScheduleEventKind; rainOut?: boolean };

/** A season in a year of `years` that this test claims until it ends, with these dates (`MM-dd`). */
async function newSeason(
  years: readonly number[],
  entriesOf: Entry[] | ((year: number) => Entry[]) = [],
  feeCents = 15_000,
) {
  const { year, release } = await claimYear(years);
  claims.push(release);
  await createSeason({ year, feeCents, registrationOpens: null, registrationCloses: null }, null);
  made.push(year);
  const schedule = [];
  const entries = typeof entriesOf === 'function' ? entriesOf(year) : entriesOf;
  for (const e of entries) {
    schedule.push(
      await createScheduleEntry(
        year,
        {
          date: `${year}-${e.date}`,
          weekNumber: e.weekNumber,
          event: e.event,
          kind: e.kind,
          rainOut: e.rainOut ?? false,
        },
        null,
      ),
    );
  }
  return { year, schedule };
}

function singleYears(): number[] {
  const years = [];
  for (let y = SINGLE_YEARS.from; y <= SINGLE_YEARS.to; y += 1) years.push(y);
  return years;
}

/** The `n`th Monday of a month (1-based month), or the last one with n = -1, as a yyyy-MM-dd date. */
function monday(year: number, month: number, n: number): string {
  if (n === -1) {
    const last = new Date(year, month, 0);
    last.setDate(last.getDate() - ((last.getDay() + 6) % 7));
    return format(last, 'yyyy-MM-dd');
  }
  const first = new Date(year, month - 1, 1);
  first.setDate(1 + ((8 - first.getDay()) % 7) + 7 * (n - 1));
  return format(first, 'yyyy-MM-dd');
}

const shown = (date: string) => format(new Date(`${date}T12:00:00`), 'EEE, MMM d');

function scheduleRow(page: import('@playwright/test').Page, date: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: shown(date), exact: true }) });
}

test('adds the next season by copying a schedule, and lists it', async ({ page }) => {
  // Built with free years first: the source (odd) and, once it is ours, its next year.
  // The source's year is claimed for this test, so its next (even) year, which no other test uses, is free too.
  const source = await newSeason(COPY_SOURCES, (year) => [
    { date: monday(year, 5, 1).slice(5), event: 'Practice Round', kind: 'practice-round' },
    { date: monday(year, 5, -1).slice(5), event: 'Memorial Day – No League', kind: 'no-league' },
    { date: monday(year, 6, 2).slice(5), weekNumber: 3, event: 'League Play', kind: 'regular-round', rainOut: true },
  ]);
  const target = source.year + 1;
  made.push(target);

  await signIn(page, '/seasons');
  await expect(page.getByRole('heading', { name: 'Seasons', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Seasons \|/);
  await page.getByRole('link', { name: 'Add Season' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Season' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/action=new/);
  await hydrated(page);
  await dialog.getByLabel('Year').fill(String(target));
  await dialog.getByLabel('Fee ($)').fill('175');
  await expect(dialog.getByLabel('Copy schedule from').locator('option').first()).toHaveText('Start empty');
  await dialog.getByLabel('Copy schedule from').selectOption({ label: String(source.year) });
  await dialog.getByRole('button', { name: 'Create Season' }).click();

  await expectToast(page, 'Season created', `Season ${target}: 3 dates copied from ${source.year}.`);
  await expect(page).toHaveURL(new RegExp(`/seasons/${target}$`));
  await expect(page.getByRole('heading', { name: `Season ${target}`, level: 1 })).toBeVisible();
  // Same weekday of the same week; Memorial Day follows the holiday; week numbers, events and kinds kept; the
  // rain-out cleared.
  await expect(scheduleRow(page, monday(target, 5, 1)).getByRole('cell')).toHaveText([
    shown(monday(target, 5, 1)),
    '—',
    'Practice Round',
    'Practice round',
    '0',
    /Edit/,
  ]);
  await expect(
    scheduleRow(page, monday(target, 5, -1))
      .getByRole('cell')
      .nth(2),
  ).toHaveText('Memorial Day – No League');
  const june = scheduleRow(page, monday(target, 6, 2));
  await expect(june.getByRole('cell')).toHaveText([
    shown(monday(target, 6, 2)),
    '3',
    'League Play',
    'Regular round',
    '0',
    /Mark rain-out/,
  ]);
  await expect(june.getByText('Rain-out', { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'All Seasons' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`^${target}\\b`) }).getByRole('cell')).toHaveText([
    String(target),
    '3',
    shown(monday(target, 5, 1)),
    shown(monday(target, 6, 2)),
    'Closed',
    '$175.00',
    /Edit\s*Delete/,
  ]);
  expect(await db.scheduleEntry.count({ where: { season: target, rainOut: true } })).toBe(0);
});

test('edits a schedule date', async ({ page }) => {
  const { year, schedule } = await newSeason(singleYears(), [
    { date: '06-02', weekNumber: 2, event: 'League Play', kind: 'regular-round' },
  ]);
  const date = schedule[0].date;
  await signIn(page, `/seasons/${year}`);
  await page.getByRole('link', { name: `Edit ${shown(date)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Date' });
  await expect(dialog.getByLabel('Event')).toHaveValue('League Play');
  await hydrated(page);
  await dialog.getByLabel('Event').fill('Playoff Qualifier 1');
  await dialog.getByLabel('Kind').selectOption({ label: 'Playoff qualifier' });
  await dialog.getByLabel('Week #').fill('10');
  await dialog.getByRole('button', { name: 'Update Date' }).click();
  await expectToast(page, 'Schedule date updated', `${shown(date)}: Playoff Qualifier 1`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(scheduleRow(page, date).getByRole('cell')).toHaveText([
    shown(date),
    '10',
    'Playoff Qualifier 1',
    'Playoff qualifier',
    '0',
    /Edit/,
  ]);
  expect(await db.scheduleEntry.findUniqueOrThrow({ where: { id: schedule[0].id } })).toMatchObject({
    event: 'Playoff Qualifier 1',
    kind: 'playoff-qualifier',
    weekNumber: 10,
  });
});

test('marks a rain-out and undoes it; the rule hint shows where few paid members played', async ({ page }) => {
  const { year, schedule } = await newSeason(singleYears(), [
    { date: '06-02', weekNumber: 2, event: 'League Play', kind: 'regular-round' },
    { date: '06-09', weekNumber: 3, event: 'League Play', kind: 'regular-round' },
  ]);
  const [washed, played] = schedule;
  // Four paid members: one round on the first night (25%, the rule is met), two on the second (50%).
  const golfers = [];
  for (let i = 0; i < 4; i += 1) {
    const golfer = await createGolfer({ firstName: 'Rain', lastName: unique('Out') }, null);
    golfers.push(golfer);
    await db.membership.create({ data: { golferId: golfer.id, season: year, registered: true, paid: true } });
  }
  await db.round.create({ data: { golferId: golfers[0].id, date: washed.date, season: year, grossScore: 45 } });
  for (const golfer of golfers.slice(0, 2))
    await db.round.create({ data: { golferId: golfer.id, date: played.date, season: year, grossScore: 44 } });

  await signIn(page, `/seasons/${year}`);
  const row = scheduleRow(page, washed.date);
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await expect(row.getByText('Rain-out rule met')).toBeVisible();
  await expect(scheduleRow(page, played.date).getByRole('cell').nth(4)).toHaveText('2');
  await expect(scheduleRow(page, played.date).getByText('Rain-out rule met')).toHaveCount(0);

  await hydrated(page);
  await row.getByRole('button', { name: 'Mark rain-out' }).click();
  await expectToast(page, `${shown(washed.date)} marked as a rain-out`);
  await expect(row.getByRole('button', { name: 'Undo rain-out' })).toBeVisible();
  await expect(row.getByText('Rain-out', { exact: true })).toBeVisible();
  expect((await db.scheduleEntry.findUniqueOrThrow({ where: { id: washed.id } })).rainOut).toBe(true);

  await row.getByRole('button', { name: 'Undo rain-out' }).click();
  await expectToast(page, 'Rain-out removed');
  await expect(row.getByRole('button', { name: 'Mark rain-out' })).toBeVisible();
  await expect(row.getByText('Rain-out', { exact: true })).toHaveCount(0);
  expect((await db.scheduleEntry.findUniqueOrThrow({ where: { id: washed.id } })).rainOut).toBe(false);
});

test('refuses to delete a season with rounds, and deletes one without', async ({ page }) => {
  const kept = await newSeason(singleYears(), [{ date: '06-02', event: 'League Play', kind: 'regular-round' }]);
  const golfer = await createGolfer({ firstName: 'Keep', lastName: unique('Season') }, null);
  await db.round.create({
    data: { golferId: golfer.id, date: `${kept.year}-06-02`, season: kept.year, grossScore: 45 },
  });
  const gone = await newSeason(singleYears(), [{ date: '06-02', event: 'League Play', kind: 'regular-round' }]);

  await signIn(page, '/seasons');
  await page.getByRole('link', { name: `Delete season ${kept.year}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await hydrated(page);
  await dialog.getByRole('button', { name: 'Delete Season' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Failed to delete season: Season ${kept.year} has rounds, memberships or tee times and cannot be deleted`,
  );
  expect(await db.season.findUnique({ where: { year: kept.year } })).not.toBeNull();
  expect(await db.scheduleEntry.count({ where: { season: kept.year } })).toBe(1);

  await page.goto(`/seasons?delete=${gone.year}`);
  await hydrated(page);
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete Season' }).click();
  await expectToast(page, 'Season deleted', `Season ${gone.year}`);
  await expect(page.getByRole('link', { name: `Delete season ${gone.year}` })).toHaveCount(0);
  expect(await db.season.findUnique({ where: { year: gone.year } })).toBeNull();
  expect(await db.scheduleEntry.count({ where: { season: gone.year } })).toBe(0);
});

test('bad input shows its message and changes nothing', async ({ page }) => {
  const { year } = await newSeason(singleYears(), [], 12_000);
  // A year no test takes (none is created after 2024 by these tests, and the future is left alone).
  const unused = 2099;
  await signIn(page, '/seasons?action=new');
  const dialog = page.getByRole('dialog', { name: 'Add Season' });
  await hydrated(page);

  await dialog.getByLabel('Year').fill(String(unused));
  await dialog.getByLabel('Fee ($)').fill('0');
  await dialog.getByRole('button', { name: 'Create Season' }).click();
  await expect(dialog.getByText('The fee must be at least $1.00')).toBeVisible();

  await dialog.getByLabel('Fee ($)').fill('150');
  await dialog.getByLabel('Registration opens').fill(`${unused}-04-01`);
  await dialog.getByLabel('Registration closes').fill(`${unused}-03-01`);
  await dialog.getByRole('button', { name: 'Create Season' }).click();
  await expect(dialog.getByText('Registration must close on or after the day it opens')).toBeVisible();
  expect(await db.season.findUnique({ where: { year: unused } })).toBeNull();

  await dialog.getByLabel('Year').fill(String(year));
  await dialog.getByLabel('Registration opens').fill('');
  await dialog.getByLabel('Registration closes').fill('');
  await dialog.getByRole('button', { name: 'Create Season' }).click();
  const alert = dialog.getByRole('alert').filter({ hasText: 'Failed to create season' });
  await expect(alert).toContainText(`Season ${year} already exists`);
  await expect(page).toHaveURL(/action=new/);
  expect((await db.season.findUniqueOrThrow({ where: { year } })).feeCents).toBe(12_000);

  // A schedule date outside the season's year is refused by the server.
  await page.goto(`/seasons/${year}?action=new`);
  const add = page.getByRole('dialog', { name: 'Add Date' });
  await hydrated(page);
  await add.getByLabel('Date').fill(`${year + 1}-06-02`);
  await add.getByLabel('Event').fill('League Play');
  await add.getByRole('button', { name: 'Add Date' }).click();
  await expect(add.getByRole('alert').filter({ hasText: 'Failed to add schedule date' })).toContainText(
    `The date must be in ${year}`,
  );
  expect(await db.scheduleEntry.count({ where: { season: year } })).toBe(0);
});

test('stale links say the record is gone; an unknown season is a 404 inside the shell, a bad one a 400', async ({
  page,
}) => {
  const { year } = await newSeason(singleYears());
  await signIn(page, '/seasons?edit=1999');
  await expect(page.getByRole('dialog', { name: 'Edit Season' })).toContainText('Season not found.');
  await expect(page.getByRole('dialog').getByRole('button', { name: /Update/ })).toHaveCount(0);
  for (const [path, title, text] of [
    [`/seasons/${year}?edit=999999`, 'Edit Date', 'Schedule date not found.'],
    [`/seasons/${year}?delete=999999`, 'Confirm Deletion', 'Schedule date not found.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('dialog', { name: title })).toContainText(text);
    await expect(page.getByRole('dialog').getByRole('button', { name: /Delete|Update/ })).toHaveCount(0);
  }

  let response = await page.goto('/seasons/2100');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
  await expect(page.getByText('Season not found.')).toBeVisible();

  response = await page.goto('/seasons/20x5');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error loading season: Invalid season: "20x5"' }),
  ).toBeVisible();
});

test('the Admin menu lists Seasons above Settings', async ({ page }) => {
  await signIn(page, '/seasons');
  const admin = page.getByRole('navigation', { name: 'Admin menu' }).last();
  // allTextContents does not wait: first wait for the menu to be drawn.
  await expect(admin.getByRole('link', { name: 'Seasons', exact: true })).toBeVisible();
  const labels = await admin.getByRole('link').allTextContents();
  const at = (label: string) => labels.findIndex((l) => l.trim() === label);
  expect(at('Seasons')).toBeGreaterThan(-1);
  expect(at('Seasons')).toBe(at('Settings') - 1);
});

test('a user who is not an administrator sees the seasons but cannot change them', async ({ page }) => {
  const { year } = await newSeason(singleYears(), [
    { date: '06-02', weekNumber: 2, event: 'League Play', kind: 'regular-round' },
  ]);
  const username = unique('viewer').toLowerCase();
  await createUser(
    { username, password: 'viewer-password', email: 'v@example.org', firstName: 'Vi', lastName: 'Ew' },
    null,
  );
  await page.goto(`/auth?redirectTo=/seasons/${year}`);
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('viewer-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: `Season ${year}`, level: 1 })).toBeVisible();
  await expect(page.getByText('You can view the seasons. Only an administrator can change seasons.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Season' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add Date' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark rain-out' })).toHaveCount(0);
  // The server refuses too, whatever the page shows: tests/integration/server-security.test.ts.
});
