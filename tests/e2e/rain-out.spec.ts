import ical, { type VEvent } from 'node-ical';
import type { APIRequestContext } from '@playwright/test';
import { claimYear, exclusive, expect, expectToast, signIn, test, unique } from './fixtures';
import { db } from '../../app/db/db.server';
import { formatRoundDate, todayInLeague } from '../../app/domain/season';
import { createGolfer } from '../../app/models/golfers.server';
import { createSeason } from '../../app/models/seasons.server';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { myCalendarLink } from '../../app/features/my-league/my-calendar.server';

// A rain-out in one press from /scores, with JavaScript on and off (docs/product/seasons.md#rain-out-in-one-press,
// docs/decisions/176): the confirm page, each golfer's email and text queued once (the e2e server has no Twilio
// account, so texts wait on /outbox as 'Not sent: no text provider configured'), both calendar feeds showing the
// night cancelled, its undo with one correction, and an urgent notice for tonight with its sends listed.

const nameOf = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');

/** The status of the feed's event on `date`, read by node-ical. */
async function statusOn(request: APIRequestContext, path: string, date: string): Promise<string | null> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const events = Object.values(ical.sync.parseICS(await res.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
  const event = events.find((e) => e.start.toISOString().slice(0, 10) === date);
  expect(event, `no event on ${date} in ${path}`).toBeDefined();
  return event!.status ?? null;
}

/** Each golfer's messages of `kind` by channel. */
async function sendsOf(golferIds: number[], kind: string) {
  const rows = await db.outboxMessage.findMany({ where: { golferId: { in: golferIds }, kind } });
  return golferIds.map((id) => ({
    email: rows.filter((r) => r.golferId === id && r.channel === 'email').length,
    text: rows.filter((r) => r.golferId === id && r.channel === 'text').length,
  }));
}

test('a rain-out from /scores reaches each golfer once by email and text, shows in both feeds, and is undone', async ({
  page,
  baseURL,
}) => {
  const { year, release } = await claimYear([2081, 2082, 2083, 2084, 2085, 2086, 2087, 2088, 2089]);
  try {
    // A run stopped half-way may have left the year's season and tee times behind.
    await db.teeTime.deleteMany({ where: { season: year } });
    await db.season.deleteMany({ where: { year } });
    await createSeason({ year, feeCents: 15000, registrationOpens: null, registrationCloses: null }, null);
    const date = `${year}-06-04`;
    for (const [i, night] of [date, `${year}-06-11`].entries())
      await createScheduleEntry(
        year,
        { date: night, event: 'League Play', kind: 'regular-round', weekNumber: i + 1 },
        null,
      );
    const golfers = [];
    for (let i = 0; i < 3; i++) {
      const last = unique('Rain');
      golfers.push(await createGolfer({ firstName: `R${i}`, lastName: last, email: `${last}@example.org` }, null));
    }
    await db.teeTime.create({
      data: {
        time: '17:00',
        season: year,
        golfer1Id: golfers[0].id,
        golfer2Id: golfers[1].id,
        golfer3Id: golfers[2].id,
      },
    });
    await db.golferTexts.create({
      data: { golferId: golfers[0].id, phone: '+12315550199', confirmedAt: new Date(), textsOn: true },
    });
    const ids = golfers.map((g) => g.id);
    const token = new URL((await myCalendarLink(golfers[0].id, baseURL!)).url).pathname;

    await signIn(page, `/scores?date=${date}`);
    await page.getByRole('link', { name: 'Rain out this night' }).click();
    await expect(page.getByText(`Tell 3 golfers that ${nameOf(date)} is rained out?`)).toBeVisible();
    await page.getByRole('button', { name: 'Rain out this night' }).click();
    await expectToast(page, `${nameOf(date)} is rained out`, '3 golfers told: 3 emails, 1 text.');
    await expect(page).toHaveURL(new RegExp(`/scores\\?date=${date}$`));
    await expect(page.getByText(`${nameOf(date)} is rained out.`)).toBeVisible();
    expect(await sendsOf(ids, 'rain-out')).toEqual([
      { email: 1, text: 1 },
      { email: 1, text: 0 },
      { email: 1, text: 0 },
    ]);
    const text = await db.outboxMessage.findFirstOrThrow({
      where: { golferId: ids[0], kind: 'rain-out', channel: 'text' },
    });
    expect(text.text).toContain(
      `Rained out: no league on ${nameOf(date)}. Next league night: ${nameOf(`${year}-06-11`)}.`,
    );
    expect(text.text.endsWith('Reply STOP to stop.')).toBe(true);
    expect(await statusOn(page.request, `/schedule/${year}.ics`, date)).toBe('CANCELLED');
    expect(await statusOn(page.request, token, date)).toBe('CANCELLED');

    // Undone: one correction to the same golfers, and the night is back in both feeds.
    await page.getByRole('link', { name: 'Not rained out after all' }).click();
    await expect(page.getByText(`Tell 3 golfers that ${nameOf(date)} is not rained out after all?`)).toBeVisible();
    await page.getByRole('button', { name: 'Not rained out after all' }).click();
    await expectToast(page, `${nameOf(date)} is on after all`, '3 golfers told: 3 emails, 1 text.');
    expect(await sendsOf(ids, 'rain-out-undone')).toEqual([
      { email: 1, text: 1 },
      { email: 1, text: 0 },
      { email: 1, text: 0 },
    ]);
    expect(await sendsOf(ids, 'rain-out')).toEqual([
      { email: 1, text: 1 },
      { email: 1, text: 0 },
      { email: 1, text: 0 },
    ]);
    expect(await statusOn(page.request, `/schedule/${year}.ics`, date)).toBeNull();
    expect(await statusOn(page.request, token, date)).toBeNull();
    await db.teeTime.deleteMany({ where: { season: year } });
    await db.golfer.deleteMany({ where: { id: { in: ids } } });
    await db.season.deleteMany({ where: { year } });
  } finally {
    release();
  }
});

test("an urgent notice goes to tonight's golfers once and its sends are listed under it", async ({ page }) => {
  const date = todayInLeague();
  const season = Number(date.slice(0, 4));
  // Tonight is a league night for this test; other specs' tonight is left as it was found.
  await exclusive('tonight', async () => {
    const existing = await db.scheduleEntry.findFirst({ where: { date } });
    if (!(await db.season.findUnique({ where: { year: season } })))
      await createSeason({ year: season, feeCents: 15000, registrationOpens: null, registrationCloses: null }, null);
    const made = existing
      ? null
      : await createScheduleEntry(
          season,
          { date, event: 'League Play', kind: 'regular-round', weekNumber: null },
          null,
        );
    const last = unique('Notice');
    const golfer = await createGolfer({ firstName: 'Nora', lastName: last, email: `${last}@example.org` }, null);
    const slot = await db.teeTime.create({ data: { time: unique('N'), season, golfer1Id: golfer.id } });
    try {
      await signIn(page, `/scores?date=${date}`);
      const words = `Frost delay: first tee time 5:42 PM ${last}`;
      await page.getByRole('textbox', { name: 'Urgent notice' }).fill(words);
      await page.getByRole('button', { name: 'Send urgent notice' }).click();
      await expectToast(page, 'Urgent notice sent');
      await expect(page.getByText(`“${words}”`)).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(`Nora ${last} Email`) })).toBeVisible();
      const rows = await db.outboxMessage.findMany({ where: { golferId: golfer.id, kind: 'notice' } });
      expect(rows.map((r) => r.channel)).toEqual(['email']);
      expect(rows[0].text).toContain(words);
    } finally {
      await db.teeTime.delete({ where: { id: slot.id } });
      await db.golfer.delete({ where: { id: golfer.id } });
      if (made) await db.scheduleEntry.delete({ where: { id: made.id } });
    }
  });
});
