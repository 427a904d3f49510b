import { expect, expectToast, hydrated, jsOn, signIn, test, unique } from './fixtures';
import { currentSeason } from '../../app/domain/season';
import { formatTeeTime } from '../../app/domain/tee-times';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';
import { ownSlot, sessionIdOf } from './registration-helpers';

// The whole public journey through the simulated checkout (the e2e server has no Stripe key), with
// JavaScript on and off: every step is a plain form or link underneath.
const season = currentSeason();

async function golferWithEmail(email: string) {
  return db.golfer.findMany({ where: { email }, include: { memberships: true } });
}

test('a new golfer registers, pays, takes a tee time, and doing any step twice changes nothing', async ({ page }) => {
  const slot = await ownSlot();
  const email = `${unique('new')}@example.org`;
  const lastName = unique('Newgolfer');

  await page.goto('/register');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'League Registration' })).toBeVisible();
  // The season on sale (opened for the whole year by the fixtures) at its own fee.
  await expect(page.getByText(`Register and pay the ${season} season fee of $150.`)).toBeVisible();
  await page.getByRole('radio', { name: 'New golfer' }).check();
  await page.getByLabel('First Name').fill('Nora');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('231-555-0123');
  await page.getByLabel('Estimated 9-Hole Score').fill('41');
  await expect(page.getByLabel('Estimated 9-Hole Score')).toHaveAttribute('placeholder', '36');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // The simulated checkout, clearly marked.
  await expect(page).toHaveURL(/\/checkout\/cs_test_sim_/);
  await expect(page.getByText('Test payment, no card is charged')).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$150');
  const sessionId = sessionIdOf(page);
  await page.getByRole('button', { name: 'Pay $150' }).click();

  // Back as from Stripe: verified and fulfilled.
  await expect(page).toHaveURL(new RegExp(`/registration-confirmation/${sessionId}$`));
  await expect(page.getByRole('heading', { name: 'Registration Complete', exact: true })).toBeVisible();
  await expect(page.getByText('Your payment of $150 has been processed')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Standing Tee Time' })).toBeVisible();

  const time = formatTeeTime(slot.time, 'compact');
  if (jsOn()) {
    // exact: a random 1:30 AM slot must not also match the league's 11:30 AM one.
    const choice = page.getByRole('button', { name: `${time} Golfer 1: Available`, exact: true });
    await choice.click();
    await expect(page.getByRole('button', { name: `${time} Golfer 1: Selected`, exact: true })).toHaveText('Selected');
    await page.getByRole('button', { name: 'Confirm Tee Time' }).click();
    await expect(page.getByText('Registration Complete!')).toBeVisible();
    await page.waitForURL(/\/schedule$/);
  } else {
    await page.getByLabel(`${time} Golfer 1`, { exact: true }).check();
    await page.getByRole('button', { name: 'Confirm Tee Time' }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expectToast(page, 'Registration Complete!');
  }

  // What the administrator will see: one golfer, one paid membership, the slot.
  const golfers = await golferWithEmail(email);
  expect(golfers).toHaveLength(1);
  expect(golfers[0].memberships).toEqual([
    expect.objectContaining({ season, registered: true, paid: true, estimatedScore: 41 }),
  ]);
  expect((await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } })).golfer1Id).toBe(golfers[0].id);
  const membership = golfers[0].memberships[0];

  // Reload the confirmation page: still complete, the golfer shown in their slot.
  await page.goto(`/registration-confirmation/${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Registration Complete', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${time}`) })).toContainText(`Nora ${lastName} (you)`);

  // Pay again on the checkout page: it is already paid and only leads back.
  await page.goto(`/checkout/${sessionId}`);
  await expect(page.getByText('This session has already been paid.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/registration-confirmation/${sessionId}$`));

  // Confirm the same tee time again (no JavaScript: the same form post).
  if (!jsOn()) {
    const again = await page.request.post(`/registration-confirmation/${sessionId}`, {
      form: { slot: `${slot.id}:1` },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
  }

  // Register again with the same email: refused before any charge.
  await page.goto('/register');
  await hydrated(page);
  await page.getByLabel('First Name').fill('Nora');
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('231-555-0123');
  await page.getByLabel('Estimated 9-Hole Score').fill('41');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Registration Failed')).toBeVisible();
  await expect(
    page.getByText(`This golfer is already registered and paid for the ${season} season. No payment is needed.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  const after = await golferWithEmail(email);
  expect(after).toHaveLength(1);
  expect(after[0].memberships).toEqual([membership]);
  expect(
    await db.teeTime.count({
      where: {
        season,
        OR: [
          { golfer1Id: after[0].id },
          { golfer2Id: after[0].id },
          { golfer3Id: after[0].id },
          { golfer4Id: after[0].id },
        ],
      },
    }),
  ).toBe(1);

  // The administrator sees the golfer in the slot.
  await signIn(page, '/tee-times');
  await expect(page.getByRole('row', { name: new RegExp(`^${formatTeeTime(slot.time)}`) })).toContainText(
    `Nora ${lastName}`,
  );
});

test('a returning golfer sees only a masked hint, updates their email through the link sent to the address on file, keeps their phone and skips the tee time', async ({
  page,
}) => {
  const golfer = await createGolfer(
    {
      firstName: 'Rita',
      lastName: unique('Returning'),
      email: `${unique('rita')}@mercy.org`,
      phone: '231-555-0187',
    },
    null,
  );
  const newEmail = `${unique('rita-new')}@example.org`;

  await page.goto('/register');
  await hydrated(page);
  await page.getByRole('radio', { name: 'Returning golfer' }).check();
  await page.getByLabel('Find your name').fill(golfer.lastName);
  if (!jsOn()) await page.getByRole('button', { name: 'Find my name' }).click();
  await page.getByRole('radio', { name: golfer.fullName }).check();
  if (!jsOn()) await page.getByRole('button', { name: 'Show what we have on file' }).click();
  const hint = page.getByTestId('contact-hint');
  await expect(hint).toContainText('r•••@m•••.org');
  await expect(hint).toContainText('•••-•••-••87');
  await expect(page.locator('body')).not.toContainText(golfer.email!);
  await expect(page.locator('body')).not.toContainText('555-0187');

  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await page.getByRole('button', { name: 'Pay $150' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete', exact: true })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole('link', { name: 'Skip for now' }).first().click();
  await expect(page).toHaveURL(/\/schedule$/);

  // Paid, with the details on file until the link sent to the address on file confirms the new email (decision 096).
  const after = await db.golfer.findUniqueOrThrow({ where: { id: golfer.id }, include: { memberships: true } });
  expect(after).toMatchObject({ email: golfer.email, phone: '231-555-0187', firstName: 'Rita' });
  expect(after.memberships).toEqual([expect.objectContaining({ season, paid: true, registered: true })]);
  const mail = await db.outboxMessage.findFirstOrThrow({ where: { kind: 'contact-change', golferId: golfer.id } });
  expect(mail.toAddress).toBe(golfer.email);
  const link = /https?:\/\/[^/\s]+(\/confirm-contact\/[A-Za-z0-9_-]+)/.exec(mail.text)![1];
  await page.goto(link);
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(page.getByText('Your contact details have been updated.')).toBeVisible();
  expect(await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).toMatchObject({
    email: newEmail,
    phone: '231-555-0187',
  });
});

test('cancelling on the checkout page returns to /register and registers nobody', async ({ page }) => {
  const email = `${unique('cancel')}@example.org`;
  await page.goto('/register');
  await hydrated(page);
  await page.getByLabel('First Name').fill('Cal');
  await page.getByLabel('Last Name').fill(unique('Cancel'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('231-555-0100');
  await page.getByLabel('Estimated 9-Hole Score').fill('50');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  const sessionId = sessionIdOf(page);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/register$/);
  expect(await golferWithEmail(email)).toHaveLength(0);

  // Coming back to the confirmation address of an unpaid session shows the failure card.
  await page.goto(`/registration-confirmation/${sessionId}`);
  await expect(page.getByText('Payment Verification Failed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Schedule' })).toHaveAttribute('href', '/schedule');
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/register');
});

test('the public tee-time page is read-only, with names, dashes for open positions and the join/login links', async ({
  page,
}) => {
  const slot = await ownSlot();
  const golfer = await createGolfer({ firstName: 'Pablo', lastName: unique('Public') }, null);
  await db.teeTime.update({ where: { id: slot.id }, data: { golfer3Id: golfer.id } });
  await page.goto('/public/tee-times');
  await expect(page.getByRole('heading', { name: 'Tee Times', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`^${formatTeeTime(slot.time)}`) });
  await expect(row.getByRole('cell')).toHaveText([formatTeeTime(slot.time), '—', '—', golfer.fullName, '—']);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Join League' })).toHaveAttribute('href', '/join');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('banner').getByRole('link', { name: 'My league' })).toHaveAttribute('href', '/me');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'My league' })).toHaveAttribute('href', '/me');
  await expect(page.getByRole('link', { name: 'Join Our League' })).toHaveAttribute('href', '/join');
  await expect(page.getByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/auth');
});
