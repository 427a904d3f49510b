import { exclusive, expect, expectToast, hydrated, signIn, test, unique } from './fixtures';
import { getSettings } from '../../app/models/settings.server';
import { createUser, verifyLogin } from '../../app/models/users.server';

test('saves the league settings form', async ({ page }) => {
  // Other specs rely on the default fee and tee times, and the league name change is checked in settings.js.spec.ts:
  // this saves the values as they are, while no other test changes the settings.
  await exclusive('settings', async () => {
    const before = await getSettings();
    await signIn(page, '/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Season Fee ($)')).toHaveValue((before.seasonFeeCents / 100).toFixed(2));
    await expect(page.getByLabel('First Tee Time')).toHaveValue(before.teeFirst);
    await hydrated(page);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Success', 'Settings updated successfully');
    expect(await getSettings()).toEqual(before);
  });
});

test('refuses a statement descriptor that is too short', async ({ page }) => {
  await signIn(page, '/settings');
  await hydrated(page);
  await page.getByLabel('Statement Descriptor').fill('GO');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Use 5 to 22 characters')).toBeVisible();
});

test('adds a user, refusing passwords that do not match', async ({ page }) => {
  const username = unique('helper').toLowerCase();
  await signIn(page, '/settings');
  await page.getByRole('link', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await hydrated(page);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('First Name').fill('Hal');
  await dialog.getByLabel('Last Name').fill('Helper');
  await dialog.getByLabel('Email').fill(`${username}@example.org`);
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByLabel('Confirm Password').fill('password999');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByLabel('Confirm Password').fill('password123');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expectToast(page, 'User created successfully', `${username} can now sign in.`);
  // In Users (Activity below lists the new user too).
  const users = page.getByRole('region', { name: 'Users', exact: true });
  await expect(users.getByRole('row', { name: new RegExp(username) })).toContainText('Hal Helper');
  expect(await verifyLogin(username, 'password123')).not.toBeNull();
});

test("resets a user's password", async ({ page }) => {
  const username = unique('forgot').toLowerCase();
  await createUser(
    { username, password: 'old-password', email: 'f@example.org', firstName: 'For', lastName: 'Got' },
    null,
  );
  await signIn(page, '/settings');
  await page.getByRole('link', { name: `Reset password of ${username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await hydrated(page);
  await dialog.getByLabel('New Password').fill('new-password');
  await dialog.getByLabel('Confirm Password').fill('new-password');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password reset successfully');
  expect(await verifyLogin(username, 'new-password')).not.toBeNull();
});

test('a user who is not an administrator can look but not change anything', async ({ page }) => {
  const username = unique('viewer').toLowerCase();
  await createUser(
    {
      username,
      password: 'viewer-password',
      email: 'v@example.org',
      firstName: 'Vi',
      lastName: 'Ewer',
    },
    null,
  );
  await page.goto('/auth?redirectTo=/settings');
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('viewer-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Only an administrator can change settings and users.')).toBeVisible();
  await expect(page.getByLabel('League Name')).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
  // The server refuses too, whatever the page shows: tests/integration/server-security.test.ts.
});
