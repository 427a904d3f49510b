import { expect, hydrated, test } from './fixtures';

// With JavaScript the form validates as the golfer types, with the same schema the server uses.
test('the registration form shows the documented messages as you type and before submitting', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page);

  await page.getByLabel('First Name').fill('A');
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await page.getByLabel('First Name').fill('Al');
  await expect(page.getByText('First name must be at least 2 characters')).toBeHidden();

  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Phone').fill('555-1234');
  await expect(page.getByText('Phone number must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Estimated 9-Hole Score').fill('70');
  await expect(page.getByText('Estimated score must be between 27 and 65')).toBeVisible();

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // Returning golfers: the new-golfer fields go away and the name is required instead.
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await expect(page.getByLabel('First Name')).toBeHidden();
  await expect(page.getByLabel('Estimated 9-Hole Score')).toBeHidden();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Please select your name')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('the submit button reads Processing... while the registration is sent', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page);
  await page.getByLabel('First Name').fill('Pat');
  await page.getByLabel('Last Name').fill('Pending');
  await page.getByLabel('Email').fill(`pending${Date.now()}@example.org`);
  await page.getByLabel('Phone').fill('231-555-0111');
  await page.getByLabel('Estimated 9-Hole Score').fill('40');
  await page.getByLabel('I accept the terms and conditions').check();
  // Hold the request so the pending state can be seen: the form's post, as single fetch sends it (/register.data,
  // decision 194).
  await page.route(
    (url) => url.pathname === '/register.data',
    async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    },
  );
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/checkout\//);
});
