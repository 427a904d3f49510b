import ical, { type VEvent } from 'node-ical';
import { expect, it, vi } from 'vitest';
import type { Db } from '~/db/db.server';
import { golferWith, leagueWithNights, offerTokens } from './subs-cases';

/*
 * A golfer's own calendar (docs/product/my-league.md#my-calendar, docs/decisions/157-a-golfers-own-calendar.md): the
 * same cases on SQLite (my-calendar.test.ts) and PostgreSQL (my-calendar.postgres.test.ts). The feed is read by a real
 * calendar parser (node-ical), as the league's feed is. Each case plays in a season of its own (`year + n`), far enough
 * ahead that its nights are upcoming and before their cut-off; modules are imported when a case runs, after the
 * PostgreSQL file has pointed the client at its server.
 */

const ORIGIN = 'http://localhost';
const CALENDAR_NOT_FOUND =
  'This calendar link does not work: it is not complete, or the golfer made a new one. Copy the link again from My league.';

async function app() {
  const [subs, calendarRoute, meRoute, newLinkRoute, unsubscribeRoute, calendarApi, myCalendar, helpers] =
    await Promise.all([
      Promise.all([
        import('~/features/subs/golfer-nights.server'),
        import('~/features/subs/offers.server'),
        import('~/features/subs/take-spot.server'),
      ]).then((modules) => Object.assign({}, ...modules)),
      import('~/routes/calendar.$token[.ics]'),
      import('~/routes/_public.me._index'),
      import('~/routes/me.calendar'),
      import('~/routes/_public.unsubscribe.$token'),
      import('~/routes/api.me.calendar'),
      import('~/features/my-league/my-calendar.server'),
      import('./helpers'),
    ]);
  return { ...subs, calendarRoute, meRoute, newLinkRoute, unsubscribeRoute, calendarApi, ...myCalendar, ...helpers };
}

/** The address /me shows the signed-in golfer, and its webcal:// twin. */
async function linkOnMe(cookie: string): Promise<{ url: string; webcal: string }> {
  const { call, request, meRoute } = await app();
  const res = await call(meRoute.loader, request('/me', { cookie }));
  expect(res.status).toBe(200);
  const page = (await res.json()) as { calendar: { url: string; webcal: string } };
  return page.calendar;
}

const tokenOf = (url: string) => /\/calendar\/([^/]+)\.ics$/.exec(url)![1];

async function fetchFeed(token: string): Promise<Response> {
  const { call, request, calendarRoute } = await app();
  return call(calendarRoute.loader, request(`/calendar/${token}.ics`), { token });
}

type Event = {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string | null;
  sequence: number;
  lastModified: string;
  url: string;
};

/** The events of a feed, read by node-ical, in date order. */
async function eventsOf(res: Response): Promise<Event[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
  const text = await res.text();
  const parsed = ical.sync.parseICS(text);
  const text_ = (value: VEvent['summary'] | undefined) =>
    value === undefined ? '' : typeof value === 'string' ? value : value.val;
  return Object.values(parsed)
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((event) => ({
      uid: event.uid,
      start: event.start.toISOString(),
      end: event.end?.toISOString() ?? '',
      summary: text_(event.summary),
      description: text_(event.description),
      location: event.location ? text_(event.location) : null,
      sequence: Number(event.sequence),
      lastModified: event.lastmodified?.toISOString() ?? 'none',
      // node-ical types URL as text, but gives `URL;VALUE=URI:` as { params, val }.
      url: text_(event.url as VEvent['summary'] | undefined),
    }));
}

async function feedOf(token: string): Promise<Event[]> {
  return eventsOf(await fetchFeed(token));
}

/** Runs `read` with the clock at `instant`, so the LAST-MODIFIED a new version gets is known to the second. */
async function at<T>(instant: string, read: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
  try {
    return await read();
  } finally {
    vi.useRealTimers();
  }
}

/** The UTC instant of a Detroit wall-clock time in June (EDT, UTC-4), written out for the reader. */
const EDT = (date: string, hour: number, minute: number) =>
  new Date(`${date}T${String(hour + 4).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`).toISOString();
const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

