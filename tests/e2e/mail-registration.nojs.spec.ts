import ical, { type VEvent } from 'node-ical';
import { expect, expectToast, test, unique } from './fixtures';
import { currentSeason } from '../../app/domain/season';
import { formatTeeTime } from '../../app/domain/tee-times';
import { getSchedule } from '../../app/models/seasons.server';
import { getSettings } from '../../app/models/settings.server';
import { mailTo, waitForMail } from './mail-inbox';
import { ownSlot, sessionIdOf } from './registration-helpers';

// The "done when" (docs/product/email.md): without JavaScript, a new golfer who registers through the
// simulated checkout and picks a tee time receives exactly two emails, through a real SMTP server on loopback
// (scripts/e2e-server.mjs): the receipt and the tee-time confirmation with the season's calendar.
const season = currentSeason();

test('a new golfer who registers and picks a tee time receives the receipt and the confirmation, once each', async ({
  page,
  baseURL,
}) => {
  const slot = await ownSlot();
  const email = `${unique('mail')}@example.org`;

  await page.goto('/register');
  await page.getByLabel('First Name').fill('Morgan');
  await page.getByLabel('Last Name').fill(unique('Mailer'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('231-555-0188');
  await page.getByLabel('Estimated 9-Hole Score').fill('40');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_sim_/);
  const sessionId = sessionIdOf(page);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete', exact: true })).toBeVisible();
  await expect(page.getByText(`A receipt will be sent to ${email}.`)).toBeVisible();

  const time = formatTeeTime(slot.time, 'compact');
  await page.getByLabel(`${time} Golfer 1`, { exact: true }).check();
  await page.getByRole('button', { name: 'Confirm Tee Time' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expectToast(page, 'Registration Complete!');

  // The confirmation page reloaded and the same choice posted again: nothing new to say.
  await page.goto(`/registration-confirmation/${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Registration Complete', exact: true })).toBeVisible();
  const again = await page.request.post(`/registration-confirmation/${sessionId}`, {
    form: { slot: `${slot.id}:1` },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);

  const { leagueName } = await getSettings();
  const mails = await waitForMail(email, 2);
  // Give a third message (there must be none) the time the sender would need.
  await page.waitForTimeout(1500);
  expect(mailTo(email)).toHaveLength(2);
  const receipt = mails.find((m) => m.subject === `You're registered for the ${season} ${leagueName} season`);
  const confirmation = mails.find(
    (m) => m.subject === `Your standing tee time: ${formatTeeTime(slot.time, 'table')} Mondays`,
  );
  expect(receipt, 'the receipt').toBeDefined();
  expect(confirmation, 'the tee-time confirmation').toBeDefined();

  // The receipt's link leads back to the confirmation page (where the tee time can be chosen).
  const link = `${baseURL}/registration-confirmation/${sessionId}`;
  expect(receipt!.text).toContain(link);
  expect(receipt!.html).toContain(`href="${link}"`);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose Your Standing Tee Time' })).toBeVisible();

  expect(confirmation!.text).toContain(`League schedule: ${baseURL}/schedule`);
  expect(confirmation!.text).toContain(`Standing tee times: ${baseURL}/public/tee-times`);
  const calendar = confirmation!.attachments.find((a) => a.filename === 'schedule.ics');
  expect(calendar?.contentType).toBe('text/calendar');
  const events = Object.values(ical.sync.parseICS(calendar!.content)).filter((c): c is VEvent => c?.type === 'VEVENT');
  const nights = (await getSchedule(season)).filter((entry) => entry.kind !== 'no-league');
  expect(nights.length).toBeGreaterThan(0);
  expect(events.map((e) => e.uid).sort()).toEqual(nights.map((n) => `schedule-${n.date}@golf-league`).sort());
});
