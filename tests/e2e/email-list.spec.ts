import { expect, jsOn, signIn, test, unique } from './fixtures';
import { currentSeason } from '../../app/domain/season';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';

async function league() {
  const tag = unique('Mail');
  const season = currentSeason();
  const paid = await createGolfer({ firstName: 'Pat', lastName: `Paid${tag}`, email: `paid-${tag}@example.org` }, null);
  const owing = await createGolfer(
    { firstName: 'Olly', lastName: `Owing${tag}`, email: `owing-${tag}@example.org` },
    null,
  );
  await createGolfer({ firstName: 'Nat', lastName: `New${tag}`, email: `new-${tag}@example.org` }, null);
  // Single statements (not the model's transaction), which wait for the server's writes instead of failing.
  await db.membership.create({
    data: { golferId: paid.id, season, registered: true, paid: true, registrationDatetime: new Date() },
  });
  await db.membership.create({
    data: { golferId: owing.id, season, registered: true, paid: false, registrationDatetime: new Date() },
  });
  return {
    paid: `"Paid${tag}, Pat" <paid-${tag.toLowerCase()}@example.org>`,
    owing: `"Owing${tag}, Olly" <owing-${tag.toLowerCase()}@example.org>`,
    newcomer: `"New${tag}, Nat" <new-${tag.toLowerCase()}@example.org>`,
  };
}

test('shows the four lists in read-only boxes, switching tabs by link', async ({ page }) => {
  const entries = await league();
  await signIn(page, '/email-list');
  await expect(page.getByRole('heading', { name: 'Email Lists', level: 1 })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.nth(0)).toContainText('Registered This Season');
  await expect(tabs.nth(1)).toContainText('Registered Not Paid');
  await expect(tabs.nth(2)).toContainText('Not Yet Registered');
  await expect(tabs.nth(3)).toContainText('All Email Addresses');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  const box = page.getByRole('textbox', { name: 'Registered This Season email addresses' });
  await expect(box).toHaveAttribute('readonly', '');
  await expect(box).toHaveAttribute('placeholder', 'No email addresses found.');
  await expect(box).toHaveCSS('max-height', '400px');
  const current = await box.inputValue();
  expect(current).toContain(entries.owing);
  expect(current).toContain(entries.paid);
  expect(current).not.toContain(entries.newcomer);

  // Without JavaScript a tab is a new page: its box may be in the page before all its text is, so wait for the
  // text (expect.poll) rather than read the box once.
  await tabs.nth(1).click();
  await expect(page).toHaveURL(/list=registered-not-paid/);
  const owing = page.getByRole('textbox', { name: 'Registered Not Paid email addresses' });
  await expect.poll(() => owing.inputValue()).toContain(entries.owing);
  expect(await owing.inputValue()).not.toContain(entries.paid);

  await tabs.nth(2).click();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Not Yet Registered email addresses' }).inputValue())
    .toContain(entries.newcomer);
  await tabs.nth(3).click();
  const allBox = page.getByRole('textbox', { name: 'All Email Addresses email addresses' });
  await expect
    .poll(async () => {
      const value = await allBox.inputValue();
      return Object.values(entries).filter((entry) => !value.includes(entry));
    })
    .toEqual([]);
  const all = await allBox.inputValue();
  for (const entry of Object.values(entries)) expect(all).toContain(entry);
  // Entries are separated by a semicolon and a new line.
  expect(all.split(';\n').length).toBeGreaterThanOrEqual(3);
});

test('lets the addresses be selected by hand, and offers Copy only with JavaScript', async ({ page }) => {
  await createGolfer({ firstName: 'Sel', lastName: unique('Select'), email: `${unique('select')}@example.org` }, null);
  await signIn(page, '/email-list?list=all');
  const box = page.getByRole('textbox', { name: 'All Email Addresses email addresses' });
  await box.focus();
  await box.selectText();
  const selected = await box.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
  expect(selected).toBe(await box.inputValue());
  if (jsOn()) {
    await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(0);
    await expect(page.getByText('Select the addresses in the box and copy them')).toBeVisible();
  }
});
