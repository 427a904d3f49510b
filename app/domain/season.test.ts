import { afterEach, describe, expect, it } from 'vitest';
import {
  LEAGUE_TZ,
  currentSeason,
  formatLeagueDateTime,
  formatRoundDate,
  isValidCalendarDate,
  parseSeason,
  seasonChoices,
  todayInLeague,
} from './season';

const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe('season', () => {
  it('uses the Detroit time zone', () => {
    expect(LEAGUE_TZ).toBe('America/Detroit');
  });

  it('is still last year in Detroit when UTC has already reached New Year', () => {
    // 03:00 UTC on Jan 1 is 22:00 on Dec 31 in Detroit (EST, UTC-5).
    expect(currentSeason(new Date('2026-01-01T03:00:00Z'))).toBe(2025);
    expect(currentSeason(new Date('2026-01-01T05:00:00Z'))).toBe(2026);
  });

  it('offers the current season and the two before it', () => {
    expect(seasonChoices(new Date('2025-06-02T12:00:00Z'))).toEqual([2025, 2024, 2023]);
  });

  it("gives today's Detroit date, not the UTC date", () => {
    expect(todayInLeague(new Date('2025-06-03T02:30:00Z'))).toBe('2025-06-02');
    expect(todayInLeague(new Date('2025-06-03T04:30:00Z'))).toBe('2025-06-03');
  });

  it('does not depend on the server time zone', () => {
    process.env.TZ = 'Pacific/Auckland';
    expect(currentSeason(new Date('2026-01-01T03:00:00Z'))).toBe(2025);
    expect(todayInLeague(new Date('2025-06-03T02:30:00Z'))).toBe('2025-06-02');
  });

  it('formats instants in Detroit time, summer and winter', () => {
    expect(formatLeagueDateTime(new Date('2025-06-02T16:30:00Z'), 'MMM d, yyyy h:mm a')).toBe('Jun 2, 2025 12:30 PM');
    expect(formatLeagueDateTime('2025-01-15T16:30:00.000Z', 'MMM d, yyyy h:mm a')).toBe('Jan 15, 2025 11:30 AM');
  });

  it('formats round dates as stored, whatever the server zone', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Auckland', 'America/Detroit']) {
      process.env.TZ = tz;
      expect(formatRoundDate('2025-06-02')).toBe('June 2, 2025');
      expect(formatRoundDate('2025-01-01')).toBe('January 1, 2025');
    }
  });

  it('shows a malformed round date as stored', () => {
    expect(formatRoundDate('not a date')).toBe('not a date');
  });

  it('accepts only real calendar dates in yyyy-MM-dd form', () => {
    expect(isValidCalendarDate('2025-06-02')).toBe(true);
    expect(isValidCalendarDate('2024-02-29')).toBe(true);
    expect(isValidCalendarDate('2025-02-29')).toBe(false);
    expect(isValidCalendarDate('2025-02-30')).toBe(false);
    expect(isValidCalendarDate('2025-13-01')).toBe(false);
    expect(isValidCalendarDate('2025-6-2')).toBe(false);
    expect(isValidCalendarDate('2025-06-02T00:00')).toBe(false);
    expect(isValidCalendarDate('')).toBe(false);
  });

  it('parses a season from numbers and strings', () => {
    expect(parseSeason(2025)).toBe(2025);
    expect(parseSeason('2025')).toBe(2025);
    expect(parseSeason(' 2024 ')).toBe(2024);
  });

  it('rejects values that are not a plausible season', () => {
    for (const value of [1999, 2101, 2025.5, '20x5', '', '2025.0', null, undefined, NaN, {}, [2025]]) {
      expect(parseSeason(value)).toBeNull();
    }
  });
});
