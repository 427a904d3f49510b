import { expect, signIn, test, unique } from './fixtures';
import { db } from '../../app/db/db.server';
import { owingGolfer } from './owing-golfer';

test('composes and sends a message without JavaScript: the form is in the page, errors come back in it', async ({
  page,
}) => {
  const golfer = await owingGolfer('Noel');
  const subject = unique('No script ');
  await signIn(page, '/email-list?list=registered-not-paid');
  await page.getByRole('link', { name: 'Compose message' }).click();
  await expect(page).toHaveURL(/compose=registered-not-paid/);
  const dialog = page.getByRole('dialog', { name: 'Compose message' });
  await expect(dialog).toBeVisible();

  // An empty message is refused by the server, with the typed subject kept.
  await dialog.getByLabel('Subject').fill(subject);
  const send = dialog.getByRole('button', { name: /^Send to \d+ golfers?$/ });
  const n = Number((await send.textContent())!.match(/\d+/)![0]);
  await dialog.getByLabel('Message').evaluate((el) => el.removeAttribute('required'));
  await send.click();
  await expect(page.getByRole('dialog', { name: 'Compose message' }).getByText('Message is required')).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Subject')).toHaveValue(subject);
  expect(await db.outboxMessage.count({ where: { subject } })).toBe(0);

  await page.getByRole('dialog').getByLabel('Message').fill('Bring a raincoat.');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Send to \d+ golfers?$/ })
    .click();
  // The count is the tab's at the moment of sending: a test running alongside may have added a golfer since the
  // button was read, so the toast is checked for its wording and at least that many golfers.
  const toast = page.getByText(/^Message queued for \d+ golfers?$/).first();
  await expect(toast).toBeVisible();
  expect(Number((await toast.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(n);
  await expect(page).toHaveURL(/\/email-list\?list=registered-not-paid$/);
  expect(await db.outboxMessage.count({ where: { subject, golferId: golfer.id } })).toBe(1);

  await page.goto('/outbox');
  const listed = page.getByRole('row').filter({ hasText: subject }).filter({ hasText: golfer.email! });
  await expect(listed).toContainText(/Queued|Sent|Not sent: no mail server configured/);
});

test('sending the same form twice queues the message once', async ({ page }) => {
  const golfer = await owingGolfer('Noel');
  const subject = unique('Twice ');
  await signIn(page, '/email-list?compose=registered-not-paid');
  const dialog = page.getByRole('dialog', { name: 'Compose message' });
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Once only.');
  // The browser's own form data, posted twice (a double click, or Resend after Back).
  const form = await dialog
    .locator('form')
    .evaluate((el: HTMLFormElement) =>
      new URLSearchParams(new FormData(el) as unknown as Record<string, string>).toString(),
    );
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post('/email-list?compose=registered-not-paid', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(page.url()).origin },
      data: form,
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
  }
  expect(await db.outboxMessage.count({ where: { subject, golferId: golfer.id } })).toBe(1);
});
