import ical, { ICalEventStatus } from 'ical-generator';
import { NotFoundError } from '~/domain/errors';
import { calendarUidOf, scheduleKindOf, type ScheduleEntry } from '~/domain/schedule';
import { leagueInstant } from '~/domain/season';
import { getLeagueSeason } from './seasons.server';
import { getSettings, type LeagueSettings } from '~/models/settings.server';
import { db, type Tx } from '~/db/db.server';

/**
 * A season's schedule as an iCalendar file (docs/product/seasons.md#public-schedule-and-calendar): the feeds at
 * /schedule.ics and /schedule/{year}.ics, and the `schedule.ics` a tee-time confirmation attaches
 * (docs/product/email.md), so a golfer's calendar gets the same events whichever way it was added. Each night is one
 * event whose UID outlives a move, and whose SEQUENCE and LAST-MODIFIED (kept with the night) change whenever what
 * the calendar shows of it changes, so calendar apps replace their copy
 * (docs/decisions/115-league-season-defaults-and-calendar-updates.md).
 */

/** A night as its calendar event needs it: the schedule entry and its event's UID and version. */
type CalendarNight = ScheduleEntry & { uid: string; sequence: number; changedAt: Date };

/** The season's nights in date order, one query. */
async function calendarNights(year: number, client: Tx): Promise<CalendarNight[]> {
  const rows = await client.scheduleEntry.findMany({
    where: { season: year },
    select: {
      date: true,
      weekNumber: true,
      event: true,
      kind: true,
      rainOut: true,
      calendarUid: true,
      sequence: true,
      changedAt: true,
    },
    orderBy: { date: 'asc' },
  });
  return rows.map(({ calendarUid, kind, ...row }) => ({
    ...row,
    kind: scheduleKindOf(kind),
    uid: calendarUid ?? calendarUidOf(row.date),
  }));
}

type CalendarInput = {
  year: number;
  entries: readonly CalendarNight[];
  leagueName: string;
  /** The tee-time window from Settings (`HH:mm`), the span of a league night. */
  teeFirst: string;
  teeLast: string;
};

function buildCalendar({ year, entries, leagueName, teeFirst, teeLast }: CalendarInput): string {
  const calendar = ical({
    name: `${leagueName} ${year} schedule`,
    prodId: { company: leagueName, product: 'League Schedule', language: 'EN' },
  });
  for (const entry of entries) {
    // A no-league date is a night without an event: nothing to put in a calendar.
    if (entry.kind === 'no-league') continue;
    calendar.createEvent({
      id: entry.uid,
      sequence: entry.sequence,
      lastModified: entry.changedAt,
      // Without a METHOD, DTSTAMP is when the event's information was last revised (RFC 5545 3.8.7.2), not the time
      // of the download: the same night reads the same on every fetch.
      stamp: entry.changedAt,
      start: leagueInstant(entry.date, teeFirst),
      end: leagueInstant(entry.date, teeLast),
      summary: entry.rainOut ? `Rain-out: ${entry.event}` : entry.event,
      // A rained-out night is cancelled (docs/decisions/176-rain-out-in-one-press.md): calendar apps strike it through;
      // its SEQUENCE went up with the rain-out, so they take the change.
      status: entry.rainOut ? ICalEventStatus.CANCELLED : null,
      description: entry.weekNumber === null ? null : `Week ${entry.weekNumber}`,
    });
  }
  return calendar.toString();
}

/** The calendar of a season; NotFoundError for a year that is not a season. */
export async function seasonCalendar(year: number, client: Tx = db): Promise<string> {
  const [season, entries, settings] = await Promise.all([
    client.season.findUnique({ where: { year }, select: { year: true } }),
    calendarNights(year, client),
    getSettings(),
  ]);
  if (!season) throw new NotFoundError('Season not found');
  return buildCalendar({ year, entries, ...windowOf(settings) });
}

/** The calendar of the league season (the one the public sees), with its year. */
export async function leagueSeasonCalendar(client: Tx = db): Promise<{ year: number; ics: string }> {
  const { year } = await getLeagueSeason(client);
  const [entries, settings] = await Promise.all([calendarNights(year, client), getSettings()]);
  return { year, ics: buildCalendar({ year, entries, ...windowOf(settings) }) };
}

function windowOf({ leagueName, teeFirst, teeLast }: LeagueSettings) {
  return { leagueName, teeFirst, teeLast };
}
