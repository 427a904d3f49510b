import { expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';

test('copies a list to the clipboard: Copied for 2 seconds and a toast', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const last = unique('Copy');
  await createGolfer({ firstName: 'Cora', lastName: last, email: `${last.toLowerCase()}@example.org` }, null);
  await signIn(page, '/email-list?list=all');
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Copy' });
  await button.click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expectToast(page, 'Copied to clipboard');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.getByRole('textbox', { name: 'All Email Addresses email addresses' }).inputValue());
  expect(copied).toContain(`"${last}, Cora" <${last.toLowerCase()}@example.org>`);
  // Back to 'Copy' after two seconds.
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 4_000 });
});

test('says so when the clipboard refuses', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
  });
  await createGolfer({ firstName: 'Fay', lastName: unique('Fail'), email: `${unique('fail')}@example.org` }, null);
  await signIn(page, '/email-list?list=all');
  await hydrated(page);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Failed to copy', 'Could not copy to clipboard. Please try again.');
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
});
