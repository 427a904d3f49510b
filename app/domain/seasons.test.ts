import { describe, expect, it } from 'vitest';
import { getDay, parseISO } from 'date-fns';

import type { ScheduleEntry, ScheduleEventKind } from './schedule';
import {
  copySchedule,
  copyScheduleDate,
  leagueSeasonYear,
  statsSeasonYear,
  registrationState,
  registrationWindow,
  type SeasonSummary,
} from './seasons';

function row(date: string, weekNumber: number | null, event: string, kind: ScheduleEventKind): ScheduleEntry {
  return { date, weekNumber, event, kind, rainOut: false };
}

/** League Play nights on `dates`, one scoring week each from `firstWeek` on. */
function leaguePlay(firstWeek: number, dates: string[]): ScheduleEntry[] {
  return dates.map((date, i) => row(date, firstWeek + i, 'League Play', 'regular-round'));
}

/** docs/product/league.md#the-2025-schedule */
const SCHEDULE_2025: ScheduleEntry[] = [
  row('2025-05-05', null, 'Practice Round', 'practice-round'),
  row('2025-05-12', null, 'Fun Night – 2-Ball Scramble', 'fun-night'),
  row('2025-05-19', 1, 'First Scoring Round', 'regular-round'),
  row('2025-05-26', null, 'Memorial Day – No League', 'no-league'),
  ...leaguePlay(2, ['2025-06-02', '2025-06-09', '2025-06-16', '2025-06-23', '2025-06-30']),
  row('2025-07-07', null, 'No League', 'no-league'),
  ...leaguePlay(7, ['2025-07-14', '2025-07-21', '2025-07-28']),
  ...['2025-08-04', '2025-08-11', '2025-08-18', '2025-08-25'].map((date, i) =>
    row(date, 10 + i, `Playoff Qualifier ${i + 1}`, 'playoff-qualifier'),
  ),
  row('2025-09-01', null, 'Labor Day – No League', 'no-league'),
  row('2025-09-08', 14, 'Flight Playoff', 'flight-playoff'),
  row('2025-09-15', 15, 'Grand Championship', 'grand-championship'),
  row('2025-09-27', null, 'Final Outing', 'final-outing'),
  row('2025-09-28', null, 'Final Outing – Alternate Date', 'final-outing-alternate'),
];

describe('copyScheduleDate', () => {
  it('keeps the first Monday of May the first Monday of May', () => {
    expect(copyScheduleDate('2025-05-05', 2026)).toBe('2026-05-04');
    expect(copyScheduleDate('2025-05-05', 2027)).toBe('2027-05-03');
    expect(copyScheduleDate('2026-05-04', 2025)).toBe('2025-05-05');
  });

  it('keeps the nth weekday of a month the nth (2nd Monday, 3rd Monday, 4th Saturday)', () => {
    expect(copyScheduleDate('2025-05-12', 2026)).toBe('2026-05-11');
    expect(copyScheduleDate('2025-09-15', 2026)).toBe('2026-09-21');
    expect(copyScheduleDate('2025-09-27', 2026)).toBe('2026-09-26');
    expect(copyScheduleDate('2025-09-28', 2026)).toBe('2026-09-27');
  });

  it('moves Memorial Day to the last Monday of May, even when that is the fifth', () => {
    expect(copyScheduleDate('2025-05-26', 2026)).toBe('2026-05-25');
    expect(copyScheduleDate('2026-05-25', 2027)).toBe('2027-05-31');
    expect(copyScheduleDate('2027-05-31', 2026)).toBe('2026-05-25');
  });

  it("moves July 4th week's Monday to the first Monday on or after July 4", () => {
    expect(copyScheduleDate('2025-07-07', 2026)).toBe('2026-07-06'); // July 4, 2026 is a Saturday
    expect(copyScheduleDate('2025-07-07', 2027)).toBe('2027-07-05'); // a Sunday
    expect(copyScheduleDate('2025-07-07', 2028)).toBe('2028-07-10'); // a Tuesday: not the 1st Monday (July 3)
    expect(copyScheduleDate('2025-07-07', 2033)).toBe('2033-07-04'); // a Monday: the holiday itself
    for (let year = 2026; year <= 2040; year += 1) {
      const date = copyScheduleDate('2025-07-07', year);
      expect(getDay(parseISO(date)), date).toBe(1);
      expect(date >= `${year}-07-04` && date <= `${year}-07-10`, date).toBe(true);
    }
  });

  it('keeps Labor Day the first Monday of September', () => {
    expect(copyScheduleDate('2025-09-01', 2026)).toBe('2026-09-07');
    expect(copyScheduleDate('2025-09-01', 2027)).toBe('2027-09-06');
    expect(copyScheduleDate('2025-09-01', 2028)).toBe('2028-09-04');
  });

  it('counts across a leap year', () => {
    expect(copyScheduleDate('2025-05-05', 2028)).toBe('2028-05-01');
    expect(copyScheduleDate('2028-02-28', 2029)).toBe('2029-02-26'); // last Monday of February
    expect(copyScheduleDate('2028-02-29', 2029)).toBe('2029-02-27'); // a 5th Tuesday: the last one
    expect(copyScheduleDate('2027-02-22', 2028)).toBe('2028-02-28'); // 4th Monday
  });

  it('turns a 5th weekday the new year lacks into the last one, never a date in the next month', () => {
    // June 2025 has five Mondays (the 30th is the 5th); June 2027 has four.
    expect(copyScheduleDate('2025-06-30', 2027)).toBe('2027-06-28');
    // And back: the 5th Monday exists in 2026 (June 29).
    expect(copyScheduleDate('2025-06-30', 2026)).toBe('2026-06-29');
  });
});

