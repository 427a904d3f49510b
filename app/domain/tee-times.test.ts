import { describe, expect, it } from 'vitest';
import { formatTeeTime, generateSlotTimes, isValidTime, missingSlotTimes, sortByTime } from './tee-times';

describe('generateSlotTimes', () => {
  it('covers the default window 11:00 to 18:00 every 10 minutes, both ends included', () => {
    const times = generateSlotTimes({ first: '11:00', last: '18:00', intervalMinutes: 10 });
    expect(times).toHaveLength(43);
    expect(times.slice(0, 3)).toEqual(['11:00', '11:10', '11:20']);
    expect(times.at(-1)).toBe('18:00');
  });

  it('stops before the last tee when the interval does not land on it', () => {
    expect(generateSlotTimes({ first: '11:00', last: '12:00', intervalMinutes: 25 })).toEqual([
      '11:00',
      '11:25',
      '11:50',
    ]);
  });

  it('gives a single slot when first and last are the same', () => {
    expect(generateSlotTimes({ first: '09:05', last: '09:05', intervalMinutes: 7 })).toEqual(['09:05']);
  });

  it('does not run past midnight', () => {
    expect(generateSlotTimes({ first: '23:00', last: '23:59', intervalMinutes: 30 })).toEqual(['23:00', '23:30']);
  });

  it('refuses an interval outside 1–120 minutes', () => {
    for (const intervalMinutes of [0, -10, 121, 7.5, NaN]) {
      expect(() => generateSlotTimes({ first: '11:00', last: '18:00', intervalMinutes })).toThrow(
        /interval must be a whole number of minutes from 1 to 120/,
      );
    }
  });

  it('refuses a first tee after the last', () => {
    expect(() => generateSlotTimes({ first: '18:00', last: '11:00', intervalMinutes: 10 })).toThrow(
      'First tee time 18:00 is after last tee time 11:00',
    );
  });

  it('refuses times that are not HH:MM', () => {
    expect(() => generateSlotTimes({ first: '11am', last: '18:00', intervalMinutes: 10 })).toThrow(/First tee time/);
    expect(() => generateSlotTimes({ first: '11:00', last: '24:00', intervalMinutes: 10 })).toThrow(/Last tee time/);
  });
});

describe('missingSlotTimes', () => {
  it('returns only the times without a slot, in the wanted order', () => {
    expect(missingSlotTimes(['11:10', '11:30'], ['11:00', '11:10', '11:20', '11:30'])).toEqual(['11:00', '11:20']);
  });

  it('returns nothing once every slot exists', () => {
    expect(missingSlotTimes(['11:00', '11:10', '17:00'], ['11:00', '11:10'])).toEqual([]);
  });
});

describe('formatTeeTime', () => {
  it('shows the confirmation page form without a space', () => {
    expect(formatTeeTime('13:05', 'compact')).toBe('1:05PM');
    expect(formatTeeTime('11:00', 'compact')).toBe('11:00AM');
    expect(formatTeeTime('12:00', 'compact')).toBe('12:00PM');
    expect(formatTeeTime('00:30', 'compact')).toBe('12:30AM');
  });

  it('shows the admin table form with a space', () => {
    expect(formatTeeTime('13:05', 'table')).toBe('1:05 PM');
    expect(formatTeeTime('09:40', 'table')).toBe('9:40 AM');
    expect(formatTeeTime('09:40')).toBe('9:40 AM');
  });

  it('shows the public pages form in lower case, as in "11:00am to 6:00pm"', () => {
    expect(formatTeeTime('11:00', 'prose')).toBe('11:00am');
    expect(formatTeeTime('18:00', 'prose')).toBe('6:00pm');
  });

  it('shows a malformed time as stored', () => {
    expect(formatTeeTime('later')).toBe('later');
    expect(formatTeeTime('25:00', 'prose')).toBe('25:00');
  });
});

describe('isValidTime', () => {
  it('accepts zero-padded 24-hour times only', () => {
    expect(isValidTime('00:00')).toBe(true);
    expect(isValidTime('18:00')).toBe(true);
    expect(isValidTime('23:59')).toBe(true);
    for (const value of ['24:00', '9:00', '12:60', '12:5', '1:05PM', '', '12:00:00']) {
      expect(isValidTime(value)).toBe(false);
    }
  });
});

describe('sortByTime', () => {
  it('orders rows by time ascending without changing the input', () => {
    const rows = [
      { time: '13:00', id: 1 },
      { time: '09:50', id: 2 },
      { time: '11:10', id: 3 },
    ];
    expect(sortByTime(rows).map((row) => row.id)).toEqual([2, 3, 1]);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });
});

describe('formatTeeTime by hand (decision 130)', () => {
  it('writes every minute of the day as Intl writes it in US English', () => {
    const clock = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'UTC',
    });
    for (let minute = 0; minute < 24 * 60; minute++) {
      const value = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const parts = clock.formatToParts(Date.UTC(2000, 0, 1, Math.floor(minute / 60), minute % 60));
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      expect(formatTeeTime(value, 'table')).toBe(`${part('hour')}:${part('minute')} ${part('dayPeriod')}`);
    }
  });
});
