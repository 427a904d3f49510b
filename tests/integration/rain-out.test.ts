import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNightRainedOut } from '~/features/night-messages/rain-out.server';
import { sendUrgentNotice } from '~/features/night-messages/urgent-notice.server';
import { golferCalendar, myCalendarLink } from '~/features/my-league/my-calendar.server';
import { offerSpot } from '~/features/subs/offers.server';
import { spotOffer, takeSpot } from '~/features/subs/take-spot.server';
import { runDueJobs } from '~/features/automation/run-jobs.server';
import { seasonCalendar } from '~/models/schedule-calendar.server';
import { startNight } from '~/models/scorecards.server';
import { writeHoleScores } from '~/models/scorecard-writes.server';
import { noticesOf } from '~/models/night-notices.server';
import { setPastRainOut } from '~/models/schedule-entries.server';
import { action as apiAction } from '~/routes/api.nights.$date.rain-out';
import { loader as confirmLoader, action as confirmAction } from '~/routes/_admin.nights.$date.rain-out';
import { action as scoresAction } from '~/routes/_admin.scores';
import { db } from '~/db/db.server';
import { formatRoundDate } from '~/domain/season';
import { FakeTwilio } from '../fake-twilio/server';
import { detroit, KEYS, leagueNight, ORIGIN } from './automation-cases';
import { golferWith, offerTokens } from './subs-cases';
import { call, request, signIn, toastOf, unique } from './helpers';
import { newMobile, textSender, textsOnFor, useFakeTwilio, withoutTwilio } from './text-helpers';
import { sendersInChild } from './rain-out-helpers';

// A rain-out in one press and urgent notices (docs/decisions/176-rain-out-in-one-press.md, 177, 178): who is told and
// how, exactly once; what a rained-out night does to offers, cards, calendar feeds and the scheduled jobs; the API
// and the pages; a sender killed in the middle of the rain-out's sends.

const TODAY = '2026-01-01';
const nameOf = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A night (`{year}-06-05`, next `{year}-06-12`) of `count` golfers, the first `texting` of them with texts on. */
async function rainyNight(year: number, count: number, texting = 0) {
  const { date, golfers } = await leagueNight(db, year, count);
  const phones = new Map<number, string>();
  for (const golfer of golfers.slice(0, texting)) {
    const phone = newMobile();
    await textsOnFor(db, golfer.id, phone);
    phones.set(golfer.id, phone);
  }
  return { date, golfers, phones };
}

const noticeRows = (date: string) => db.nightNotice.findMany({ where: { date }, orderBy: { id: 'asc' } });
async function messagesOf(date: string) {
  const notices = await noticeRows(date);
  return db.outboxMessage.findMany({
    where: { OR: notices.map((n) => ({ key: { startsWith: `night:${n.id}:` } })) },
    orderBy: { id: 'asc' },
  });
}

/** Each golfer's messages of one kind by channel: every count must be exactly one. */
function perGolfer(rows: { golferId: number | null; channel: string; kind: string }[], kind: string) {
  const counts = new Map<string, number>();
  for (const r of rows.filter((m) => m.kind === kind))
    counts.set(`${r.golferId}:${r.channel}`, (counts.get(`${r.golferId}:${r.channel}`) ?? 0) + 1);
  return counts;
}

