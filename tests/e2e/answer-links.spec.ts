import { expect, test } from './fixtures';
import { E2E_SESSION_SECRET } from '../../playwright.config';
import { formatRoundDate } from '../../app/domain/season';
import { signAnswer } from '../../app/features/automation/answer-token.server';
import { db } from '../../app/db/db.server';
import { golfer, seasonWithNights } from './subs-data';

// The 'Are you in?' email's links on a phone (docs/product/automation.md#are-you-in), with JavaScript on and off:
// opening a link changes nothing; its one button answers as /me does; a bad or late link says so and changes nothing.
// Each project plays in a season of its own, far ahead, so its night is before its cut-off whenever the tests run.
test.use({ viewport: { width: 375, height: 740 } });

// Years no other spec takes (seasons.spec.ts expects no season 2100, the highest year the pages accept).
const yearOf = (project: string) => (project === 'javascript' ? 2090 : 2091);
const lateYearOf = (project: string) => (project === 'javascript' ? 2088 : 2089);

test("'I'm out' then 'I'm in' from the reminder's links: the page asks first, then the golfer is Out, then In again", async ({
  page,
}, testInfo) => {
  const year = yearOf(testInfo.project.name);
  const night = `${year}-06-01`;
  await seasonWithNights(year, [night]);
  const ann = await golfer({ season: year, time: '17:00', first: 'Ann' });
  const label = formatRoundDate(night, 'EEEE, MMMM d');
  const expiresAt = new Date(Date.UTC(year, 4, 31, 16));
  const link = (answer: 'in' | 'out') =>
    `/answer/${signAnswer({ golferId: ann.id, date: night, answer, expiresAt }, E2E_SESSION_SECRET)}`;

  await page.goto(link('out'));
  await expect(page.getByRole('heading', { name: 'Are you in?' })).toBeVisible();
  await expect(page.getByText(`${label}, tee time 5:00 PM.`)).toBeVisible();
  await expect(page.getByText('You are In that night.')).toBeVisible();
  // Opening the link (as a mail scanner does) changed nothing.
  expect(await db.nightOut.count({ where: { golferId: ann.id } })).toBe(0);
  await page.getByRole('button', { name: `Mark me Out for ${label}` }).click();
  await expect(page.getByText(`You are Out on ${label}`)).toBeVisible();
  expect(await db.nightOut.findFirst({ where: { golferId: ann.id, date: night } })).toMatchObject({ out: true });

  await page.goto(link('in'));
  await expect(page.getByText('You are Out that night.')).toBeVisible();
  await page.getByRole('button', { name: 'Keep me In' }).click();
  await expect(page.getByText(`You are In on ${label}: your spot is yours again`)).toBeVisible();
  expect(await db.nightOut.findFirst({ where: { golferId: ann.id, date: night } })).toMatchObject({ out: false });
});

test('a tampered link is a 404 page and a link past its cut-off says it is too late; neither changes anything', async ({
  page,
}, testInfo) => {
  const year = lateYearOf(testInfo.project.name);
  const night = `${year}-06-01`;
  await seasonWithNights(year, [night]);
  const bo = await golfer({ season: year, time: '17:00', first: 'Bo' });
  const token = signAnswer(
    { golferId: bo.id, date: night, answer: 'out', expiresAt: new Date(Date.UTC(year, 4, 31, 16)) },
    E2E_SESSION_SECRET,
  );

  const tampered = await page.goto(`/answer/${token.replace('.out.', '.in.')}`);
  expect(tampered?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await expect(page.getByText('This link is not valid. Check that you copied all of it from the email.')).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);

  const late = signAnswer(
    { golferId: bo.id, date: night, answer: 'out', expiresAt: new Date(Date.now() - 60_000) },
    E2E_SESSION_SECRET,
  );
  const refused = await page.goto(`/answer/${late}`);
  expect(refused?.status()).toBe(409);
  await expect(page.getByText('Too late to change online: call the league administrator.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark me Out/ })).toHaveCount(0);
  expect(await db.nightOut.count({ where: { golferId: bo.id } })).toBe(0);
});
