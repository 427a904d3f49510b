/**
 * Seasons as data (docs/product/seasons.md): copying a schedule to another year, the registration window, and which
 * season the public sees. Pure: dates are `yyyy-MM-dd` calendar dates in Detroit, compared as strings.
 */
import { addDays, format, getDate, getDaysInMonth, getDay, parseISO } from 'date-fns';
import type { ScheduleEntry } from './schedule';

export type SeasonSummary = {
  year: number;
  feeCents: number;
  registrationOpens: string | null;
  registrationCloses: string | null;
  firstDate: string | null;
  lastDate: string | null;
  entryCount: number;
  /** The Grand Championship's date, when the schedule has one (left out where it does not matter). */
  grandChampionship?: string | null;
};

const MONDAY = 1;

function plain(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Local midnight of a calendar day (months 1-based), so no time zone moves the day. */
function day(year: number, month: number, dayOfMonth: number): Date {
  return new Date(year, month - 1, dayOfMonth);
}

/** The `n`th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  const first = day(year, month, 1);
  return addDays(first, ((weekday - getDay(first) + 7) % 7) + 7 * (n - 1));
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): Date {
  const last = day(year, month, getDaysInMonth(day(year, month, 1)));
  return addDays(last, -((getDay(last) - weekday + 7) % 7));
}

/** The first given weekday on or after a date. */
function weekdayOnOrAfter(date: Date, weekday: number): Date {
  return addDays(date, (weekday - getDay(date) + 7) % 7);
}

/** The holidays a schedule date follows when copied (docs/product/seasons.md#season-screens). */
type Holiday = 'memorial-day' | 'july-4th-week';

/**
 * Memorial Day is the last Monday of May; the league's 'No League' night of July 4th week is the first Monday on or
 * after July 4 (2025: July 4 is a Friday, so Monday July 7; when July 4 is itself a Monday, that day). Labor Day,
 * the first Monday of September, needs no rule of its own: the first Monday of a month stays the first.
 */
function holidayOf(date: Date): Holiday | null {
  if (getDay(date) !== MONDAY) return null;
  const month = date.getMonth() + 1;
  const dom = getDate(date);
  if (month === 5 && dom > 31 - 7) return 'memorial-day';
  if (month === 7 && dom >= 4 && dom < 4 + 7) return 'july-4th-week';
  return null;
}

/**
 * The date that plays the same part in `toYear`: the same weekday of the same week of the same month.
 * - The 1st to 4th such weekday of the month (days 1–28) stays the 1st to 4th: the first Monday of May stays the
 *   first Monday of May, and Labor Day (first Monday of September) stays Labor Day.
 * - A 5th weekday (days 29–31) becomes the month's last such weekday, so a date never falls outside its month.
 * - Memorial Day (a Monday in the last week of May) stays the last Monday of May, even when it was the 4th.
 * - A Monday from July 4 to July 10 (the Monday of July 4th week) becomes the first Monday on or after July 4.
 */
export function copyScheduleDate(date: string, toYear: number): string {
  const from = parseISO(date);
  const month = from.getMonth() + 1;
  const weekday = getDay(from);
  const holiday = holidayOf(from);
  if (holiday === 'memorial-day') return plain(lastWeekday(toYear, 5, MONDAY));
  if (holiday === 'july-4th-week') return plain(weekdayOnOrAfter(day(toYear, 7, 4), MONDAY));
  const n = Math.ceil(getDate(from) / 7);
  return plain(n <= 4 ? nthWeekday(toYear, month, weekday, n) : lastWeekday(toYear, month, weekday));
}

/** Only the entry's own fields: a stored row's id must not travel with its copy. */
function copyOf({ weekNumber, event, kind }: ScheduleEntry, date: string): ScheduleEntry {
  return { date, weekNumber, event, kind, rainOut: false };
}

/**
 * The schedule moved to `toYear` (docs/product/seasons.md#season-screens): dates by copyScheduleDate, week numbers,
 * events and kinds kept, rain-outs cleared. Two dates can land on the same day (June has five Mondays in one year
 * and four in another, or a holiday moves onto a league night); the holidays keep their day and the other dates,
 * taken in order, move a week later until free, so no date is lost and the order of league nights is kept.
 * The result is in date order.
 */
export function copySchedule(entries: readonly ScheduleEntry[], toYear: number): ScheduleEntry[] {
  const sorted = [...entries].sort((a, b) => a.date.localeCompare(b.date));
  const taken = new Set<string>();
  const copied: ScheduleEntry[] = [];
  const movable: ScheduleEntry[] = [];
  for (const entry of sorted) {
    if (holidayOf(parseISO(entry.date)) === null) {
      movable.push(entry);
      continue;
    }
    const date = copyScheduleDate(entry.date, toYear);
    taken.add(date);
    copied.push(copyOf(entry, date));
  }
  for (const entry of movable) {
    let date = copyScheduleDate(entry.date, toYear);
    while (taken.has(date)) date = plain(addDays(parseISO(date), 7));
    taken.add(date);
    copied.push(copyOf(entry, date));
  }
  return copied.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * A season's registration window (docs/product/seasons.md#registration-follows-the-season). A date not set takes its
 * default: opens January 1 of the season, closes on its last scheduled date (null when it has no schedule).
 */
export function registrationWindow(season: SeasonSummary): { opens: string | null; closes: string | null } {
  return {
    opens: season.registrationOpens ?? `${season.year}-01-01`,
    closes: season.registrationCloses ?? season.lastDate,
  };
}

export type RegistrationState =
  { status: 'open'; closes: string | null } | { status: 'opens-later'; opens: string } | { status: 'closed' };

/**
 * Whether `today` is inside the season's window. A window with no closing date (no date set and no schedule) ends
 * with the season's year, so a season never goes on selling after it has ended.
 */
export function registrationState(season: SeasonSummary, today: string): RegistrationState {
  const { opens, closes } = registrationWindow(season);
  if (opens !== null && today < opens) return { status: 'opens-later', opens };
  if (today <= (closes ?? `${season.year}-12-31`)) return { status: 'open', closes };
  return { status: 'closed' };
}

/**
 * The season the public sees (docs/product/seasons.md#the-league-season), the first that applies on `today`:
 * 1. a season whose registration window contains today (the newest, when a next season's registration opens
 *    while this one is still played: that is the one being sold);
 * 2. a season whose schedule runs around today (first date ≤ today ≤ last date);
 * 3. the next season with a schedule (the earliest first date after today);
 * 4. the latest season with a schedule;
 * 5. the calendar year of today.
 */
export function leagueSeasonYear(seasons: readonly SeasonSummary[], today: string): number {
  const newestFirst = [...seasons].sort((a, b) => b.year - a.year);
  const open = newestFirst.find((s) => registrationState(s, today).status === 'open');
  if (open) return open.year;
  const scheduled = newestFirst.filter(
    (s): s is SeasonSummary & { firstDate: string; lastDate: string } => s.firstDate !== null && s.lastDate !== null,
  );
  const running = scheduled.find((s) => s.firstDate <= today && today <= s.lastDate);
  if (running) return running.year;
  const upcoming = scheduled.filter((s) => s.firstDate > today).sort((a, b) => a.firstDate.localeCompare(b.firstDate));
  if (upcoming[0]) return upcoming[0].year;
  if (scheduled[0]) return scheduled[0].year;
  return Number(today.slice(0, 4));
}

/**
 * The season the stats pages open on (docs/product/playoffs.md#between-seasons): from the night of a season's Grand
 * Championship until the next season's first scheduled date, the season just finished (with its champions), whatever
 * season registration is selling; otherwise the league season. The caller gives `grandChampionship` only for a Grand
 * Championship that was played (it has results): a season whose results never came in is not 'just finished'.
 */
export function statsSeasonYear(seasons: readonly SeasonSummary[], today: string): number {
  const league = leagueSeasonYear(seasons, today);
  const finished = seasons
    .filter((s) => s.grandChampionship != null && s.grandChampionship <= today)
    .sort((a, b) => b.year - a.year)
    .at(0);
  if (!finished) return league;
  const nextStarted = seasons.some((s) => s.year > finished.year && s.firstDate !== null && s.firstDate <= today);
  return nextStarted ? league : finished.year;
}
