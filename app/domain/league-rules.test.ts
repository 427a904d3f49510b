import { describe, expect, it } from 'vitest';
import { teeTimeWindowLabel } from './league-rules';

describe('teeTimeWindowLabel', () => {
  it("reads Settings' window as the public pages' prose", () => {
    expect(teeTimeWindowLabel('11:00', '18:00')).toBe('11:00am to 6:00pm');
    expect(teeTimeWindowLabel('07:30', '12:05')).toBe('7:30am to 12:05pm');
  });
});
