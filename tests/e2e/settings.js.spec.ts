import { exclusive, expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import { getSettings, updateSettings } from '../../app/models/settings.server';

test('a new league name shows in the header and the page title', async ({ page }) => {
  await exclusive('settings', async () => {
    const before = await getSettings();
    const name = `League ${unique('n').slice(-6)}`;
    try {
      await signIn(page, '/settings');
      await hydrated(page);
      await page.getByLabel('League Name').fill(name);
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Success', 'Settings updated successfully');
      await expect(page.getByRole('banner').getByText(name)).toBeVisible();
      await expect(page).toHaveTitle(`Settings | ${name}`);
      expect((await getSettings()).leagueName).toBe(name);
    } finally {
      await updateSettings({ leagueName: before.leagueName }, null);
    }
  });
});

test('validates as you type: the confirmation must match the password', async ({ page }) => {
  await signIn(page, '/settings?action=new-user');
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  const confirm = dialog.getByLabel('Confirm Password');
  await confirm.fill('password12');
  await confirm.blur();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await confirm.fill('password123');
  await expect(dialog.getByText('Passwords do not match')).toHaveCount(0);
});
