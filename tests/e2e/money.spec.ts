import { currentSeason } from '../../app/domain/season';
import { db } from '../../app/db/db.server';
import { createGolfer } from '../../app/models/golfers.server';
import { claimYear, expect, expectToast, signIn, test, unique } from './fixtures';
import { signInGolfer } from './golfer-session';

// The league's money in the browser, with JavaScript on and off (docs/product/money.md): /money's nights and
// balances with 'Paid in cash', and a golfer's 'My money' on /me paid through the simulated checkout (the e2e server
// has no Stripe key). Its rows are written straight into the database, in a past season this test claims for /money.
const PAST_YEARS = Array.from({ length: 12 }, (_, i) => 2001 + i);

test("/money shows a night's pots and payouts and each golfer's balance, and records 'Paid in cash'", async ({
  page,
}) => {
  // A dialog's two posts and their page loads: more than a simple page's 30 s on the shared 2-core host.
  test.slow();
  const { year, release } = await claimYear(PAST_YEARS);
  try {
    const golfer = await createGolfer({ firstName: 'Mona', lastName: unique('Money') }, null);
    const date = `${year}-06-04`;
    await db.sideGameEntry.createMany({
      data: [
        { date, season: year, golferId: golfer.id, game: 'skins', feeCents: 500 },
        { date, season: year, golferId: golfer.id, game: 'lowNet', feeCents: 250 },
      ],
    });
    await db.payout.create({ data: { date, season: year, game: 'lowNet', golferId: golfer.id, cents: 250 } });
    await db.payout.create({ data: { date, season: year, game: 'skins', golferId: null, cents: 500 } });
    await signIn(page, `/money?season=${year}`);
    await expect(page.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible();
    const night = page.getByRole('group', { name: 'Nights' }).getByRole('row').filter({ hasText: 'Jun 4' });
    await expect(night).toContainText('$5.00');
    await expect(night).toContainText(`${golfer.fullName}: Low net $2.50`);
    const row = page.getByRole('group', { name: 'Golfers' }).getByRole('row').filter({ hasText: golfer.fullName });
    await expect(row).toContainText('$7.50');
    await expect(row).toContainText('$5.00');

    await row.getByRole('link', { name: `Paid in cash: ${golfer.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Paid in cash' });
    await dialog.getByLabel('Amount ($)').fill('0');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText('A cash payment must be more than $0.00').first()).toBeVisible();
    expect(await db.moneyPayment.count({ where: { golferId: golfer.id } })).toBe(0);
    await page.getByRole('dialog', { name: 'Paid in cash' }).getByLabel('Amount ($)').fill('5.00');
    await page.getByRole('dialog', { name: 'Paid in cash' }).getByRole('button', { name: 'Record payment' }).click();
    await expectToast(page, 'Cash payment recorded', '$5.00 paid in cash.');
    await expect(
      page.getByRole('group', { name: 'Golfers' }).getByRole('row').filter({ hasText: golfer.fullName }),
    ).toContainText('$0.00');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/money.csv?season=${year}`);
  } finally {
    release();
  }
});

test("a golfer's 'My money' lists the lines behind the balance, and 'Pay my balance' settles it", async ({
  page,
  context,
  baseURL,
}) => {
  // /me, the checkout page, its return and /me again: more than a simple page's 30 s on the shared 2-core host.
  test.slow();
  const season = currentSeason();
  const golfer = await createGolfer(
    { firstName: 'Penny', lastName: unique('Payer'), email: `${unique('penny')}@example.org` },
    null,
  );
  await db.sideGameEntry.create({
    data: { date: `${season}-06-01`, season, golferId: golfer.id, game: 'skins', feeCents: 500 },
  });
  await signInGolfer(context, baseURL!, golfer.id);
  await page.goto('/me');
  const money = page.getByRole('region', { name: 'My money' });
  await expect(money).toContainText('You owe $5.00.');
  await expect(money.getByRole('row').filter({ hasText: 'Skins entry' })).toContainText('$5.00');
  await money.getByRole('button', { name: 'Pay my balance' }).click();
  await expect(page.getByText('Test payment, no card is charged')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $5' }).click();
  await expectToast(page, 'Payment received', '$5.00 paid. Your balance is settled.');
  await expect(page.getByRole('region', { name: 'My money' })).toContainText('Your balance is settled.');
  expect(await db.moneyPayment.count({ where: { golferId: golfer.id, paidAt: { not: null } } })).toBe(1);
});
