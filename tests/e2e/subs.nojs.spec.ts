import { expect, expectToast, signIn, test } from './fixtures';
import { formatRoundDate } from '../../app/domain/season';
import { setAvailability } from '../../app/features/subs/golfer-nights.server';
import { waitForMail } from './mail-inbox';
import { golfer, seasonWithNights } from './subs-data';

// The "done when" (docs/product/availability-and-subs.md): without JavaScript, from the offer email (through
// a real SMTP server on loopback) to the spot taken and the night view updated.
const year = 2093;
const night = `${year}-06-01`;

test('a sub takes an open spot from the offer email, without JavaScript, and the night view shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  await seasonWithNights(year, [night]);
  const absent = await golfer({ season: year, time: '17:00', first: 'Abe' });
  const first = await golfer({ canSub: true, first: 'Fay' });
  const second = await golfer({ canSub: true, first: 'Sid' });
  await setAvailability({ golferId: absent.id, date: night, available: false, origin: baseURL! });

  await signIn(page, `/tee-times?date=${night}`);
  const when = formatRoundDate(night, 'EEEE, MMMM d, yyyy');
  await expect(page.getByRole('heading', { name: `League night: ${when}` })).toBeVisible();
  const group = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '5:00 PM' }) });
  await expect(group).toContainText(`${absent.fullName} Out`);
  await group.getByRole('button', { name: `Offer spot to subs (${absent.fullName})` }).click();
  await expectToast(page, 'Spot offered to subs');

  const [offer] = await waitForMail(first.email, 1);
  expect(offer.subject).toBe(`A spot is open: ${formatRoundDate(night, 'EEEE, MMMM d')} at 5:00 PM`);
  const link = /https?:\/\/\S+\/subs\/take\/[A-Za-z0-9_-]+/.exec(offer.text!)![0];

  // The sub is not signed in: a browser of their own.
  const subContext = await browser.newContext({ javaScriptEnabled: false });
  const sub = await subContext.newPage();
  await sub.goto(link);
  await expect(sub.getByRole('heading', { name: 'Take the spot' })).toBeVisible();
  await sub.getByRole('button', { name: 'Take the spot' }).click();
  const youHaveIt = `You have the spot: ${formatRoundDate(night, 'EEEE, MMMM d')} at 5:00 PM`;
  await expect(sub.getByText(youHaveIt)).toBeVisible();
  const mails = await waitForMail(first.email, 2);
  expect(mails.map((m) => m.subject)).toContain(youHaveIt);

  // The other sub's link now says the spot is gone.
  const [late] = await waitForMail(second.email, 1);
  await sub.goto(/https?:\/\/\S+\/subs\/take\/[A-Za-z0-9_-]+/.exec(late.text!)![0]);
  await expect(sub.getByText('This spot has been taken. Thank you!')).toBeVisible();
  await expect(sub.getByRole('button', { name: 'Take the spot' })).toHaveCount(0);
  await subContext.close();

  await page.reload();
  await expect(group).toContainText(`${absent.fullName} Out → ${first.fullName} Sub`);
});
