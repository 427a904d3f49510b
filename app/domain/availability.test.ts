import { describe, expect, it } from 'vitest';
import { cutoffOf, describeCutoff, isTeeTimeNight, subsToOffer } from './availability';

describe('the availability cut-off', () => {
  it('is noon the day before in Detroit by default, in summer (EDT) and winter (EST)', () => {
    expect(cutoffOf('2026-06-08', { days: 1, time: '12:00' }).toISOString()).toBe('2026-06-07T16:00:00.000Z');
    expect(cutoffOf('2026-01-12', { days: 1, time: '12:00' }).toISOString()).toBe('2026-01-11T17:00:00.000Z');
  });

  it('rolls back over the start of a month', () => {
    expect(cutoffOf('2026-06-01', { days: 2, time: '18:30' }).toISOString()).toBe('2026-05-30T22:30:00.000Z');
  });

  it('is said in words', () => {
    const clock = (t: string) => `[${t}]`;
    expect(describeCutoff({ days: 1, time: '12:00' }, clock)).toBe('noon the day before');
    expect(describeCutoff({ days: 0, time: '09:00' }, clock)).toBe('[09:00] on the night');
    expect(describeCutoff({ days: 3, time: '17:00' }, clock)).toBe('[17:00] 3 days before');
  });
});

describe('which nights and subs', () => {
  it('tee-time nights are the regular, qualifier, practice and fun nights that were not rained out', () => {
    expect(isTeeTimeNight({ kind: 'regular-round', rainOut: false })).toBe(true);
    expect(isTeeTimeNight({ kind: 'regular-round', rainOut: true })).toBe(false);
    expect(isTeeTimeNight({ kind: 'flight-playoff', rainOut: false })).toBe(false);
    expect(isTeeTimeNight({ kind: 'no-league', rainOut: false })).toBe(false);
  });

  it('offers the spot to subs within 5 strokes of handicap, or to all when none is', () => {
    const subs = [
      { id: 1, handicap: 10 },
      { id: 2, handicap: 16 },
      { id: 3, handicap: null },
      { id: 4, handicap: 5 },
    ];
    expect(subsToOffer(10, subs).map((s) => s.id)).toEqual([1, 4]);
    expect(subsToOffer(30, subs).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(subsToOffer(null, subs).map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});
