import { expect, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';

// Without JavaScript the radio still chooses which fieldset shows (CSS), both are in the form, and the server
// validates by registration type.
test('both fieldsets are usable and the server answers with the documented messages', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'New golfers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Returning golfers' })).toBeHidden();

  await page.getByLabel('First Name').fill('A');
  await page.getByLabel('Email').fill('someone@example.org');
  await page.getByLabel('Phone').fill('555-123-456');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Phone number must have at least 10 digits')).toBeVisible();
  await expect(page.getByText('Estimated score is required')).toBeVisible();
  // What was typed is still there.
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.org');

  // Returning chosen but no name picked: the new-golfer fields are ignored and the name is asked for.
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await expect(page.getByRole('heading', { name: 'Returning golfers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New golfers' })).toBeHidden();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Please select your name')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeHidden();
});

test('"Show what we have on file" keeps the typed email and shows only the masked hint', async ({ page }) => {
  const golfer = await createGolfer(
    {
      firstName: 'Hana',
      lastName: unique('Hint'),
      email: `${unique('hana')}@clinic.org`,
      phone: '(231) 555-0142',
    },
    null,
  );
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await page.getByLabel('Find your name').fill(golfer.lastName);
  await page.getByRole('button', { name: 'Find my name' }).click();
  await page.getByRole('radio', { name: golfer.fullName }).check();
  await page.getByLabel('Email').fill('typed@example.org');
  await page.getByRole('button', { name: 'Show what we have on file' }).click();
  await expect(page.getByTestId('contact-hint')).toContainText('h•••@c•••.org');
  await expect(page.getByLabel('Email')).toHaveValue('typed@example.org');
  await expect(page.getByRole('radio', { name: 'Returning golfer' })).toBeChecked();
  await expect(page.getByRole('radio', { name: golfer.fullName })).toBeChecked();
  await expect(page.locator('body')).not.toContainText(golfer.email!);
});
