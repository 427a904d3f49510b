import { describe, expect, it } from 'vitest';

import {
  KIND_LABELS,
  calendarEventChanged,
  calendarUidOf,
  SCHEDULE_KINDS,
  formatScheduleDate,
  isSpecialKind,
  nextEvent,
  nonCountingDates,
  playoffQualifierDates,
  type ScheduleEntry,
  type ScheduleEventKind,
} from './schedule';

function entry(date: string, kind: ScheduleEventKind, rainOut = false): ScheduleEntry {
  return { date, weekNumber: null, event: KIND_LABELS[kind], kind, rainOut };
}

/** A small season with one date of every kind. */
const SEASON: readonly ScheduleEntry[] = [
  entry('2026-05-04', 'practice-round'),
  entry('2026-05-11', 'fun-night'),
  entry('2026-05-18', 'regular-round'),
  entry('2026-05-25', 'no-league'),
  entry('2026-08-10', 'playoff-qualifier'),
  entry('2026-08-03', 'playoff-qualifier'),
  entry('2026-09-14', 'flight-playoff'),
  entry('2026-09-21', 'grand-championship'),
  entry('2026-09-26', 'final-outing'),
  entry('2026-09-27', 'final-outing-alternate'),
];

describe('kinds', () => {
  it('labels every kind', () => {
    expect(SCHEDULE_KINDS).toHaveLength(9);
    for (const kind of SCHEDULE_KINDS) expect(KIND_LABELS[kind]).toMatch(/^[A-Z]/);
    expect(KIND_LABELS['regular-round']).toBe('Regular round');
  });

  it('highlights every kind but regular rounds and playoff qualifiers', () => {
    expect(SCHEDULE_KINDS.filter((kind) => !isSpecialKind(kind))).toEqual(['regular-round', 'playoff-qualifier']);
  });
});

describe('nonCountingDates', () => {
  it('holds practice round, fun night and final outing (with its alternate date)', () => {
    expect([...nonCountingDates(SEASON)].sort()).toEqual(['2026-05-04', '2026-05-11', '2026-09-26', '2026-09-27']);
  });

  it('keeps flight playoff, Grand Championship, qualifiers, regular rounds and no-league dates counting', () => {
    const dates = nonCountingDates(SEASON);
    for (const date of ['2026-05-18', '2026-05-25', '2026-08-03', '2026-09-14', '2026-09-21']) {
      expect(dates.has(date), date).toBe(false);
    }
  });

  it('adds every rained-out date, whatever its kind', () => {
    const rained = [entry('2026-05-18', 'regular-round', true), entry('2026-09-14', 'flight-playoff', true)];
    expect([...nonCountingDates(rained)].sort()).toEqual(['2026-05-18', '2026-09-14']);
    expect(nonCountingDates([entry('2026-05-18', 'regular-round', false)]).size).toBe(0);
  });

  it('is empty for a season without a schedule', () => {
    expect(nonCountingDates([]).size).toBe(0);
  });
});

describe('playoffQualifierDates', () => {
  it('returns the qualifier dates in date order', () => {
    expect(playoffQualifierDates(SEASON)).toEqual(['2026-08-03', '2026-08-10']);
  });

  it('leaves out a rained-out qualifier', () => {
    const season = [...SEASON, entry('2026-08-17', 'playoff-qualifier', true)];
    expect(playoffQualifierDates(season)).toEqual(['2026-08-03', '2026-08-10']);
  });
});

describe('nextEvent', () => {
  it('returns the entry on today when there is one', () => {
    expect(nextEvent(SEASON, '2026-05-18')?.kind).toBe('regular-round');
  });

  it('returns the next entry after today, whatever the order of the entries', () => {
    expect(nextEvent(SEASON, '2026-05-19')?.date).toBe('2026-05-25');
    expect(nextEvent(SEASON, '2026-07-01')?.date).toBe('2026-08-03');
    expect(nextEvent([...SEASON].reverse(), '2026-01-01')?.kind).toBe('practice-round');
  });

  it('returns null once the season is over', () => {
    expect(nextEvent(SEASON, '2026-09-28')).toBeNull();
    expect(nextEvent([], '2026-06-01')).toBeNull();
  });

  it('rejects a date that is not yyyy-MM-dd', () => {
    expect(() => nextEvent(SEASON, '6/9/2026')).toThrow(RangeError);
  });
});

describe('formatScheduleDate', () => {
  it('shows the calendar date as written, whatever the time zone', () => {
    // A date-only string parsed by `new Date()` is UTC midnight, which is the previous day west of Greenwich.
    expect(formatScheduleDate('2025-05-05')).toBe('Mon, May 5');
    expect(formatScheduleDate('2025-09-27', 'EEEE, MMMM d')).toBe('Saturday, September 27');
  });

  it('writes every pattern as US English Intl does, every day of five years (a leap year among them)', () => {
    const intl = {
      'EEE, MMM d': { weekday: 'short', month: 'short', day: 'numeric' },
      'EEE, MMM d, yyyy': { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
      'EEEE, MMMM d': { weekday: 'long', month: 'long', day: 'numeric' },
      'MMMM d': { month: 'long', day: 'numeric' },
      'MMM d': { month: 'short', day: 'numeric' },
      'MMM d, yyyy': { month: 'short', day: 'numeric', year: 'numeric' },
    } as const;
    for (const [pattern, options] of Object.entries(intl)) {
      const formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
      for (let t = Date.UTC(2024, 0, 1, 12); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
        const date = new Date(t).toISOString().slice(0, 10);
        expect(formatScheduleDate(date, pattern as keyof typeof intl), `${date} as ${pattern}`).toBe(
          formatter.format(t),
        );
      }
    }
  });
});

describe('calendarEventChanged', () => {
  const night: ScheduleEntry = {
    date: '2025-06-09',
    weekNumber: 5,
    event: 'League Play',
    kind: 'regular-round',
    rainOut: false,
  };

  it('is false for the same night, and true when anything a calendar shows of it differs', () => {
    expect(calendarEventChanged(night, { ...night })).toBe(false);
    expect(calendarEventChanged(night, { ...night, rainOut: true })).toBe(true);
    expect(calendarEventChanged(night, { ...night, date: '2025-06-16' })).toBe(true);
    expect(calendarEventChanged(night, { ...night, event: 'Scramble' })).toBe(true);
    expect(calendarEventChanged(night, { ...night, weekNumber: null })).toBe(true);
    expect(calendarEventChanged(night, { ...night, kind: 'fun-night' })).toBe(true);
  });
});

describe('calendarUidOf', () => {
  it("is the night's date at the league's fixed domain, with the entry id when one is given", () => {
    expect(calendarUidOf('2025-06-09')).toBe('schedule-2025-06-09@golf-league');
    expect(calendarUidOf('2025-06-09', 42)).toBe('schedule-2025-06-09-42@golf-league');
  });
});
