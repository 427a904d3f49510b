/**
 * The questions the app asks of a season's schedule (docs/product/seasons.md#what-a-season-holds). The entries
 * themselves are data (app/models/seasons.server.ts); everything here is pure. Dates are plain calendar dates
 * (`yyyy-MM-dd`) that never shift with a time zone.
 */
import { DAY_NAMES, MONTH_NAMES } from './date-names';

/** What happens on a schedule date (docs/product/league.md#schedule); rules depend on it, never on `event`. */
export const SCHEDULE_KINDS = [
  'practice-round',
  'fun-night',
  'regular-round',
  'playoff-qualifier',
  'no-league',
  'flight-playoff',
  'grand-championship',
  'final-outing',
  'final-outing-alternate',
] as const;

export type ScheduleEventKind = (typeof SCHEDULE_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(SCHEDULE_KINDS);

/**
 * The kind of a stored schedule row. Only the schema's kinds are ever written; a row changed by hand to anything else
 * counts as a regular round, like a date that is not on the schedule (docs/product/seasons.md#what-a-season-holds).
 */
export function scheduleKindOf(kind: string): ScheduleEventKind {
  return KINDS.has(kind) ? (kind as ScheduleEventKind) : 'regular-round';
}

export const KIND_LABELS: Record<ScheduleEventKind, string> = {
  'practice-round': 'Practice round',
  'fun-night': 'Fun night',
  'regular-round': 'Regular round',
  'playoff-qualifier': 'Playoff qualifier',
  'no-league': 'No league',
  'flight-playoff': 'Flight playoff',
  'grand-championship': 'Grand Championship',
  'final-outing': 'Final outing',
  'final-outing-alternate': 'Final outing (alternate date)',
};

export type ScheduleEntry = {
  /** yyyy-MM-dd */
  date: string;
  /** Scoring week number; null for dates that are not a scoring week. */
  weekNumber: number | null;
  event: string;
  kind: ScheduleEventKind;
  /** Marked by an administrator after the night (docs/product/league.md#rain-out-rule). */
  rainOut: boolean;
};

/**
 * Whether two versions of a night differ in what a calendar shows of it (its date, name, week, kind or rain-out), so
 * its event needs a new version (SEQUENCE) for calendar apps to replace their copy
 * (docs/decisions/115-league-season-defaults-and-calendar-updates.md).
 */
export function calendarEventChanged(before: ScheduleEntry, after: ScheduleEntry): boolean {
  return (
    before.date !== after.date ||
    before.event !== after.event ||
    before.weekNumber !== after.weekNumber ||
    before.kind !== after.kind ||
    before.rainOut !== after.rainOut
  );
}

/**
 * A night's UID in the calendar feeds. Fixed rather than the site's host: a UID must never change, and a league may
 * move to another address (or the file may be built with no request at all, for an email). It is made from the date
 * the night was first published on; a moved night keeps its UID, and a new night on a date a moved night left also
 * carries its entry's id, so two nights never share one.
 */
export function calendarUidOf(date: string, entryId?: number): string {
  return `schedule-${date}${entryId === undefined ? '' : `-${entryId}`}@golf-league`;
}

/**
 * Kinds whose rounds count for neither handicap nor standings (docs/product/seasons.md#what-a-season-holds). Flight
 * playoff and Grand Championship are highlighted as special events but are real scored rounds, so they are not listed.
 */
const NON_COUNTING_KINDS: ReadonlySet<ScheduleEventKind> = new Set([
  'practice-round',
  'fun-night',
  'final-outing',
  'final-outing-alternate',
]);

/** Highlighted as a 'Special event': every kind but regular rounds and playoff qualifiers. */
export function isSpecialKind(kind: ScheduleEventKind): boolean {
  return kind !== 'regular-round' && kind !== 'playoff-qualifier';
}

/** Dates whose rounds count for neither handicap nor standings: the non-counting kinds and every rained-out date. */
export function nonCountingDates(entries: readonly ScheduleEntry[]): Set<string> {
  return new Set(entries.filter((e) => e.rainOut || NON_COUNTING_KINDS.has(e.kind)).map((e) => e.date));
}

/** The playoff nights (the flight playoff and the Grand Championship): they give no standings points. */
export function playoffNightDates(entries: readonly ScheduleEntry[]): Set<string> {
  return new Set(
    entries.filter((e) => e.kind === 'flight-playoff' || e.kind === 'grand-championship').map((e) => e.date),
  );
}

/** The playoff-qualifier dates that were played, in date order (a rained-out qualifier is not a competition). */
export function playoffQualifierDates(entries: readonly ScheduleEntry[]): string[] {
  return entries
    .filter((e) => e.kind === 'playoff-qualifier' && !e.rainOut)
    .map((e) => e.date)
    .sort();
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-MM-dd string at noon UTC: its calendar day in the UTC formatters below, whatever the machine's zone. */
function utcNoon(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** The date exists (no February 30th). */
function isCalendarDate(date: string): boolean {
  return utcNoon(date).toISOString().slice(0, 10) === date;
}

// The ways the pages show a plain date (date-fns pattern names), US English as `Intl.DateTimeFormat('en-US')` writes
// them, spelled out (./date-names) rather than asked of the platform: a browser's first `Intl` formatter loads its locale data,
// 25 to 100 ms of a phone's main thread while the page hydrates, for a month's or a day's name (decision 130). No
// date library either: the public schedule imports this module (docs/decisions/061-javascript-budgets.md).
type DateParts = { weekday: string; day: number; month: string; year: number };
const DATE_PATTERNS = {
  'EEE, MMM d': (d) => `${d.weekday.slice(0, 3)}, ${d.month.slice(0, 3)} ${d.day}`,
  'EEE, MMM d, yyyy': (d) => `${d.weekday.slice(0, 3)}, ${d.month.slice(0, 3)} ${d.day}, ${d.year}`,
  'EEEE, MMMM d': (d) => `${d.weekday}, ${d.month} ${d.day}`,
  'MMMM d': (d) => `${d.month} ${d.day}`,
  'MMM d': (d) => `${d.month.slice(0, 3)} ${d.day}`,
  'MMM d, yyyy': (d) => `${d.month.slice(0, 3)} ${d.day}, ${d.year}`,
} as const satisfies Record<string, (d: DateParts) => string>;
type DatePattern = keyof typeof DATE_PATTERNS;

function assertPlainDate(date: string): void {
  if (!PLAIN_DATE.test(date) || !isCalendarDate(date)) {
    throw new RangeError(`Expected a yyyy-MM-dd date, got "${date}"`);
  }
}

/** The first entry on or after `today` (yyyy-MM-dd, the league's local date), or null when the season is over. */
export function nextEvent(entries: readonly ScheduleEntry[], today: string): ScheduleEntry | null {
  assertPlainDate(today);
  // yyyy-MM-dd strings sort chronologically, so no Date (and no time zone) is involved.
  const upcoming = entries.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  return upcoming[0] ?? null;
}

/** Display a plain date, e.g. "Mon, May 5" (pattern overridable). */
export function formatScheduleDate(date: string, pattern: DatePattern = 'EEE, MMM d'): string {
  assertPlainDate(date);
  const noon = utcNoon(date);
  return DATE_PATTERNS[pattern]({
    weekday: DAY_NAMES[noon.getUTCDay()],
    day: noon.getUTCDate(),
    month: MONTH_NAMES[noon.getUTCMonth()],
    year: noon.getUTCFullYear(),
  });
}
