import { describe, expect, it } from 'vitest';
import { isMonday, parseISO } from 'date-fns';

import {
  SCHEDULE_2025,
  findScheduleEntry,
  formatScheduleDate,
  latestScheduledSeason,
  nextEvent,
  playoffQualifierDates,
  scheduleForSeason,
  specialEventDates,
} from './schedule';

describe('2025 schedule', () => {
  it('lists every published date in order, without duplicates', () => {
    const dates = SCHEDULE_2025.map((entry) => entry.date);
    expect(dates).toEqual([
      '2025-05-05',
      '2025-05-12',
      '2025-05-19',
      '2025-05-26',
      '2025-06-02',
      '2025-06-09',
      '2025-06-16',
      '2025-06-23',
      '2025-06-30',
      '2025-07-07',
      '2025-07-14',
      '2025-07-21',
      '2025-07-28',
      '2025-08-04',
      '2025-08-11',
      '2025-08-18',
      '2025-08-25',
      '2025-09-01',
      '2025-09-08',
      '2025-09-15',
      '2025-09-27',
      '2025-09-28',
    ]);
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('numbers scoring weeks 1 to 15 consecutively and leaves other dates unnumbered', () => {
    const weeks = SCHEDULE_2025.flatMap((entry) => (entry.weekNumber === null ? [] : [entry.weekNumber]));
    expect(weeks).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(SCHEDULE_2025.find((e) => e.date === '2025-05-19')).toMatchObject({
      weekNumber: 1,
      event: 'First Scoring Round',
    });
    expect(SCHEDULE_2025.find((e) => e.date === '2025-09-08')).toMatchObject({
      weekNumber: 14,
      event: 'Flight Playoff',
    });
    expect(SCHEDULE_2025.find((e) => e.date === '2025-09-15')).toMatchObject({
      weekNumber: 15,
      event: 'Grand Championship',
    });
  });

  it('plays every league night on a Monday; only the final outing is on a weekend', () => {
    for (const entry of SCHEDULE_2025) {
      const monday = isMonday(parseISO(entry.date));
      if (entry.kind === 'final-outing' || entry.kind === 'final-outing-alternate') {
        expect(monday, entry.date).toBe(false);
      } else {
        expect(monday, entry.date).toBe(true);
      }
    }
  });

  it('highlights practice round, fun night, holidays, playoffs and final outing but not regular weeks', () => {
    const highlighted = SCHEDULE_2025.filter((e) => e.isSpecialEvent).map((e) => e.date);
    expect(highlighted).toEqual([
      '2025-05-05',
      '2025-05-12',
      '2025-05-26',
      '2025-07-07',
      '2025-09-01',
      '2025-09-08',
      '2025-09-15',
      '2025-09-27',
      '2025-09-28',
    ]);
  });

  it('marks holidays as no league', () => {
    expect(SCHEDULE_2025.filter((e) => e.kind === 'no-league').map((e) => e.event)).toEqual([
      'Memorial Day – No League',
      'No League',
      'Labor Day – No League',
    ]);
  });
});

describe('specialEventDates', () => {
  it('returns the dates whose rounds count for neither handicap nor standings', () => {
    expect([...specialEventDates(SCHEDULE_2025)].sort()).toEqual([
      '2025-05-05',
      '2025-05-12',
      '2025-09-27',
      '2025-09-28',
    ]);
  });

  it('keeps flight playoff and Grand Championship rounds counting', () => {
    const dates = specialEventDates(SCHEDULE_2025);
    expect(dates.has('2025-09-08')).toBe(false);
    expect(dates.has('2025-09-15')).toBe(false);
  });

  it('is empty for a season without a schedule', () => {
    expect(specialEventDates(scheduleForSeason(2030)).size).toBe(0);
  });
});

describe('playoffQualifierDates', () => {
  it('returns the four qualifier weeks in order', () => {
    expect(playoffQualifierDates(SCHEDULE_2025)).toEqual(['2025-08-04', '2025-08-11', '2025-08-18', '2025-08-25']);
  });
});

describe('nextEvent', () => {
  it('returns the entry on today when there is one', () => {
    expect(nextEvent(SCHEDULE_2025, '2025-06-09')?.weekNumber).toBe(3);
  });

  it('returns the next entry after today', () => {
    expect(nextEvent(SCHEDULE_2025, '2025-06-10')?.date).toBe('2025-06-16');
    expect(nextEvent(SCHEDULE_2025, '2025-01-01')?.event).toBe('Practice Round');
    expect(nextEvent(SCHEDULE_2025, '2025-09-28')?.kind).toBe('final-outing-alternate');
  });

  it('returns null once the season is over', () => {
    expect(nextEvent(SCHEDULE_2025, '2025-09-29')).toBeNull();
    expect(nextEvent([], '2025-06-01')).toBeNull();
  });

  it('does not depend on the order of the entries', () => {
    const shuffled = [...SCHEDULE_2025].reverse();
    expect(nextEvent(shuffled, '2025-07-08')?.date).toBe('2025-07-14');
  });

  it('rejects a date that is not yyyy-MM-dd', () => {
    expect(() => nextEvent(SCHEDULE_2025, '6/9/2025')).toThrow(RangeError);
  });
});

describe('scheduleForSeason', () => {
  it('returns the 2025 schedule for 2025 and nothing for seasons not yet published', () => {
    expect(scheduleForSeason(2025)).toBe(SCHEDULE_2025);
    expect(scheduleForSeason(2024)).toEqual([]);
    expect(scheduleForSeason(2026)).toEqual([]);
  });

  it('knows 2025 is the latest published season', () => {
    expect(latestScheduledSeason()).toBe(2025);
  });
});

describe('formatScheduleDate', () => {
  it('shows the calendar date as written, whatever the time zone', () => {
    // A date-only string parsed by `new Date()` is UTC midnight, which is the previous day west of Greenwich.
    expect(formatScheduleDate('2025-05-05')).toBe('Mon, May 5');
    expect(formatScheduleDate('2025-09-27', 'EEEE, MMMM d')).toBe('Saturday, September 27');
  });
});

describe('findScheduleEntry', () => {
  it('finds the final outing and its alternate date', () => {
    expect(findScheduleEntry(SCHEDULE_2025, 'final-outing')?.date).toBe('2025-09-27');
    expect(findScheduleEntry(SCHEDULE_2025, 'final-outing-alternate')?.date).toBe('2025-09-28');
    expect(findScheduleEntry([], 'final-outing')).toBeUndefined();
  });
});
