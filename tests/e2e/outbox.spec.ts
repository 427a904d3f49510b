import { expect, expectToast, signIn, test, unique } from './fixtures';
import { newSendId, queueLeagueMessage } from '../../app/features/league-messages/league-messages.server';
import { db } from '../../app/db/db.server';
import { owingGolfer } from './owing-golfer';

// GET /api/outbox is checked over HTTP alone in tests/integration/server-feeds-and-api.test.ts.

/** A message the sender tried five times and gave up on. */
async function failedMessage() {
  const tag = unique('fail');
  return db.outboxMessage.create({
    data: {
      key: `test:${tag}`,
      kind: 'receipt',
      toAddress: `${tag}@example.org`,
      subject: `Receipt ${tag} <b>not bold</b>`,
      text: 'Thank you for registering.',
      html: '<p>Thank you for <em>registering</em>.</p><script>parent.document.title = "hacked"</script>',
      status: 'failed',
      attempts: 5,
      lastError: '550 5.1.1 mailbox unavailable',
    },
  });
}

test('is in the admin menu below Email List and lists messages newest first with their status', async ({ page }) => {
  const message = await failedMessage();
  await signIn(page, '/email-list');
  const menu = page.locator('aside').getByRole('navigation', { name: 'Admin menu' });
  const links = await menu.getByRole('link').allTextContents();
  const at = links.findIndex((l) => l.includes('Email List'));
  expect(links[at + 1]).toContain('Outbox');
  await menu.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page).toHaveTitle(/^Outbox \|/);
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  // Web-first: without JavaScript the heading can be on screen while the rest of the page is still arriving.
  const headers = page.getByRole('columnheader');
  for (const [i, header] of ['Sent or queued at', 'By', 'To', 'Subject', 'Kind', 'Status', 'Attempts'].entries())
    await expect(headers.nth(i)).toHaveText(header);
  const row = page.getByRole('row').filter({ hasText: message.toAddress });
  await expect(row).toContainText('Failed: 550 5.1.1 mailbox unavailable');
  await expect(row).toContainText('Receipt');
  await expect(row).toContainText('Email');
  await expect(page.getByText(/^Showing 1–\d+ of \d+ messages$/)).toBeVisible();

  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByRole('row').filter({ hasText: message.toAddress })).toHaveCount(1);
  await page.getByRole('tab', { name: 'Sent', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: message.toAddress })).toHaveCount(0);
});

test('shows one message: its details, the text, and the HTML in a sandbox, never in the page', async ({ page }) => {
  const message = await failedMessage();
  await signIn(page, `/outbox?view=${message.id}`);
  const dialog = page.getByRole('dialog', { name: 'Message' });
  await expect(dialog.getByText(message.subject, { exact: true })).toBeVisible();
  await expect(dialog.getByText(message.toAddress, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Failed: 550 5.1.1 mailbox unavailable')).toBeVisible();
  await expect(dialog.getByText('Thank you for registering.')).toBeVisible();
  const frame = dialog.locator('iframe[title="HTML version of the message"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="HTML version of the message"]').locator('em')).toHaveText(
    'registering',
  );
  await expect(page.locator('em', { hasText: 'registering' })).toHaveCount(0);
  await expect(page).not.toHaveTitle('hacked');

  await page.goto('/outbox?view=99999999');
  await expect(page.getByRole('dialog').getByText('Message not found.')).toBeVisible();
});

test('retries a failed message: queued again with a fresh count of attempts', async ({ page }) => {
  const message = await failedMessage();
  await signIn(page, `/outbox?view=${message.id}`);
  const dialog = page.getByRole('dialog', { name: 'Message' });
  await dialog.getByRole('button', { name: `Retry message to ${message.toAddress}` }).click();
  await expectToast(page, 'Message queued again');
  const after = await db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
  // The sender may already have taken it: sent, or not sent without SMTP_URL.
  expect(['queued', 'sent', 'not-sent']).toContain(after.status);
  expect(after.attempts).toBeLessThanOrEqual(1);
  expect(after.lastError === null || after.lastError === 'Not sent: no mail server configured').toBe(true);
  await expect(page.getByRole('dialog', { name: 'Message' }).getByText(/^(Queued|Sent|Not sent.*)$/)).toBeVisible();
});

test('unsubscribes from the link in a league message, and the Email Lists page shows it', async ({ page }) => {
  const golfer = await owingGolfer('Una', 'Unsub');
  const tag = golfer.lastName;
  // The message goes to a season of this test alone, so no other golfer of the shared database gets it.
  const season = 1850 + Math.floor(Math.random() * 100);
  await db.membership.create({ data: { golferId: golfer.id, season, registered: true, paid: true } });
  const sendId = newSendId();
  await queueLeagueMessage(
    { list: 'current', kind: 'league', sendId, subject: `Hello ${tag}`, message: 'Hi' },
    { origin: 'http://league.example', season },
    null,
  );
  const row = await db.outboxMessage.findUniqueOrThrow({ where: { key: `league:${sendId}:${golfer.id}` } });
  const header = (JSON.parse(row.headers!) as Record<string, string>)['List-Unsubscribe'];
  const link = new URL(header.replace(/^<|>$/g, ''));
  expect(link.pathname).toMatch(/^\/unsubscribe\/[A-Za-z0-9_-]{32}$/);

  // Opening the link changes nothing: mail scanners follow links.
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from league messages' })).toBeVisible();
  await expect(page.getByText('u•••@e•••.org')).toBeVisible();
  expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).toBeNull();

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You will no longer receive league messages at u•••@e•••.org.')).toBeVisible();
  expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).not.toBeNull();

  await signIn(page, '/email-list?list=registered-not-paid');
  const entry = page.getByRole('list', { name: 'Unsubscribed golfers' }).getByRole('listitem').filter({ hasText: tag });
  await expect(entry).toContainText('(unsubscribed)');
  expect(await page.getByRole('textbox', { name: 'Registered Not Paid email addresses' }).inputValue()).not.toContain(
    tag,
  );

  // Changed their mind.
  await page.goto(link.pathname);
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByText('You will receive league messages at u•••@e•••.org again.')).toBeVisible();
  expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).toBeNull();
});

test('an unknown or tampered unsubscribe link is a 404 page that changes nothing', async ({ page }) => {
  const res = await page.goto('/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
});
