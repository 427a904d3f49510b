import { expect, hydrated, test, unique } from './fixtures';
import { currentSeason } from '../../app/domain/season';
import { formatTeeTime } from '../../app/domain/tee-times';
import { db } from '../../app/db/db.server';
import { createGolfer } from '../../app/models/golfers.server';
import { signInGolfer } from './golfer-session';
import { waitForMail } from './mail-inbox';
import { ownSlot } from './registration-helpers';

// docs/product/my-league.md, JavaScript on and off, on a 375 px phone: a golfer signs in with the code
// from the email the site sent through a real SMTP server on loopback, and takes a standing tee time on /me.
test.use({ viewport: { width: 375, height: 800 } });

test('a golfer signs in with the emailed code and changes their tee time on My league', async ({ page }) => {
  const season = currentSeason();
  const email = `${unique('me')}@example.org`;
  const golfer = await createGolfer({ firstName: 'Robin', lastName: unique('Phone'), email }, null);
  await db.membership.create({ data: { golferId: golfer.id, season, registered: true, paid: true } });
  const slot = await ownSlot();

  // From the public site, as a golfer finds it: the header's 'My league' (not 'Login', the administrators').
  await page.goto('/join');
  await page.getByRole('banner').getByRole('link', { name: 'My league' }).click();
  await expect(page).toHaveURL(/\/me\/sign-in$/);
  await hydrated(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send my code' }).click();
  await expect(page.getByText(/^If m•••@e•••\.org belongs to a league golfer, a code is on its way\.$/)).toBeVisible();

  const [mail] = await waitForMail(email, 1);
  const code = /sign in to My league is (\d{6})/.exec(mail.text ?? '')![1];
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByRole('heading', { name: 'My league', level: 1 })).toBeVisible();
  await expect(page.getByText(golfer.fullName, { exact: true })).toBeVisible();
  await expect(page.getByText(/^You have no standing tee time for the \d{4} season yet\.$/)).toBeVisible();

  const label = formatTeeTime(slot.time);
  await hydrated(page);
  await page.getByLabel('Open tee times').selectOption({ label });
  await page.getByRole('button', { name: 'Change tee time' }).click();
  await expect(page.getByText(`${label} every Monday`)).toBeVisible();
  const held = await db.teeTime.findUnique({ where: { id: slot.id } });
  expect([held?.golfer1Id, held?.golfer2Id, held?.golfer3Id, held?.golfer4Id]).toContain(golfer.id);
  const mails = await waitForMail(email, 2);
  expect(mails.some((m) => m.subject?.startsWith('Your standing tee time'))).toBe(true);

  // The contact details show what is stored; a bad address comes back with its error under the field, nothing saved.
  const emailField = page.getByLabel('Email', { exact: true });
  await expect(emailField).toHaveValue(email);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('');
  await emailField.fill('not-an-address');
  await page.getByRole('button', { name: 'Save contact details' }).click();
  await expect(page.locator('#email-error')).toHaveText('Enter a valid email address, like name@example.com');
  await expect(emailField).toHaveAttribute('aria-describedby', 'email-error');
  await expect(page.locator('#phone-error')).toHaveCount(0);
  expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).email).toBe(email);

  // Nothing on the phone scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("'Sign out' ends the golfer's session: /me asks to sign in again", async ({ page, context, baseURL }) => {
  const golfer = await createGolfer(
    { firstName: 'Sid', lastName: unique('Out'), email: `${unique('out')}@example.org` },
    null,
  );
  await signInGolfer(context, baseURL!, golfer.id);
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'My league', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/me\/sign-in$/);
  // From the public site, as a golfer finds it: the header's 'My league' (not 'Login', the administrators').
  await page.goto('/join');
  await page.getByRole('banner').getByRole('link', { name: 'My league' }).click();
  await expect(page).toHaveURL(/\/me\/sign-in$/);
});
