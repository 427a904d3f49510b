import { createHash } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { isTeeTimeNight } from '~/domain/availability';
import { NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { myNightEvent, type MyNight, type MyNightRole } from '~/domain/my-calendar';
import { calendarUidOf, scheduleKindOf } from '~/domain/schedule';
import {
  calendarTokenOf,
  eventVersions,
  golferOfCalendarToken,
  replaceCalendarToken,
} from '~/models/golfer-calendars.server';
import { getSettings } from '~/models/settings.server';
import { golferTeeTimes } from '~/models/tee-times.server';
import { db } from '~/db/db.server';

/**
 * 'Add my nights to my calendar' (docs/product/my-league.md#my-calendar, docs/decisions/157-a-golfers-own-calendar.md):
 * the golfer's private feed at /calendar/{token}.ics, with each of their league nights (time, course, In or Out,
 * 'Sub for {name}'), and 'New calendar link', which ends the old address. Only names are in it: never an email or a
 * phone, the golfer's own or another's.
 */

const CALENDAR_NOT_FOUND =
  'This calendar link does not work: it is not complete, or the golfer made a new one. Copy the link again from My league.';

export type CalendarLink = { url: string; webcal: string };

function linkOf(origin: string, token: string): CalendarLink {
  const url = `${origin}/calendar/${token}.ics`;
  // webcal:// asks the device's calendar app to subscribe (https: is implied; an http site's is the same address).
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}

/** The golfer's calendar address for /me, made the first time it is shown. */
export async function myCalendarLink(golferId: number, origin: string): Promise<CalendarLink> {
  return linkOf(origin, await calendarTokenOf(golferId));
}

/** 'New calendar link': the old address answers 404 from now on. */
export async function newCalendarLink(golferId: number, origin: string): Promise<CalendarLink> {
  return linkOf(origin, await replaceCalendarToken(golferId));
}

const nameSelect = { firstName: true, lastName: true, nickname: true, fullName: true } as const;

/**
 * The golfer's nights: every night played from the standing tee times (rained out or not) of each season in which
 * they hold one, at their tee time, and every night they took another golfer's spot as a sub, at that spot's time.
 * On a night they sub, that is the night's one event. A fixed number of queries.
 */
async function myNights(golferId: number): Promise<(MyNight & { uid: string })[]> {
  const [slots, subbing] = await Promise.all([
    golferTeeTimes(golferId),
    db.nightOut.findMany({
      where: { subGolferId: golferId, out: true },
      select: { date: true, teeTime: true, golfer: { select: nameSelect } },
    }),
  ]);
  const timeOf = new Map(slots.map((s) => [s.season, s.time]));
  const subOn = new Map(subbing.map((row) => [row.date, row]));
  const entries = await db.scheduleEntry.findMany({
    where: { OR: [{ season: { in: [...timeOf.keys()] } }, { date: { in: [...subOn.keys()] } }] },
    select: {
      id: true,
      season: true,
      date: true,
      weekNumber: true,
      event: true,
      kind: true,
      rainOut: true,
      calendarUid: true,
    },
    orderBy: { date: 'asc' },
  });
  // A rained-out night stays in the calendar, marked so, as in the league's feed.
  const nights = entries.filter((e) => isTeeTimeNight({ kind: scheduleKindOf(e.kind), rainOut: false }));
  const dates = nights.map((n) => n.date);
  const [own, cards, courses] = await Promise.all([
    db.nightOut.findMany({
      where: { golferId, date: { in: dates } },
      select: { date: true, out: true, subGolferId: true, sub: { select: nameSelect } },
    }),
    db.scorecard.findMany({
      where: { date: { in: dates }, courseId: { not: null } },
      select: { date: true, course: { select: { courseName: true } } },
      orderBy: { id: 'asc' },
    }),
    db.course.findMany({ select: { courseName: true }, take: 2 }),
  ]);
  const ownOn = new Map(own.map((row) => [row.date, row]));
  const courseOn = new Map<string, string>();
  for (const card of cards)
    if (card.course && !courseOn.has(card.date)) courseOn.set(card.date, card.course.courseName);
  // Before a night's cards are made, its course is known only when the league has one course.
  const onlyCourse = courses.length === 1 ? courses[0].courseName : null;

  return nights.flatMap((entry) => {
    const sub = subOn.get(entry.date);
    const standing = timeOf.get(entry.season);
    let role: MyNightRole;
    let time: string;
    if (sub?.teeTime) {
      role = { kind: 'sub', forName: golferDisplayName(sub.golfer) };
      time = sub.teeTime;
    } else if (standing) {
      const row = ownOn.get(entry.date);
      role =
        !row || !row.out
          ? { kind: 'in' }
          : row.subGolferId !== null && row.sub
            ? { kind: 'sub-found', subName: golferDisplayName(row.sub) }
            : { kind: 'out' };
      time = standing;
    } else return [];
    // The night's UID in the league's feed, made the golfer's own: it outlives a moved date as that one does.
    const uid = (entry.calendarUid ?? calendarUidOf(entry.date)).replace('@', `.golfer-${golferId}@`);
    return [
      {
        uid,
        date: entry.date,
        event: entry.event,
        weekNumber: entry.weekNumber,
        rainOut: entry.rainOut,
        time,
        role,
        course: courseOn.get(entry.date) ?? onlyCourse,
      },
    ];
  });
}

/** Everything the event shows, as one string to compare: a different one is a new version of the event. */
function fingerprintOf(event: ReturnType<typeof myNightEvent> & { rainOut: boolean }): string {
  const shown = [event.start.toISOString(), event.end.toISOString(), event.summary, event.description, event.location];
  // Cancelled (a rain-out) is part of what the event shows; the fingerprint of a night not rained out is unchanged.
  if (event.rainOut) shown.push('CANCELLED');
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

/**
 * The calendar a token opens, as an iCalendar file; NotFoundError (CALENDAR_NOT_FOUND) for a token that is not a
 * golfer's current one. Each event's SEQUENCE rises, and its LAST-MODIFIED and DTSTAMP move, when what it shows
 * changed since the feed last served it.
 */
export async function golferCalendar(token: string, origin: string, now = new Date()): Promise<string> {
  const golferId = await golferOfCalendarToken(token);
  if (golferId === null) throw new NotFoundError(CALENDAR_NOT_FOUND);
  const [nights, settings] = await Promise.all([myNights(golferId), getSettings()]);
  const events = nights.map((night) => ({ uid: night.uid, rainOut: night.rainOut, ...myNightEvent(night) }));
  const versions = await eventVersions(
    golferId,
    events.map((event) => ({ uid: event.uid, fingerprint: fingerprintOf(event) })),
    now,
  );
  const calendar = ical({
    name: `${settings.leagueName}: my nights`,
    prodId: { company: settings.leagueName, product: 'My league nights', language: 'EN' },
    // A hint to calendar apps that honour it: look again every hour, so a night marked Out shows soon.
    ttl: 60 * 60,
  });
  for (const event of events) {
    const version = versions.get(event.uid)!;
    calendar.createEvent({
      id: event.uid,
      sequence: version.sequence,
      lastModified: version.changedAt,
      // As in the league's feed (decision 115): without a METHOD, DTSTAMP is the last revision, not the download.
      stamp: version.changedAt,
      start: event.start,
      end: event.end,
      summary: event.summary,
      description: event.description,
      location: event.location,
      // As in the league's feed: a rained-out night is cancelled (docs/decisions/176-rain-out-in-one-press.md).
      status: event.rainOut ? ICalEventStatus.CANCELLED : null,
      url: `${origin}/me/nights`,
    });
  }
  return calendar.toString();
}