describe('rain out this night', () => {
  it('tells each golfer of the night once, by email and by text to those with texts on, with the next night', async () => {
    const { date, golfers, phones } = await rainyNight(3101, 6, 2);
    const outcome = await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    expect(outcome).toEqual({ date, rainedOut: true, changed: true, golfers: 6, emails: 6, texts: 2 });
    expect((await db.scheduleEntry.findFirstOrThrow({ where: { date } })).rainOut).toBe(true);
    const rows = await messagesOf(date);
    const counts = perGolfer(rows, 'rain-out');
    for (const g of golfers) expect(counts.get(`${g.id}:email`)).toBe(1);
    for (const id of phones.keys()) expect(counts.get(`${id}:text`)).toBe(1);
    expect(rows).toHaveLength(8);
    const email = rows.find((r) => r.channel === 'email')!;
    const [night, next] = [nameOf(date), nameOf('3101-06-12')];
    expect(email.subject).toBe(`Rained out: no league on ${night}`);
    expect(email.text).toContain(`Rained out: no league on ${night}.`);
    expect(email.text).toContain(`The next league night is ${next}.`);
    for (const text of rows.filter((r) => r.channel === 'text')) {
      expect(text.toAddress).toBe(phones.get(text.golferId!));
      expect(text.text).toMatch(
        new RegExp(
          escaped(`: Rained out: no league on ${night}. Next league night: ${next}. Reply STOP to stop.`) + '$',
        ),
      );
      expect(text.text.length).toBeLessThanOrEqual(320);
    }
    // Pressed again (a double submit, a second tab): nothing more.
    expect(await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY })).toMatchObject({
      changed: false,
    });
    expect(await messagesOf(date)).toHaveLength(8);
    expect(await noticeRows(date)).toHaveLength(1);
  });

  it('tells the sub who took a spot and not the golfer who is Out', async () => {
    const { date, golfers } = await rainyNight(3102, 4);
    const sub = await golferWith(db, {});
    const [out] = golfers;
    await db.nightOut.create({
      data: { golferId: out.id, date, season: 3102, teeTime: '15:00', position: 1, subGolferId: sub.id },
    });
    expect(await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY })).toMatchObject({ golfers: 4 });
    const told = new Set((await messagesOf(date)).map((m) => m.golferId));
    expect(told).toEqual(new Set([sub.id, ...golfers.slice(1).map((g) => g.id)]));
  });

  it("'Not rained out after all' sends one correction to the same golfers", async () => {
    const { date, golfers, phones } = await rainyNight(3103, 4, 1);
    await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    // A golfer given a tee time since the rain-out was not told of it, and gets no correction.
    await golferWith(db, { season: 3103, time: '18:00' });
    const undone = await setNightRainedOut({ date, rainOut: false, actor: null, today: TODAY });
    expect(undone).toEqual({ date, rainedOut: false, changed: true, golfers: 4, emails: 4, texts: 1 });
    expect(await setNightRainedOut({ date, rainOut: false, actor: null, today: TODAY })).toMatchObject({
      changed: false,
    });
    const rows = await messagesOf(date);
    const counts = perGolfer(rows, 'rain-out-undone');
    for (const g of golfers) expect(counts.get(`${g.id}:email`)).toBe(1);
    expect(counts.get(`${[...phones.keys()][0]}:text`)).toBe(1);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(5);
    const text = rows.find((r) => r.kind === 'rain-out-undone' && r.channel === 'text')!;
    expect(
      text.text.endsWith(
        `Not rained out after all: league is on for ${nameOf(date)}, as scheduled. Reply STOP to stop.`,
      ),
    ).toBe(true);
    expect((await db.scheduleEntry.findFirstOrThrow({ where: { date } })).rainOut).toBe(false);
  });

  it('refuses an unknown night (404) and a night with results (409), saving nothing', async () => {
    const { date, golfers } = await rainyNight(3104, 4);
    await expect(setNightRainedOut({ date: '3104-06-06', rainOut: true, actor: null, today: TODAY })).rejects.toThrow(
      'There is no league night on June 6, 3104',
    );
    await db.round.create({ data: { golferId: golfers[0].id, date, season: 3104, grossScore: 44 } });
    await expect(setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY })).rejects.toThrow(
      'This night has results: it cannot be rained out.',
    );
    await expect(setNightRainedOut({ date, rainOut: true, actor: null, today: '3104-06-06' })).rejects.toThrow(
      "This night is over: mark it a rain-out on the season's schedule.",
    );
    expect((await db.scheduleEntry.findFirstOrThrow({ where: { date } })).rainOut).toBe(false);
    expect(await noticeRows(date)).toHaveLength(0);
    expect(await db.outboxMessage.count({ where: { golferId: { in: golfers.map((g) => g.id) } } })).toBe(0);
  });

  it("the season screen's silent 'Mark rain-out', posted by hand for a night ahead, changes nothing", async () => {
    const { date, golfers } = await rainyNight(3119, 3);
    const entry = await db.scheduleEntry.findFirstOrThrow({ where: { date } });
    await expect(setPastRainOut(3119, entry.id, true, null, TODAY)).rejects.toThrow(
      "Tonight and the nights ahead are rained out with 'Rain out this night', which tells their golfers.",
    );
    expect((await db.scheduleEntry.findUniqueOrThrow({ where: { id: entry.id } })).rainOut).toBe(false);
    expect(await db.outboxMessage.count({ where: { golferId: { in: golfers.map((g) => g.id) } } })).toBe(0);
    // Once the night is over it is marked as before, silently: its golfers were there.
    expect((await setPastRainOut(3119, entry.id, true, null, '3119-06-06')).rainOut).toBe(true);
  });
});