export function myCalendarCases(year: number, database: () => Db): void {
  it('/me shows the address; the feed has each night at the tee time, with course, In/Out and week, and UIDs that stay', async () => {
    const db = database();
    const { signInGolfer } = await app();
    const y = year;
    const dates = [`${y}-06-01`, `${y}-06-08`, `${y}-06-15`];
    await leagueWithNights(y, dates);
    // A no-league date and a playoff night are not nights of the standing tee times: not in the golfer's calendar.
    const { createScheduleEntry } = await import('~/models/schedule-entries.server');
    await createScheduleEntry(y, { date: `${y}-06-22`, event: 'No league', kind: 'no-league', weekNumber: null }, null);
    await createScheduleEntry(
      y,
      { date: `${y}-06-29`, event: 'Playoffs', kind: 'flight-playoff', weekNumber: null },
      null,
    );
    const golfer = await golferWith(db, { season: y, time: '17:40' });
    const slot = await db.teeTime.findFirstOrThrow({ where: { season: y, golfer1Id: golfer.id } });
    // The first night's cards are on a course: that night's location.
    const course = await db.course.create({
      data: { courseName: `Pines ${y}`, coursePar: 36, courseLength: '3,100 yards' },
    });
    await db.scorecard.create({ data: { date: dates[0], teeTimeId: slot.id, courseId: course.id } });
    const onlyCourse = (await db.course.count()) === 1;

    const link = await linkOnMe(await signInGolfer(golfer.id));
    expect(link.url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcal).toBe(link.url.replace(/^http:/, 'webcal:'));
    // The same address on every visit.
    expect((await linkOnMe(await signInGolfer(golfer.id))).url).toBe(link.url);

    const res = await fetchFeed(tokenOf(link.url));
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const events = await eventsOf(res);
    expect(events.map((e) => e.uid)).toEqual(dates.map((d) => `schedule-${d}.golfer-${golfer.id}@golf-league`));
    expect(events.map((e) => e.summary)).toEqual(['In: Week 1', 'In: Week 2', 'In: Week 3']);
    for (const [i, event] of events.entries()) {
      expect(event.start).toBe(EDT(dates[i], 17, 40));
      expect(event.end).toBe(plus(event.start, 150));
      expect(event.description).toBe(`Tee time 5:40 PM. You are In.\nWeek ${i + 1}.`);
      expect(event.sequence).toBe(0);
      expect(event.url).toBe(`${ORIGIN}/me/nights`);
    }
    // Written out, so a mistake shared by the feed and the line above cannot hide.
    expect(events[0].start).toBe(`${y}-06-01T21:40:00.000Z`);
    expect(events[0].location).toBe(`Pines ${y}`);
    expect(events[1].location).toBe(onlyCourse ? `Pines ${y}` : null);

    // A second league course: a night without cards has no known course.
    await db.course.create({ data: { courseName: `Birches ${y}`, coursePar: 35, courseLength: '3,000 yards' } });
    const again = await feedOf(tokenOf(link.url));
    expect(again[0].location).toBe(`Pines ${y}`);
    expect(again[1].location).toBe(null);
    expect(again.map((e) => e.sequence)).toEqual(onlyCourse ? [0, 1, 1] : [0, 0, 0]);
    expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));

    // A rained-out night stays, marked so, as in the league's feed: a new version of it.
    const { getSeason } = await import('~/models/seasons.server');
    const { setRainOut } = await import('~/models/schedule-entries.server');
    const entry = (await getSeason(y))!.schedule.find((e) => e.date === dates[2])!;
    await setRainOut(y, entry.id, true, null);
    const rained = (await feedOf(tokenOf(link.url)))[2];
    // One version for the course it lost with the second course, if it had one, and one for the rain-out.
    expect(rained).toMatchObject({ summary: 'Rain-out: Week 3', sequence: onlyCourse ? 2 : 1 });
    expect(rained.description).toBe('Rained out.\nTee time 5:40 PM. You are In.\nWeek 3.');
  });

  it('a night marked Out, back In, and a new tee time each raise its SEQUENCE and LAST-MODIFIED; a fetch with no change does not', async () => {
    const db = database();
    const { signInGolfer, setAvailability } = await app();
    const y = year + 1;
    const dates = [`${y}-06-01`, `${y}-06-08`];
    await leagueWithNights(y, dates);
    const golfer = await golferWith(db, { season: y, time: '16:00' });
    const token = tokenOf((await linkOnMe(await signInGolfer(golfer.id))).url);
    const versions = async () => (await feedOf(token)).map((e) => [e.summary, e.sequence, e.lastModified]);

    const first = await at('2026-03-01T12:00:00Z', versions);
    expect(first).toEqual([
      ['In: Week 1', 0, '2026-03-01T12:00:00.000Z'],
      ['In: Week 2', 0, '2026-03-01T12:00:00.000Z'],
    ]);
    // Nothing changed: the same versions, however often the calendar app looks.
    expect(await at('2026-03-01T13:00:00Z', versions)).toEqual(first);

    await setAvailability({ golferId: golfer.id, date: dates[1], available: false, origin: ORIGIN });
    expect(await at('2026-03-02T12:00:00Z', versions)).toEqual([
      ['In: Week 1', 0, '2026-03-01T12:00:00.000Z'],
      ['Out: Week 2', 1, '2026-03-02T12:00:00.000Z'],
    ]);

    await setAvailability({ golferId: golfer.id, date: dates[1], available: true, origin: ORIGIN });
    expect(await at('2026-03-03T12:00:00Z', versions)).toEqual([
      ['In: Week 1', 0, '2026-03-01T12:00:00.000Z'],
      ['In: Week 2', 2, '2026-03-03T12:00:00.000Z'],
    ]);

    // A new standing tee time moves every night: each is a new version at the new time.
    await db.teeTime.updateMany({ where: { season: y, golfer1Id: golfer.id }, data: { time: '16:30' } });
    const moved = await at('2026-03-04T12:00:00Z', () => feedOf(token));
    expect(moved.map((e) => [e.start, e.sequence])).toEqual([
      [EDT(dates[0], 16, 30), 1],
      [EDT(dates[1], 16, 30), 3],
    ]);

    // Two calendar apps looking at once after a change count it once.
    await setAvailability({ golferId: golfer.id, date: dates[0], available: false, origin: ORIGIN });
    const both = await Promise.all([feedOf(token), feedOf(token)]);
    for (const events of both)
      expect(events.map((e) => [e.summary, e.sequence])).toEqual([
        ['Out: Week 1', 2],
        ['In: Week 2', 3],
      ]);
  });

  it("a sub's calendar says 'Sub for {name}' at the spot's time; the absent golfer's says who plays it; no email or phone in either", async () => {
    const db = database();
    const { signInGolfer, setAvailability, offerSpot, takeSpot } = await app();
    const y = year + 2;
    const dates = [`${y}-06-01`, `${y}-06-08`];
    await leagueWithNights(y, dates);
    const absent = await golferWith(db, { season: y, time: '15:20' });
    const sub = await golferWith(db, { canSub: true });
    const other = await golferWith(db, { season: y, time: '15:30' });
    for (const g of [absent, sub, other])
      await db.golfer.update({
        where: { id: g.id },
        data: { phone: `231-555-${String(g.id % 10_000).padStart(4, '0')}` },
      });
    const absentToken = tokenOf((await linkOnMe(await signInGolfer(absent.id))).url);
    const subToken = tokenOf((await linkOnMe(await signInGolfer(sub.id))).url);
    const otherToken = tokenOf((await linkOnMe(await signInGolfer(other.id))).url);
    expect(await feedOf(subToken)).toEqual([]);

    await setAvailability({ golferId: absent.id, date: dates[1], available: false, origin: ORIGIN });
    expect((await feedOf(absentToken)).map((e) => [e.summary, e.sequence])).toEqual([
      ['In: Week 1', 0],
      ['Out: Week 2', 0],
    ]);
    await offerSpot({ golferId: absent.id, date: dates[1], actor: null, origin: ORIGIN });
    const offer = (await offerTokens(db, [sub.id])).get(sub.id)!;
    await takeSpot({ token: offer, origin: ORIGIN });

    const absentName = `${absent.firstName} ${absent.lastName}`;
    const subName = `${sub.firstName} ${sub.lastName}`;
    const [subNight] = await feedOf(subToken);
    expect(subNight).toMatchObject({
      uid: `schedule-${dates[1]}.golfer-${sub.id}@golf-league`,
      summary: `Sub for ${absentName}: Week 2`,
      start: EDT(dates[1], 15, 20),
      description: `Tee time 3:20 PM. You sub for ${absentName}.\nWeek 2.`,
      sequence: 0,
    });
    const absentNights = await feedOf(absentToken);
    expect(absentNights[1]).toMatchObject({
      summary: 'Out: Week 2',
      description: `Tee time 3:20 PM. You are Out: ${subName} plays your spot.\nWeek 2.`,
      sequence: 1,
    });

    const raw = await Promise.all([absentToken, subToken, otherToken].map(async (t) => (await fetchFeed(t)).text()));
    for (const text of raw)
      for (const g of [absent, sub, other]) {
        const stored = await db.golfer.findUniqueOrThrow({ where: { id: g.id } });
        expect(text).not.toContain(stored.email!);
        expect(text).not.toContain(stored.phone!);
      }
    // Another golfer's calendar says nothing of them.
    expect(raw[2]).not.toContain(absent.lastName);
    expect(raw[2]).not.toContain(sub.lastName);
  });

  it("'New calendar link' ends the old address (404 in the site's words) and /me shows the new one", async () => {
    const db = database();
    const { call, request, signInGolfer, toastOf, newLinkRoute } = await app();
    const y = year + 3;
    await leagueWithNights(y, [`${y}-06-01`]);
    const golfer = await golferWith(db, { season: y, time: '17:00' });
    const cookie = await signInGolfer(golfer.id);
    const old = await linkOnMe(cookie);
    expect(await feedOf(tokenOf(old.url))).toHaveLength(1);

    const res = await call(newLinkRoute.action, request('/me/calendar', { method: 'POST', cookie, form: {} }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/me');
    expect(await toastOf(res)).toMatchObject({ type: 'success', title: 'New calendar link' });

    const gone = await fetchFeed(tokenOf(old.url));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await gone.text()).toBe(CALENDAR_NOT_FOUND);
    const fresh = await linkOnMe(cookie);
    expect(fresh.url).not.toBe(old.url);
    expect(await feedOf(tokenOf(fresh.url))).toHaveLength(1);

    // Without a golfer's session nothing changes: the sign-in page.
    const anonymous = await call(newLinkRoute.action, request('/me/calendar', { method: 'POST', form: {} }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toMatch(/^\/me\/sign-in/);
    expect((await linkOnMe(cookie)).url).toBe(fresh.url);
  });

  it('a tampered, made-up or borrowed token is a plain 404, and the calendar token opens nothing else', async () => {
    const db = database();
    const { call, request, signInGolfer, calendarRoute, unsubscribeRoute } = await app();
    const y = year + 4;
    await leagueWithNights(y, [`${y}-06-01`]);
    const golfer = await golferWith(db, { season: y, time: '17:10' });
    const cookie = await signInGolfer(golfer.id);
    const token = tokenOf((await linkOnMe(cookie)).url);
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    const unsubscribe = 'u'.repeat(43);
    await db.golfer.update({ where: { id: golfer.id }, data: { unsubscribeToken: unsubscribe } });
    for (const bad of [
      flipped,
      token.slice(0, 42),
      `${token}A`,
      'x'.repeat(43),
      '',
      unsubscribe,
      cookie.split('=')[1],
    ]) {
      const res = await fetchFeed(bad);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe(CALENDAR_NOT_FOUND);
    }
    // The calendar's token is no unsubscribe link.
    const unsub = await call(unsubscribeRoute.loader, request(`/unsubscribe/${token}`), { token });
    expect(unsub.status).toBe(404);
    // A calendar is read, never written.
    const post = await call(calendarRoute.action, request(`/calendar/${token}.ics`, { method: 'POST' }), { token });
    expect(post.status).toBe(405);
  });

  it('GET /api/me/calendar is the address /me shows; POST gives a new one and ends the old; 401 without a session', async () => {
    const db = database();
    const { call, request, signInGolfer, calendarApi } = await app();
    const y = year + 5;
    await leagueWithNights(y, [`${y}-06-01`]);
    const golfer = await golferWith(db, { season: y, time: '17:30' });
    const cookie = await signInGolfer(golfer.id);
    const shown = await linkOnMe(cookie);

    const got = await call(calendarApi.loader, request('/api/me/calendar', { cookie }));
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(shown);

    const made = await call(calendarApi.action, request('/api/me/calendar', { method: 'POST', cookie }));
    expect(made.status).toBe(200);
    const fresh = (await made.json()) as { url: string; webcal: string };
    expect(fresh.url).not.toBe(shown.url);
    expect(fresh.webcal).toBe(fresh.url.replace(/^http:/, 'webcal:'));
    expect((await fetchFeed(tokenOf(shown.url))).status).toBe(404);
    expect(await feedOf(tokenOf(fresh.url))).toHaveLength(1);
    expect(await linkOnMe(cookie)).toEqual(fresh);

    for (const res of [
      await call(calendarApi.loader, request('/api/me/calendar')),
      await call(calendarApi.action, request('/api/me/calendar', { method: 'POST' })),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Sign in with the code we email you first' });
    }
    expect(await linkOnMe(cookie)).toEqual(fresh);
  });
}