describe('copySchedule', () => {
  it('moves 2025 to 2026 keeping week numbers, events and kinds', () => {
    const copied = copySchedule(SCHEDULE_2025, 2026);
    expect(copied.map((e) => e.date)).toEqual([
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
      '2026-06-22',
      '2026-06-29',
      '2026-07-06',
      '2026-07-13',
      '2026-07-20',
      '2026-07-27',
      '2026-08-03',
      '2026-08-10',
      '2026-08-17',
      '2026-08-24',
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-26',
      '2026-09-27',
    ]);
    expect(copied.map(({ weekNumber, event, kind }) => ({ weekNumber, event, kind }))).toEqual(
      SCHEDULE_2025.map(({ weekNumber, event, kind }) => ({ weekNumber, event, kind })),
    );
  });

  it('clears rain-outs', () => {
    const rained = SCHEDULE_2025.map((e) => ({ ...e, rainOut: e.date === '2025-06-09' }));
    expect(copySchedule(rained, 2026).every((e) => !e.rainOut)).toBe(true);
  });

  it('keeps holidays on their day and moves a league night that lands on a taken day a week later, in order', () => {
    // 2027: June has four Mondays, so weeks 5 and 6 both land on June 28, and July 5 is the No League night.
    const copied = copySchedule(SCHEDULE_2025, 2027);
    const byWeek = (week: number) => copied.find((e) => e.weekNumber === week)?.date;
    expect(byWeek(5)).toBe('2027-06-28');
    expect(byWeek(6)).toBe('2027-07-12');
    expect(byWeek(7)).toBe('2027-07-19');
    expect(byWeek(13)).toBe('2027-08-30');
    expect(copied.find((e) => e.event === 'No League')?.date).toBe('2027-07-05');
    expect(copied.find((e) => e.event === 'Memorial Day – No League')?.date).toBe('2027-05-31');
    expect(copied.find((e) => e.event === 'Labor Day – No League')?.date).toBe('2027-09-06');
    const dates = copied.map((e) => e.date);
    expect(new Set(dates).size).toBe(SCHEDULE_2025.length);
    expect(dates.every((d) => d.startsWith('2027-'))).toBe(true);
    // Scoring weeks stay in order.
    const weeks = copied.flatMap((e) => (e.weekNumber === null ? [] : [e.weekNumber]));
    expect(weeks).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('copies to a leap year', () => {
    const copied = copySchedule(SCHEDULE_2025, 2028);
    expect(copied[0]?.date).toBe('2028-05-01');
    expect(copied.find((e) => e.event === 'No League')?.date).toBe('2028-07-10');
    expect(copied.at(-1)?.date).toBe('2028-09-24');
    expect(new Set(copied.map((e) => e.date)).size).toBe(SCHEDULE_2025.length);
  });

  it('copies an empty schedule to an empty one', () => {
    expect(copySchedule([], 2026)).toEqual([]);
  });
});

function season(year: number, over: Partial<SeasonSummary> = {}): SeasonSummary {
  return {
    year,
    feeCents: 15000,
    registrationOpens: null,
    registrationCloses: null,
    firstDate: `${year}-05-04`,
    lastDate: `${year}-09-27`,
    entryCount: 22,
    ...over,
  };
}

const unscheduled = { firstDate: null, lastDate: null, entryCount: 0 };

describe('registrationWindow', () => {
  it('uses the dates set', () => {
    expect(
      registrationWindow(season(2026, { registrationOpens: '2026-03-01', registrationCloses: '2026-05-01' })),
    ).toEqual({ opens: '2026-03-01', closes: '2026-05-01' });
  });

  it('defaults to January 1 until the last scheduled date', () => {
    expect(registrationWindow(season(2026))).toEqual({ opens: '2026-01-01', closes: '2026-09-27' });
    expect(registrationWindow(season(2026, { registrationOpens: '2026-02-01' }))).toEqual({
      opens: '2026-02-01',
      closes: '2026-09-27',
    });
  });

  it('has no closing date for a season without a schedule', () => {
    expect(registrationWindow(season(2026, unscheduled))).toEqual({ opens: '2026-01-01', closes: null });
  });
});

describe('registrationState', () => {
  const s = season(2026, { registrationOpens: '2026-03-01', registrationCloses: '2026-05-01' });

  it('opens later before the window', () => {
    expect(registrationState(s, '2026-02-28')).toEqual({ status: 'opens-later', opens: '2026-03-01' });
  });

  it('is open on both ends of the window and in between', () => {
    expect(registrationState(s, '2026-03-01')).toEqual({ status: 'open', closes: '2026-05-01' });
    expect(registrationState(s, '2026-04-15')).toEqual({ status: 'open', closes: '2026-05-01' });
    expect(registrationState(s, '2026-05-01')).toEqual({ status: 'open', closes: '2026-05-01' });
  });

  it('is closed after the window', () => {
    expect(registrationState(s, '2026-05-02')).toEqual({ status: 'closed' });
    expect(registrationState(season(2026), '2026-09-28')).toEqual({ status: 'closed' });
  });

  it('keeps a season without a schedule open until the end of its year, not for ever', () => {
    expect(registrationState(season(2026, unscheduled), '2026-12-31')).toEqual({ status: 'open', closes: null });
    expect(registrationState(season(2026, unscheduled), '2027-01-01')).toEqual({ status: 'closed' });
    expect(registrationState(season(2027, unscheduled), '2026-11-23')).toEqual({
      status: 'opens-later',
      opens: '2027-01-01',
    });
  });
});

describe('leagueSeasonYear', () => {
  it('picks a season whose registration window contains today', () => {
    const seasons = [season(2025), season(2026), season(2027, { registrationOpens: '2026-11-01' })];
    expect(leagueSeasonYear(seasons, '2026-11-23')).toBe(2027);
  });

  it('prefers the newest season when two windows are open', () => {
    const seasons = [season(2026), season(2027, { registrationOpens: '2026-09-01' })];
    expect(leagueSeasonYear(seasons, '2026-09-10')).toBe(2027);
  });

  it('else a season whose schedule runs around today', () => {
    const seasons = [season(2026, { registrationOpens: '2026-02-01', registrationCloses: '2026-04-30' })];
    expect(leagueSeasonYear(seasons, '2026-07-01')).toBe(2026);
    expect(leagueSeasonYear(seasons, '2026-09-27')).toBe(2026);
  });

  it('else the next season with a schedule', () => {
    const seasons = [
      season(2025),
      season(2026),
      season(2027, { registrationOpens: '2027-03-01', registrationCloses: '2027-04-01' }),
    ];
    expect(leagueSeasonYear(seasons, '2026-11-23')).toBe(2027);
  });

  it('else the latest season with a schedule', () => {
    const seasons = [season(2024), season(2026), season(2025), season(2027, unscheduled)];
    expect(leagueSeasonYear(seasons, '2028-06-01')).toBe(2026);
    expect(leagueSeasonYear([season(2025), season(2026)], '2026-11-23')).toBe(2026);
  });

  it('else the calendar year of today', () => {
    expect(leagueSeasonYear([], '2026-11-23')).toBe(2026);
    expect(leagueSeasonYear([season(2024, unscheduled)], '2026-11-23')).toBe(2026);
  });
});

describe('statsSeasonYear (the season /stats and /stats/playoffs open on)', () => {
  const seasons = [
    season(2026, { grandChampionship: '2026-09-14' }),
    season(2027, { registrationOpens: '2026-11-01', grandChampionship: '2027-09-13' }),
  ];

  it('is the season just finished from its Grand Championship until the next season starts', () => {
    expect(leagueSeasonYear(seasons, '2026-11-23')).toBe(2027);
    expect(statsSeasonYear(seasons, '2026-09-14')).toBe(2026);
    expect(statsSeasonYear(seasons, '2026-11-23')).toBe(2026);
    expect(statsSeasonYear(seasons, '2027-05-03')).toBe(2026);
  });

  it('is the league season once the next season has started, or before any Grand Championship', () => {
    expect(statsSeasonYear(seasons, '2027-05-04')).toBe(2027);
    expect(statsSeasonYear([season(2026), season(2027, { registrationOpens: '2026-11-01' })], '2026-11-23')).toBe(2027);
    expect(statsSeasonYear(seasons, '2026-08-01')).toBe(leagueSeasonYear(seasons, '2026-08-01'));
  });
});
