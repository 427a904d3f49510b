import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';
import { claimYear, expect, expectToast, signIn, test, unique } from './fixtures';
import { fulfilledRegistration, simulatedSession } from './registration-helpers';

// Refunding a membership from /memberships (docs/product/payments.md#refunds) with the simulated provider (the e2e
// server has no Stripe key), in a past season this test claims, so no other test's memberships are on the page.
const PAST_YEARS = Array.from({ length: 12 }, (_, i) => 2001 + i);

/** A golfer who paid `year`'s fee through the simulated checkout: the paid session, its registration and membership. */
async function paidMembership(year: number) {
  const golfer = await createGolfer(
    {
      firstName: 'Reba',
      lastName: unique('Refund'),
      email: `${unique('reba')}@example.org`,
    },
    null,
  );
  const id = await simulatedSession(golfer.email!, year, 'paid');
  const registration = { id: unique('pending'), registrationType: 'new' } as const;
  const membership = await fulfilledRegistration(id, { ...golfer, email: golfer.email! }, year, registration);
  return { golfer, membership };
}

test('an administrator refunds part of a paid membership from /memberships; the membership becomes unpaid', async ({
  page,
}) => {
  const { year, release } = await claimYear(PAST_YEARS);
  try {
    const { golfer, membership } = await paidMembership(year);
    await signIn(page, `/memberships?season=${year}`);
    const row = page.getByRole('row').filter({ hasText: golfer.fullName });
    await row.getByRole('link', { name: `Refund membership of ${golfer.fullName}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Refund Membership' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Refund ${golfer.fullName}'s ${year} season fee.`);
    // A past season: the deadline has passed, so the policy suggests nothing and the amount starts empty.
    await expect(dialog).toContainText(`The refund deadline (July 15, ${year}) has passed`);
    const amount = dialog.getByLabel('Refund amount ($)');
    await expect(amount).toHaveValue('');

    // More than was paid: refused in the form, nothing refunded.
    await amount.fill('200');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(
      page.getByText('The refund can be at most $150 (paid $150, already refunded $0)').first(),
    ).toBeVisible();
    expect(await db.refund.count({ where: { golferId: golfer.id } })).toBe(0);

    await page.getByRole('dialog', { name: 'Refund Membership' }).getByLabel('Refund amount ($)').fill('60.00');
    await page.getByRole('dialog', { name: 'Refund Membership' }).getByRole('button', { name: 'Refund' }).click();
    await expectToast(page, 'Refund issued', `$60 refunded to ${golfer.fullName}. The membership is now unpaid.`);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const refunded = page.getByRole('row').filter({ hasText: golfer.fullName });
    await expect(refunded).toContainText('Refunded $60');
    await expect(refunded.getByLabel('No')).toHaveCount(1);
    await expect(refunded.getByRole('link', { name: /^Refund/ })).toHaveCount(0);

    const after = await db.membership.findUniqueOrThrow({ where: { id: membership.id } });
    expect(after).toMatchObject({ paid: false, refundedCents: 6000 });
    const refunds = await db.refund.findMany({ where: { golferId: golfer.id } });
    expect(refunds).toEqual([
      expect.objectContaining({
        amountCents: 6000,
        createdBy: 'admin',
        providerRefundId: expect.stringMatching(/^re_test_sim_/),
      }),
    ]);
  } finally {
    // A season with memberships cannot be deleted: the next test to claim the year finds it as it was.
    await db.membership.deleteMany({ where: { season: year } });
    release();
  }
});
