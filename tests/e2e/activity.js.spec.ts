import { expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import { createCourse } from '../../app/models/courses.server';

// Settings → Activity (docs/product/accounts.md#audit-log): a change made on an admin page is listed with who made it
// and what changed, newest first, through the real server (the page's action passes the signed-in user down).

test('an edited course appears in Settings → Activity with who changed what', async ({ page }) => {
  const name = unique('Audited Course');
  const course = await createCourse({ courseName: name, coursePar: 36, courseLength: '3 miles' }, null);
  await signIn(page, '/courses');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Course' });
  await hydrated(page);
  await dialog.getByLabel('Par').fill('38');
  await dialog.getByRole('button', { name: 'Update Course' }).click();
  await expectToast(page, 'Success', 'Course updated successfully');

  await page.goto('/settings');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('columnheader')).toHaveText(['When', 'Who', 'Change']);
  const row = activity.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell')).toHaveText([
    /\d{4}, \d{1,2}:\d{2}\s[AP]M/,
    'admin',
    `Updated course #${course.id} '${name}': course par 36 → 38`,
  ]);
  // Paged 100 at a time, newest first.
  await expect(activity.getByText(/Showing 1–\d+ of \d+ changes/)).toBeVisible();
});