describe('what a rained-out night does', () => {
  it('ends its sub offers: their page says This night was rained out, and taking the spot is refused', async () => {
    const { date, golfers } = await rainyNight(3105, 4);
    const sub = await golferWith(db, { canSub: true });
    await db.nightOut.create({ data: { golferId: golfers[0].id, date, season: 3105, teeTime: '15:00', position: 1 } });
    await offerSpot({
      golferId: golfers[0].id,
      date,
      actor: null,
      origin: ORIGIN,
      now: detroit('3105-06-01', '09:00'),
    });
    const token = (await offerTokens(db, [sub.id])).get(sub.id)!;
    const now = detroit('3105-06-02', '09:00');
    expect((await spotOffer(token, now)).state).toBe('open');
    await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    expect(await spotOffer(token, now)).toMatchObject({ state: 'rained-out', message: 'This night was rained out' });
    await expect(takeSpot({ token, origin: ORIGIN, now })).rejects.toThrow('This night was rained out');
    expect((await db.nightOut.findFirstOrThrow({ where: { golferId: golfers[0].id, date } })).subGolferId).toBeNull();
  });

  it('closes its cards: a hole entry is refused with a clear message, and the night cannot be started', async () => {
    const { date, golfers } = await rainyNight(3106, 4);
    const { user } = await signIn();
    const course = await db.course.create({
      data: { courseName: unique('Wet Links'), coursePar: 36, courseLength: '3 mi' },
    });
    await db.hole.createMany({
      data: Array.from({ length: 9 }, (_, i) => ({ courseId: course.id, number: i + 1, par: 4, strokeIndex: i + 1 })),
    });
    await startNight(date, course.id, user);
    const card = await db.scorecard.findFirstOrThrow({ where: { date } });
    await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    const scorer = { name: 'Admin', golferId: null, actor: user };
    await expect(
      writeHoleScores(
        date,
        card.teeTimeId,
        [{ clientId: unique('c'), golferId: golfers[0].id, hole: 1, strokes: 5 }],
        scorer,
      ),
    ).rejects.toThrow('This night was rained out: its cards take no scores.');
    expect(await db.holeScore.count({ where: { scorecardId: card.id } })).toBe(0);
    await expect(startNight(date, course.id, user)).rejects.toThrow('This night was rained out: it has no cards.');
  });

  it('shows cancelled in the league feed and the golfer feed, SEQUENCE up with each change and stable between', async () => {
    const { date, golfers } = await rainyNight(3107, 4);
    const token = new URL((await myCalendarLink(golfers[0].id, ORIGIN)).url).pathname
      .split('/')
      .pop()!
      .replace('.ics', '');
    const eventOn = (ics: string) => {
      const events = Object.values(ical.sync.parseICS(ics)).filter((c): c is VEvent => c?.type === 'VEVENT');
      const event = events.find((e) => e.start.toISOString().slice(0, 10) === date)!;
      return { status: event.status ?? null, sequence: Number(event.sequence) };
    };
    const feeds = async () => [eventOn(await seasonCalendar(3107)), eventOn(await golferCalendar(token, ORIGIN))];
    const before = await feeds();
    for (const event of before) expect(event.status).not.toBe('CANCELLED');
    await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    const rained = await feeds();
    expect(await feeds()).toEqual(rained);
    for (const [i, event] of rained.entries()) {
      expect(event.status).toBe('CANCELLED');
      expect(event.sequence).toBeGreaterThan(before[i].sequence);
    }
    await setNightRainedOut({ date, rainOut: false, actor: null, today: TODAY });
    const undone = await feeds();
    for (const [i, event] of undone.entries()) {
      expect(event.status).not.toBe('CANCELLED');
      expect(event.sequence).toBeGreaterThan(rained[i].sequence);
    }
  });

  it('is skipped by the scheduled jobs: no reminder goes for it', async () => {
    const { date } = await rainyNight(3108, 4);
    await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    const outcomes = await runDueJobs({ origin: ORIGIN, keys: KEYS, now: detroit('3108-06-02', '09:00') });
    expect(outcomes.filter((o) => o.date === date)).toEqual([]);
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `auto:reminder:${date}:` } } })).toBe(0);
  });
});

