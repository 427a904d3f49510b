import { TZDate } from '@date-fns/tz';
import { format, parse } from 'date-fns';

/**
 * The league plays in northern Michigan, so "today", the season and every displayed
 * date/time follow Detroit time whatever zone the server runs in.
 */
export const LEAGUE_TZ = 'America/Detroit';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MIN_SEASON = 2000;
const MAX_SEASON = 2100;

function inLeagueZone(date: Date | string | number): TZDate {
  return new TZDate(new Date(date).getTime(), LEAGUE_TZ);
}

/** The season is the calendar year as seen in Detroit (New Year's Eve in UTC is still the old season there). */
export function currentSeason(now: Date = new Date()): number {
  return inLeagueZone(now).getFullYear();
}

/** Admin pickers offer the current season and the two before it, newest first. */
export function seasonChoices(now: Date = new Date()): number[] {
  const season = currentSeason(now);
  return [season, season - 1, season - 2];
}

const leagueDay = new Intl.DateTimeFormat('en-US', {
  timeZone: LEAGUE_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Today's calendar date in Detroit as `yyyy-MM-dd`, comparable with round and schedule dates. (One formatter made
 * once: every scorecard write asks.)
 */
export function todayInLeague(now: Date = new Date()): string {
  // Detroit's day starts on a whole minute, so the answer of a minute holds for all of it: game night's burst asks
  // thousands of times a second, and formatting costs microseconds each.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastDay.minute) return lastDay.date;
  const parts = leagueDay.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  lastDay = { minute, date: `${part('year')}-${part('month')}-${part('day')}` };
  return lastDay.date;
}
let lastDay = { minute: NaN, date: '' };

/**
 * Formats an instant (e.g. a registration datetime) in Detroit time. Accepts the ISO string a
 * loader serialises a Date into, so pages need not revive dates first.
 */
export function formatLeagueDateTime(date: Date | string | number, pattern: string): string {
  return format(inLeagueZone(date), pattern);
}

/**
 * The instant a Detroit wall-clock time (`HH:mm`) on a plain date (`yyyy-MM-dd`) happens: the calendar feeds write it
 * as UTC, so they need no VTIMEZONE.
 */
export function leagueInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, LEAGUE_TZ).getTime());
}

/** True for a real `yyyy-MM-dd` calendar date (rejects 2025-02-30, 2025-13-01, 2025-6-2). */
export function isValidCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  // The day must exist in its month: a Date rolls 2025-02-30 over into March. (Cheaper than date-fns' parse,
  // which every scorecard write and night page calls.)
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Round dates are plain calendar dates: they are parsed and formatted in the same (local) zone,
 * so the day shown is the day stored wherever the code runs. A malformed value is shown as
 * stored rather than breaking the page that lists it.
 */
export function formatRoundDate(value: string, pattern = 'MMMM d, yyyy'): string {
  if (!isValidCalendarDate(value)) return value;
  return format(parse(value, 'yyyy-MM-dd', new Date(2000, 0, 1)), pattern);
}

/** Reads a season from a query parameter, form field or JSON value; null when it is not a plausible year. */
export function parseSeason(value: unknown): number | null {
  let season: number;
  if (typeof value === 'number') {
    season = value;
  } else if (typeof value === 'string' && /^\s*\d{4}\s*$/.test(value)) {
    season = Number(value.trim());
  } else {
    return null;
  }
  if (!Number.isInteger(season) || season < MIN_SEASON || season > MAX_SEASON) return null;
  return season;
}
