/**
 * The league schedule (docs/product/league.md#schedule): fixed data per season plus the questions the rest of the app
 * asks of it. Dates are plain calendar dates (`yyyy-MM-dd`) that never shift with a time zone.
 */
import { format, isValid, parseISO } from 'date-fns';

/**
 * What happens on a schedule date. `isSpecialEvent` only drives highlighting; `kind` says what the date is,
 * so rules such as "special events do not count" never depend on the wording of `event`.
 */
export type ScheduleEventKind =
  | 'practice-round'
  | 'fun-night'
  | 'regular-round'
  | 'playoff-qualifier'
  | 'no-league'
  | 'flight-playoff'
  | 'grand-championship'
  | 'final-outing'
  | 'final-outing-alternate';

export type ScheduleEntry = {
  /** yyyy-MM-dd */
  date: string;
  /** Scoring week number; null for dates that are not a scoring week. */
  weekNumber: number | null;
  event: string;
  /** Highlighted on the schedule page. */
  isSpecialEvent: boolean;
  kind: ScheduleEventKind;
};

/**
 * Kinds whose rounds count for neither handicap nor standings (docs/product/league.md#special-events). Flight playoff
 * and Grand Championship are highlighted as special events but are real scored rounds, so they are not listed.
 */
const NON_COUNTING_KINDS: ReadonlySet<ScheduleEventKind> = new Set([
  'practice-round',
  'fun-night',
  'final-outing',
  'final-outing-alternate',
]);

export const SCHEDULE_2025: readonly ScheduleEntry[] = [
  { date: '2025-05-05', weekNumber: null, event: 'Practice Round', isSpecialEvent: true, kind: 'practice-round' },
  {
    date: '2025-05-12',
    weekNumber: null,
    event: 'Fun Night – 2-Ball Scramble',
    isSpecialEvent: true,
    kind: 'fun-night',
  },
  { date: '2025-05-19', weekNumber: 1, event: 'First Scoring Round', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-05-26', weekNumber: null, event: 'Memorial Day – No League', isSpecialEvent: true, kind: 'no-league' },
  { date: '2025-06-02', weekNumber: 2, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-06-09', weekNumber: 3, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-06-16', weekNumber: 4, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-06-23', weekNumber: 5, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-06-30', weekNumber: 6, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-07-07', weekNumber: null, event: 'No League', isSpecialEvent: true, kind: 'no-league' },
  { date: '2025-07-14', weekNumber: 7, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-07-21', weekNumber: 8, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  { date: '2025-07-28', weekNumber: 9, event: 'League Play', isSpecialEvent: false, kind: 'regular-round' },
  {
    date: '2025-08-04',
    weekNumber: 10,
    event: 'Playoff Qualifier 1',
    isSpecialEvent: false,
    kind: 'playoff-qualifier',
  },
  {
    date: '2025-08-11',
    weekNumber: 11,
    event: 'Playoff Qualifier 2',
    isSpecialEvent: false,
    kind: 'playoff-qualifier',
  },
  {
    date: '2025-08-18',
    weekNumber: 12,
    event: 'Playoff Qualifier 3',
    isSpecialEvent: false,
    kind: 'playoff-qualifier',
  },
  {
    date: '2025-08-25',
    weekNumber: 13,
    event: 'Playoff Qualifier 4',
    isSpecialEvent: false,
    kind: 'playoff-qualifier',
  },
  { date: '2025-09-01', weekNumber: null, event: 'Labor Day – No League', isSpecialEvent: true, kind: 'no-league' },
  { date: '2025-09-08', weekNumber: 14, event: 'Flight Playoff', isSpecialEvent: true, kind: 'flight-playoff' },
  { date: '2025-09-15', weekNumber: 15, event: 'Grand Championship', isSpecialEvent: true, kind: 'grand-championship' },
  { date: '2025-09-27', weekNumber: null, event: 'Final Outing', isSpecialEvent: true, kind: 'final-outing' },
  {
    date: '2025-09-28',
    weekNumber: null,
    event: 'Final Outing – Alternate Date',
    isSpecialEvent: true,
    kind: 'final-outing-alternate',
  },
];

/**
 * Schedules by season. Only 2025 has been published; any other season has no schedule yet (an empty list),
 * so callers show an empty state and treat no date as special rather than guessing dates.
 */
const SCHEDULES: Readonly<Record<number, readonly ScheduleEntry[]>> = { 2025: SCHEDULE_2025 };

export function scheduleForSeason(season: number): readonly ScheduleEntry[] {
  return SCHEDULES[season] ?? [];
}

/** The most recent season that has a published schedule (what the public schedule page shows). */
export function latestScheduledSeason(): number {
  return Math.max(...Object.keys(SCHEDULES).map(Number));
}

/** Dates whose rounds count for neither handicap nor standings: practice round, fun night, final outing (+ alternate). */
export function specialEventDates(schedule: readonly ScheduleEntry[]): Set<string> {
  return new Set(schedule.filter((entry) => NON_COUNTING_KINDS.has(entry.kind)).map((entry) => entry.date));
}

/** The playoff-qualifier dates in date order (the "final 4 competitions" of playoff qualification). */
export function playoffQualifierDates(schedule: readonly ScheduleEntry[]): string[] {
  return schedule
    .filter((entry) => entry.kind === 'playoff-qualifier')
    .map((entry) => entry.date)
    .sort();
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

function assertPlainDate(date: string): void {
  if (!PLAIN_DATE.test(date) || !isValid(parseISO(date))) {
    throw new RangeError(`Expected a yyyy-MM-dd date, got "${date}"`);
  }
}

/** The first entry on or after `today` (yyyy-MM-dd, the league's local date), or null when the season is over. */
export function nextEvent(schedule: readonly ScheduleEntry[], today: string): ScheduleEntry | null {
  assertPlainDate(today);
  // yyyy-MM-dd strings sort chronologically, so no Date (and no time zone) is involved.
  const upcoming = schedule.filter((entry) => entry.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  return upcoming[0] ?? null;
}

/** Display a plain date, e.g. "Mon, May 5" (pattern overridable). */
export function formatScheduleDate(date: string, pattern = 'EEE, MMM d'): string {
  assertPlainDate(date);
  // parseISO reads a date-only string as local midnight, unlike `new Date(string)` which reads it as UTC.
  return format(parseISO(date), pattern);
}

/** The first entry of the given kind, if the schedule has one. */
export function findScheduleEntry(
  schedule: readonly ScheduleEntry[],
  kind: ScheduleEventKind,
): ScheduleEntry | undefined {
  return schedule.find((entry) => entry.kind === kind);
}