describe('the API and the pages', () => {
  it('POST and DELETE /api/nights/{date}/rain-out for administrators: JSON, 404, 409, 403', async () => {
    const { date, golfers } = await rainyNight(3109, 4);
    const { cookie } = await signIn();
    const { cookie: viewer } = await signIn({ isAdmin: false });
    const send = (method: string, on = date, who = cookie) =>
      call(apiAction, request(`/api/nights/${on}/rain-out`, { method, cookie: who }), { date: on });
    expect((await send('POST', date, viewer)).status).toBe(403);
    const posted = await send('POST');
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({ date, rainedOut: true, changed: true, golfers: 4, emails: 4, texts: 0 });
    expect(await (await send('POST')).json()).toMatchObject({ changed: false });
    const deleted = await send('DELETE');
    expect(await deleted.json()).toMatchObject({ rainedOut: false, changed: true, golfers: 4 });
    const unknown = await send('POST', '3109-06-07');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'There is no league night on June 7, 3109' });
    await db.round.create({ data: { golferId: golfers[0].id, date, season: 3109, grossScore: 44 } });
    const played = await send('POST');
    expect(played.status).toBe(409);
    expect(await played.json()).toEqual({ message: 'This night has results: it cannot be rained out.' });
    expect((await send('PUT')).status).toBe(405);
  });

  it('the confirm page asks "Tell {n} golfers that {night} is rained out?" and its button rains it out once', async () => {
    const { date } = await rainyNight(3110, 5);
    const { cookie } = await signIn();
    const page = await call(confirmLoader, request(`/nights/${date}/rain-out?back=/seasons/3110`, { cookie }), {
      date,
    });
    const { view, back } = (await page.json()) as { view: { golfers: number; name: string }; back: string };
    expect(view).toMatchObject({ golfers: 5, name: nameOf(date) });
    expect(back).toBe('/seasons/3110');
    const press = () =>
      call(
        confirmAction,
        request(`/nights/${date}/rain-out?back=/seasons/3110`, { cookie, form: { intent: 'rain-out' } }),
        { date },
      );
    const first = await press();
    expect(first.headers.get('Location')).toBe('/seasons/3110');
    expect(await toastOf(first)).toMatchObject({ title: `${nameOf(date)} is rained out` });
    expect(await toastOf(await press())).toMatchObject({ title: `${nameOf(date)} was already rained out` });
    expect(await messagesOf(date)).toHaveLength(5);
  });
});

