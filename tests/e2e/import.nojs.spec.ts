import { expect, signIn, test, unique } from './fixtures';
import { db } from '../../app/db/db.server';

test('refuses a file over 5 MB with a clear message, not a broken page', async ({ page }) => {
  await signIn(page, '/import');
  await page
    .getByLabel('CSV or Excel file (.csv, .xlsx, .xls)')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(6 * 1024 * 1024, 'a') });
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(page.getByTestId('import-result')).toContainText('Import Failed');
  await expect(page.getByTestId('import-result')).toContainText(
    'The file is larger than 5 MB. Split it into smaller files.',
  );
});

test('keeps the pasted JSON after a failure so it can be fixed', async ({ page }) => {
  const last = unique('Keep');
  await signIn(page, '/import?tab=json');
  const text = JSON.stringify([{ firstName: 'Ann' }, { firstName: 'Bob', lastName: last }]);
  await page.getByLabel('JSON data').fill(text);
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(page.getByTestId('import-result')).toContainText('Item 1: lastName: Last name is required');
  await expect(page.getByLabel('JSON data')).toHaveValue(text);
  expect(await db.golfer.count({ where: { lastName: last } })).toBe(0);
});
