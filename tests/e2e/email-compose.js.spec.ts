import { expect, hydrated, signIn, test, unique } from './fixtures';
import { db } from '../../app/db/db.server';
import { owingGolfer } from './owing-golfer';

test('composes a message in a dialog: checked as you type, Sending... while it posts, then queued', async ({
  page,
}) => {
  const golfer = await owingGolfer('Olive');
  const subject = unique('Course closed ');
  await signIn(page, '/email-list?list=registered-not-paid');
  await hydrated(page);
  await page.getByRole('link', { name: 'Compose message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose message' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('To: Registered Not Paid')).toBeVisible();

  const subjectBox = dialog.getByLabel('Subject');
  await subjectBox.fill('x');
  await subjectBox.fill('');
  await subjectBox.blur();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await subjectBox.fill(subject);
  await dialog.getByLabel('Message').fill('The course is closed Monday.\n\nSee you next week.');
  await expect(dialog.getByText('Subject is required')).toHaveCount(0);

  // Hold the POST so the pending state can be seen.
  await page.route('**/email-list**', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const send = dialog.getByRole('button', { name: /^Send to \d+ golfers?$/ });
  const n = Number((await send.textContent())!.match(/\d+/)![0]);
  await send.click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  // The count is the tab's at the moment of sending: a test running alongside may have added a golfer since the
  // button was read, so the toast is checked for its wording and at least that many golfers.
  await expect(page.getByText(/^Message queued for \d+ golfers?$/).first()).toBeVisible();
  const queued = Number(
    (await page
      .getByText(/^Message queued for \d+ golfers?$/)
      .first()
      .textContent())!.match(/\d+/)![0],
  );
  expect(queued).toBeGreaterThanOrEqual(n);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/email-list\?list=registered-not-paid$/);

  const row = await db.outboxMessage.findFirstOrThrow({ where: { subject, golferId: golfer.id } });
  expect(row).toMatchObject({ kind: 'league', toAddress: golfer.email });
  await page.goto('/outbox');
  const listed = page.getByRole('row').filter({ hasText: subject }).filter({ hasText: golfer.email! });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('League message');
  // Queued until the sender has looked at it; then sent, or not sent without SMTP_URL.
  await expect(listed).toContainText(/Queued|Sent|Not sent: no mail server configured/);
});

test('sends the payment reminder with its ready text, which can be changed', async ({ page }) => {
  const golfer = await owingGolfer('Olive');
  await signIn(page, '/email-list?list=registered-not-paid');
  await hydrated(page);
  await page.getByRole('link', { name: 'Send payment reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment reminder' });
  await expect(dialog.getByLabel('Subject')).toHaveValue(/^Payment reminder: \d{4} .+ season$/);
  const message = dialog.getByLabel('Message');
  await expect(message).toHaveValue(/your league fee of \$[\d,.]+ yet/);
  await expect(message).toHaveValue(/http:\/\/127\.0\.0\.1:\d+\/register\?type=returning/);
  const subject = unique('Reminder ');
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('button', { name: /^Send to \d+ golfers?$/ }).click();
  await expect(page.getByText(/^Message queued for \d+ golfers?$/).first()).toBeVisible();
  const row = await db.outboxMessage.findFirstOrThrow({ where: { subject, golferId: golfer.id } });
  expect(row.kind).toBe('reminder');
  expect(row.text).toMatch(/\/register\?type=returning/);
});
