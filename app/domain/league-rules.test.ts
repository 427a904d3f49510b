import { describe, expect, it } from 'vitest';
import { formatDollars, teeTimeWindowLabel } from './league-rules';

describe('teeTimeWindowLabel', () => {
  it("reads Settings' window as the public pages' prose", () => {
    expect(teeTimeWindowLabel('11:00', '18:00')).toBe('11:00am to 6:00pm');
    expect(teeTimeWindowLabel('07:30', '12:05')).toBe('7:30am to 12:05pm');
  });
});

describe('formatDollars', () => {
  it('drops the cents of whole dollars only', () => {
    expect(formatDollars(15000)).toBe('$150');
    expect(formatDollars(17550)).toBe('$175.50');
  });
});
