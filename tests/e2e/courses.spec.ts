import { expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import { createCourse } from '../../app/models/courses.server';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';

test('adds a course', async ({ page }) => {
  const name = unique('Pines');
  await signIn(page, '/courses');
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Course' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Par')).toHaveAttribute('placeholder', '72');
  await hydrated(page);
  await dialog.getByLabel('Course Name').fill(name);
  await dialog.getByLabel('Par').fill('36');
  await dialog.getByLabel('Length').fill('3.2 miles');
  await dialog.getByRole('button', { name: 'Create Course' }).click();
  await expectToast(page, 'Success', 'Course created successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByRole('cell')).toHaveText([
    name,
    '36',
    '3.2 miles',
    /Edit\s*Delete/,
  ]);
});

test('refuses a par outside 27 to 90', async ({ page }) => {
  await signIn(page, '/courses?action=new');
  const dialog = page.getByRole('dialog', { name: 'Add New Course' });
  await hydrated(page);
  await dialog.getByLabel('Course Name').fill(unique('Bad'));
  await dialog.getByLabel('Par').fill('100');
  await dialog.getByLabel('Length').fill('1 mile');
  await dialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(dialog.getByText('Par must be a whole number from 27 to 90')).toBeVisible();
  await expect(page).toHaveURL(/action=new/);
});

test('edits a course par, which recomputes handicaps of its rounds', async ({ page }) => {
  const name = unique('Edit Course');
  const course = await createCourse({ courseName: name, coursePar: 36, courseLength: '3 miles' }, null);
  const golfer = await createGolfer({ firstName: 'Par', lastName: unique('Changer') }, null);
  const round = await db.round.create({
    data: {
      golferId: golfer.id,
      courseId: course.id,
      date: '2025-06-02',
      season: 2025,
      grossScore: 45,
      hcpIndexAfter: 7,
    },
  });
  await signIn(page, '/courses');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Course' });
  await expect(dialog.getByLabel('Par')).toHaveValue('36');
  await hydrated(page);
  await dialog.getByLabel('Par').fill('40');
  await dialog.getByRole('button', { name: 'Update Course' }).click();
  await expectToast(page, 'Success', 'Course updated successfully');
  await expect(
    page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('40');
  expect((await db.round.findUniqueOrThrow({ where: { id: round.id } })).hcpIndexAfter).toBe(4);
});

test('deletes a course and keeps its rounds', async ({ page }) => {
  const name = unique('Gone Course');
  const course = await createCourse({ courseName: name, coursePar: 36, courseLength: '3 miles' }, null);
  const golfer = await createGolfer({ firstName: 'Kept', lastName: unique('Round') }, null);
  const round = await db.round.create({
    data: { golferId: golfer.id, courseId: course.id, date: '2025-06-02', season: 2025, grossScore: 45 },
  });
  await signIn(page, '/courses');
  await page.getByRole('link', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(dialog).toContainText('Are you sure you want to delete this course? This action cannot be undone.');
  await hydrated(page);
  await dialog.getByRole('button', { name: 'Delete Course' }).click();
  await expectToast(page, 'Success', 'Course deleted successfully');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect(await db.round.findUniqueOrThrow({ where: { id: round.id } })).toMatchObject({ courseId: null });
});

test('a stale edit or delete link says the record is gone instead of failing', async ({ page }) => {
  await signIn(page, '/golfers?delete=999999');
  await expect(page.getByRole('dialog', { name: 'Confirm Deletion' })).toContainText('Golfer not found.');
  await expect(page.getByRole('dialog').getByRole('button', { name: /Delete/ })).toHaveCount(0);
  // The list pages that hold their whole list answer 200; golfers and memberships (paged on the server), rounds and
  // flights look the record up and answer 404, but still with the page and its dialog.
  for (const [list, editTitle, text, status] of [
    ['/golfers', 'Edit Golfer', 'Golfer not found.', 404],
    ['/courses', 'Edit Course', 'Course not found.', 200],
    ['/memberships', 'Edit Membership', 'Membership not found.', 404],
    ['/seasons', 'Edit Season', 'Season not found.', 200],
    ['/seasons/2025', 'Edit Date', 'Schedule date not found.', 200],
    ['/rounds', 'Edit Round', 'Round not found.', 404],
    ['/flights', 'Edit Flight Assignment', 'Flight assignment not found.', 404],
  ] as const) {
    for (const [param, title] of [
      ['edit', editTitle],
      ['delete', 'Confirm Deletion'],
    ]) {
      const path = `${list}?${param}=999999`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
      await expect(page.getByRole('dialog', { name: title })).toContainText(text);
      await expect(page.getByRole('dialog').getByRole('button', { name: /Delete|Update/ })).toHaveCount(0);
    }
  }
  // Tee times have no dialogs: a stale ?slot= link opens no selector and says so.
  const response = await page.goto('/tee-times?slot=999999-1');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
  await expect(page.getByRole('alert').filter({ hasText: 'Tee time not found.' })).toBeVisible();
  await expect(page.getByRole('combobox')).toHaveCount(0);
});

test('a bad link to an admin page shows the error inside the admin shell', async ({ page }) => {
  await signIn(page, '/rounds?edit=abc');
  await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error loading rounds: Invalid round id: "abc"' }),
  ).toBeVisible();
  for (const [path, text] of [
    ['/flights?season=20x5', 'Error loading flights: Invalid season: "20x5"'],
    ['/standings?season=20x5', 'Error loading standings: Invalid season: "20x5"'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(400);
    await expect(page.getByRole('navigation', { name: 'Admin menu', includeHidden: true }).first()).toBeAttached();
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/standings$/);
  await expect(page.getByRole('heading', { name: 'Standings', level: 1 })).toBeVisible();
});