describe('urgent notice', () => {
  it("goes once to tonight's golfers by email and text, its sends listed; bad input gets the form's message", async () => {
    const { date, golfers, phones } = await rainyNight(3111, 3, 1);
    const today = detroit(date, '12:00');
    const key = 'abcdefghijklmnop1234';
    // The page's notice is for tonight: here the test's clock is the night's (the sign-in's too).
    vi.useFakeTimers({ toFake: ['Date'], now: today });
    try {
      const { cookie } = await signIn();
      const post = (form: Record<string, string>) =>
        call(scoresAction, request(`/scores?date=${date}`, { cookie, form: { intent: 'notice', date, ...form } }));
      const empty = await post({ requestKey: key, notice: '  ' });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(await empty.json())).toContain('Write the notice');
      const long = await post({ requestKey: key, notice: 'x'.repeat(321) });
      expect(JSON.stringify(await long.json())).toContain('Keep the notice to 320 characters');
      expect(await noticeRows(date)).toHaveLength(0);
      const words = 'Frost delay: first tee time 5:42 PM';
      const sent = await post({ requestKey: key, notice: words });
      expect(await toastOf(sent)).toMatchObject({
        title: 'Urgent notice sent',
        description: '3 golfers: 3 emails, 1 text.',
      });
      expect(await toastOf(await post({ requestKey: key, notice: words }))).toMatchObject({
        title: 'Urgent notice already sent',
      });
    } finally {
      vi.useRealTimers();
    }
    const rows = await messagesOf(date);
    expect(rows).toHaveLength(4);
    const text = rows.find((r) => r.channel === 'text')!;
    expect(text.toAddress).toBe([...phones.values()][0]);
    expect(text.text).toMatch(/: Frost delay: first tee time 5:42 PM Reply STOP to stop\.$/);
    const [notice] = await noticesOf(date);
    expect(notice.text).toBe('Frost delay: first tee time 5:42 PM');
    expect(notice.sends).toHaveLength(4);
    expect(new Set(notice.sends.map((s) => s.golferName))).toEqual(new Set(golfers.map((g) => g.fullName)));
    // Another night than tonight: refused.
    await expect(
      sendUrgentNotice({ date, notice: 'Hi', requestKey: 'zzzzzzzzzzzzzzzz', actor: null, today: TODAY }),
    ).rejects.toThrow('An urgent notice is for tonight only');
  });
});

describe('a sender killed in the middle of the rain-out', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await new FakeTwilio().start();
    useFakeTwilio(fake);
  });
  afterAll(async () => {
    await fake.stop();
    withoutTwilio();
  });

  it('each text goes once: what was sent stays sent, the text held when it died goes once its claim expires', async () => {
    // The texts of the cases above are not this case's: only the rain-out's are due.
    await db.outboxMessage.deleteMany({ where: { channel: 'text' } });
    const { date, phones } = await rainyNight(3112, 8, 8);
    await setNightRainedOut({ date, rainOut: true, actor: null, today: TODAY });
    const texts = (await messagesOf(date)).filter((m) => m.channel === 'text');
    expect(texts).toHaveLength(8);
    // The text sender of another process: killed with SIGKILL while Twilio holds its fourth text unanswered.
    fake.holdAfter(3);
    const killed = await sendersInChild(() => fake.held(), 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const afterKill = await db.outboxMessage.findMany({ where: { id: { in: texts.map((t) => t.id) } } });
    expect(afterKill.filter((m) => m.status === 'sent')).toHaveLength(3);
    const held = afterKill.filter((m) => m.status === 'queued' && m.attempts === 1);
    expect(held).toHaveLength(1);
    fake.release();
    // Restarted at once: the held text is still claimed by the dead process, the rest go.
    expect((await (await textSender()).deliverDue()).sent).toBe(4);
    // Five minutes on, the dead process's claim has expired: the held text goes, once.
    const later = new Date(Date.now() + 6 * 60_000);
    expect((await (await textSender({ now: () => later })).deliverDue()).sent).toBe(1);
    for (const phone of phones.values()) expect(fake.textsTo(phone), phone).toHaveLength(1);
    const final = await db.outboxMessage.findMany({ where: { id: { in: texts.map((t) => t.id) } } });
    expect(final.every((m) => m.status === 'sent')).toBe(true);
    expect(final.find((m) => m.id === held[0].id)!.attempts).toBe(2);
  }, 60_000);
});
