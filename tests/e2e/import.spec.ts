import { expect, hydrated, signIn, test, unique } from './fixtures';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';

function csvFile(text: string, name = 'golfers.csv') {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

function result(page: Page) {
  return page.getByTestId('import-result');
}

test('imports golfers from a CSV file and shows Import Successful', async ({ page }) => {
  const last = unique('Csv');
  await signIn(page, '/import');
  await expect(page.getByRole('heading', { name: 'Import Data', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Import from File' })).toHaveAttribute('aria-selected', 'true');
  await hydrated(page);
  await page
    .getByLabel('CSV or Excel file (.csv, .xlsx, .xls)')
    .setInputFiles(csvFile(`First Name,Last Name,Email\nAnn,${last},ann-${last}@example.org\nBob,${last},\n`));
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(result(page)).toContainText('Import Successful');
  await expect(result(page)).toContainText('Successfully imported 2 golfers');
  expect(await db.golfer.count({ where: { lastName: last } })).toBe(2);
});

test('imports an Excel workbook', async ({ page }) => {
  const golfer = await createGolfer({ firstName: 'Xl', lastName: unique('Xlsx') }, null);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['golferId', 'season', 'flightNo'],
      [golfer.id, 2025, 2],
    ]),
    'Flights',
  );
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  await signIn(page, '/import');
  await hydrated(page);
  await page
    .getByLabel('CSV or Excel file (.csv, .xlsx, .xls)')
    .setInputFiles({ name: 'flights.xlsx', mimeType: 'application/octet-stream', buffer });
  await page.getByRole('button', { name: 'Flights', exact: true }).click();
  await expect(result(page)).toContainText('Successfully imported 1 flights');
  expect((await db.flightAssignment.findFirstOrThrow({ where: { golferId: golfer.id } })).flightNo).toBe('2');
});

test('imports nothing from a file with a bad row and names the row', async ({ page }) => {
  const last = unique('Bad');
  await signIn(page, '/import');
  await hydrated(page);
  await page
    .getByLabel('CSV or Excel file (.csv, .xlsx, .xls)')
    .setInputFiles(csvFile(`firstName,lastName,email\nAnn,${last},\nBob,${last},bob-at-example\nCy,${last},\n`));
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(result(page)).toContainText('Import Failed');
  await expect(result(page)).toContainText('Nothing was imported: 1 row has errors.');
  await expect(result(page)).toContainText('Row 3: email: Enter a valid email address');
  expect(await db.golfer.count({ where: { lastName: last } })).toBe(0);
});

test('asks for a file first and refuses other file types', async ({ page }) => {
  await signIn(page, '/import');
  await hydrated(page);
  await page.getByRole('button', { name: 'Rounds', exact: true }).click();
  await expect(page.getByText('Please select a file first.')).toBeVisible();
  await page
    .getByLabel('CSV or Excel file (.csv, .xlsx, .xls)')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: 'Rounds', exact: true }).click();
  // With JavaScript the browser catches it before uploading; without, the server answers with the same words.
  await expect(
    page.getByText('"notes.txt" is not a CSV or Excel file. Choose a .csv, .xlsx or .xls file.'),
  ).toBeVisible();
});

test('imports JSON from the JSON tab and gives the JSON messages', async ({ page }) => {
  const last = unique('Json');
  await signIn(page, '/import');
  await page.getByRole('tab', { name: 'Import from JSON' }).click();
  await expect(page).toHaveURL(/tab=json/);
  await expect(page.getByRole('tab', { name: 'Import from JSON' })).toHaveAttribute('aria-selected', 'true');
  await hydrated(page);
  const box = page.getByLabel('JSON data');
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(page.getByText('Please enter JSON data first.')).toBeVisible();
  await box.fill('[{"firstName": "Ann",');
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(page.getByText('Invalid JSON format', { exact: true })).toBeVisible();
  await expect(box).toHaveValue('[{"firstName": "Ann",');
  await box.fill('{"firstName": "Ann"}');
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(result(page)).toContainText('Import Failed');
  await expect(result(page)).toContainText('JSON data must be an array of objects.');
  await box.fill(JSON.stringify([{ firstName: 'Ann', lastName: last }]));
  await page.getByRole('button', { name: 'Golfers', exact: true }).click();
  await expect(result(page)).toContainText('Import Successful');
  await expect(result(page)).toContainText('Successfully imported 1 golfers');
  expect(await db.golfer.count({ where: { lastName: last } })).toBe(1);
});

test('lists the fields of each type in the guidelines', async ({ page }) => {
  await signIn(page, '/import');
  const guidelines = page.getByRole('region', { name: 'Import Guidelines' });
  await expect(guidelines.getByRole('row', { name: /Golfers/ }).getByRole('cell')).toHaveText([
    'firstName, lastName',
    'nickname, email, phone',
  ]);
  await expect(guidelines.getByRole('row', { name: /Rounds/ }).getByRole('cell')).toHaveText([
    'golferId, date, grossScore',
    'courseId, points, notes',
  ]);
  await expect(guidelines.getByRole('row', { name: /Flights/ }).getByRole('cell')).toHaveText([
    'golferId, season, flightNo',
    'none',
  ]);
});

test('downloads a CSV export that names the golfers', async ({ page }) => {
  const last = unique('Export');
  await createGolfer({ firstName: 'Ex', lastName: last, email: `${last.toLowerCase()}@example.org` }, null);
  await signIn(page, '/import');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV: Golfers' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('golfers.csv');
  const text = (await import('node:fs')).readFileSync(await file.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFFid,firstName,lastName,nickname,email,phone');
  expect(text).toContain(`Ex,${last},,${last.toLowerCase()}@example.org,`);
  expect(new URL(page.url()).pathname).toBe('/import');
});

test('each list page offers a Download CSV of what it shows', async ({ page }) => {
  await signIn(page, '/rounds?season=2024');
  for (const [path, filename] of [
    ['/rounds?season=2024', 'rounds-2024.csv'],
    ['/memberships?season=2024', 'memberships-2024.csv'],
    ['/flights?season=2024', 'flights-2024.csv'],
    ['/golfers', 'golfers.csv'],
    ['/courses', 'courses.csv'],
  ]) {
    await page.goto(path);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe(filename);
  }
});
