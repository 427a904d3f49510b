import { describe, expect, it } from 'vitest';
import { convertCells, toBoolean, toCalendarDate, toFlightNo, toLeagueDateTime, toNumber, toText } from './cells';

describe('toText', () => {
  it('turns numbers (a phone typed without dashes) into text and leaves text alone', () => {
    expect(toText(2315551234)).toBe('2315551234');
    expect(toText(' Jane ')).toBe(' Jane ');
    expect(toText(null)).toBe(null);
  });

  it('removes the apostrophe the CSV export puts before formula-like text', () => {
    expect(toText("'+1 231 555 0100")).toBe('+1 231 555 0100');
    expect(toText("O'Brien")).toBe("O'Brien");
  });
});

describe('toNumber', () => {
  it('reads numbers typed as text and leaves anything else for the schema to reject', () => {
    expect(toNumber('72')).toBe(72);
    expect(toNumber(' 8.5 ')).toBe(8.5);
    expect(toNumber(44)).toBe(44);
    expect(toNumber('5,2')).toBe('5,2');
    expect(toNumber('abc')).toBe('abc');
  });
});

describe('toBoolean', () => {
  it('understands TRUE/FALSE cells, 1/0 and yes/no words', () => {
    for (const yes of [true, 1, 'TRUE', 'yes', 'Y', 'x', '1']) expect(toBoolean(yes)).toBe(true);
    for (const no of [false, 0, 'FALSE', 'no', 'N', '0']) expect(toBoolean(no)).toBe(false);
    expect(toBoolean('maybe')).toBe('maybe');
  });
});

describe('toCalendarDate', () => {
  it('keeps yyyy-MM-dd and converts US M/d/yyyy and M/d/yy text', () => {
    expect(toCalendarDate('2025-06-02')).toBe('2025-06-02');
    expect(toCalendarDate('6/2/2025')).toBe('2025-06-02');
    expect(toCalendarDate('06/02/2025')).toBe('2025-06-02');
    expect(toCalendarDate('6/2/25')).toBe('2025-06-02');
  });

  it('takes an Excel date cell (local midnight) as its calendar day', () => {
    expect(toCalendarDate(new Date(2025, 5, 2))).toBe('2025-06-02');
  });

  it('leaves impossible or unknown dates for the schema to reject', () => {
    expect(toCalendarDate('2025-02-30')).toBe('2025-02-30');
    expect(toCalendarDate('13/40/2025')).toBe('13/40/2025');
    expect(toCalendarDate('June 2')).toBe('June 2');
    expect(toCalendarDate(45810)).toBe(45810);
  });
});

describe('toLeagueDateTime', () => {
  it('reads a time without a zone as Detroit time', () => {
    expect((toLeagueDateTime('2025-04-01 09:30') as Date).toISOString()).toBe('2025-04-01T13:30:00.000Z');
    expect((toLeagueDateTime('1/15/2025 9:30 AM') as Date).toISOString()).toBe('2025-01-15T14:30:00.000Z');
    expect((toLeagueDateTime(new Date(2025, 3, 1, 9, 30)) as Date).toISOString()).toBe('2025-04-01T13:30:00.000Z');
  });

  it('keeps an ISO instant with a zone', () => {
    expect((toLeagueDateTime('2025-04-01T13:30:00.000Z') as Date).toISOString()).toBe('2025-04-01T13:30:00.000Z');
    expect((toLeagueDateTime('2025-04-01T15:30:00+02:00') as Date).toISOString()).toBe('2025-04-01T13:30:00.000Z');
  });

  it('leaves text it cannot read', () => {
    expect(toLeagueDateTime('last spring')).toBe('last spring');
  });
});

describe('toFlightNo', () => {
  it('turns 2, "2" and "Flight 2" into the stored text "2"', () => {
    expect(toFlightNo(2)).toBe('2');
    expect(toFlightNo(' 2 ')).toBe('2');
    expect(toFlightNo('Flight 2')).toBe('2');
    expect(toFlightNo('A')).toBe('A');
  });
});

describe('convertCells', () => {
  it('converts each field by its kind and passes the rest through', () => {
    expect(
      convertCells(
        { golferId: '3', date: '6/2/2025', notes: 12, extra: 'x' },
        { golferId: 'integer', date: 'date', notes: 'text' },
      ),
    ).toEqual({
      golferId: 3,
      date: '2025-06-02',
      notes: '12',
      extra: 'x',
    });
  });
});
