import { expect, expectToast, hydrated, signIn, test, unique } from './fixtures';

test('shows progress while uploading and importing, then the toast and the alert', async ({ page }) => {
  const last = unique('Progress');
  await signIn(page, '/import');
  await hydrated(page);
  // Hold the answer a moment so the "Importing" state can be seen.
  await page.route('**/api/import/golfers', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByLabel('CSV or Excel file (.csv, .xlsx, .xls)').setInputFiles({
    name: 'golfers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`firstName,lastName\nAnn,${last}\n`),
  });
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Uploading\.\.\.|Importing golfers\.\.\./ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Golfers', exact: true })).toBeDisabled();
  await expect(page.getByTestId('import-result')).toContainText('Successfully imported 1 golfers');
  await expectToast(page, 'Import Successful', 'Successfully imported 1 golfers');
  await expect(page.getByRole('button', { name: 'Golfers', exact: true })).toBeEnabled();
});

test('refuses a file over 5 MB before uploading it', async ({ page }) => {
  await signIn(page, '/import');
  await hydrated(page);
  let uploaded = false;
  await page.route('**/api/import/**', async (route) => {
    uploaded = true;
    await route.continue();
  });
  await page
    .getByLabel('CSV or Excel file (.csv, .xlsx, .xls)')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(page.getByText('The file is larger than 5 MB. Split it into smaller files.')).toBeVisible();
  expect(uploaded).toBe(false);
});

test('shows Import Failed as a toast too', async ({ page }) => {
  await signIn(page, '/import?tab=json');
  await hydrated(page);
  await page.getByLabel('JSON data').fill('[{"golferId": "abc", "date": "2025-06-02", "grossScore": 45}]');
  await page.getByRole('button', { name: 'Rounds', exact: true }).click();
  await expectToast(page, 'Import Failed', 'Nothing was imported: 1 item has errors.');
  await expect(page.getByTestId('import-result')).toContainText('Item 1: golferId:');
});
