import { TZDate } from '@date-fns/tz';
import ical from 'ical-generator';
import { NotFoundError } from '~/domain/errors';
import type { ScheduleEntry } from '~/domain/schedule';
import { LEAGUE_TZ } from '~/domain/season';
import { getLeagueSeason, getSchedule, getSeason } from '~/models/seasons.server';
import { getSettings, type LeagueSettings } from '~/models/settings.server';
import { db, type Tx } from '~/db/db.server';

/**
 * A season's schedule as an iCalendar file (docs/product/seasons.md#public-schedule-and-calendar): the feeds at
 * /schedule.ics and /schedule/{year}.ics, and the `schedule.ics` a tee-time confirmation attaches
 * (docs/product/email.md), so a golfer's calendar gets the same events whichever way it was added.
 */

/**
 * Fixed rather than the site's host: a UID must never change, and a league may move to another address (or the
 * file may be built with no request at all, for an email). Season and date make it unique.
 */
const UID_DOMAIN = 'golf-league';

/** The instant a Detroit wall-clock time on a plain date happens; written as UTC, so no VTIMEZONE is needed. */
function leagueInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, LEAGUE_TZ).getTime());
}

type CalendarInput = {
  year: number;
  entries: readonly ScheduleEntry[];
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
      id: `schedule-${entry.date}@${UID_DOMAIN}`,
      start: leagueInstant(entry.date, teeFirst),
      end: leagueInstant(entry.date, teeLast),
      summary: entry.rainOut ? `Rain-out: ${entry.event}` : entry.event,
      description: entry.weekNumber === null ? null : `Week ${entry.weekNumber}`,
    });
  }
  return calendar.toString();
}

/** The calendar of a season; NotFoundError for a year that is not a season. */
export async function seasonCalendar(year: number, client: Tx = db): Promise<string> {
  const [season, settings] = await Promise.all([getSeason(year, client), getSettings()]);
  if (!season) throw new NotFoundError('Season not found');
  return buildCalendar({ year, entries: season.schedule, ...windowOf(settings) });
}

/** The calendar of the league season (the one the public sees), with its year. */
export async function leagueSeasonCalendar(client: Tx = db): Promise<{ year: number; ics: string }> {
  const { year } = await getLeagueSeason(client);
  const [entries, settings] = await Promise.all([getSchedule(year, client), getSettings()]);
  return { year, ics: buildCalendar({ year, entries, ...windowOf(settings) }) };
}

function windowOf({ leagueName, teeFirst, teeLast }: LeagueSettings) {
  return { leagueName, teeFirst, teeLast };
}
