import { describe, expect, it } from 'vitest';
import { myNightEvent, type MyNight } from './my-calendar';

// What a golfer's own calendar shows of a night (docs/product/my-league.md#my-calendar, decision 157).
const night = (over: Partial<MyNight> = {}): MyNight => ({
  date: '2026-06-01',
  event: 'League Play',
  weekNumber: 4,
  rainOut: false,
  time: '17:40',
  role: { kind: 'in' },
  course: 'Pines',
  ...over,
});

describe('myNightEvent', () => {
  it('starts at the tee time, Detroit time, and lasts two and a half hours', () => {
    const summer = myNightEvent(night());
    expect(summer.start.toISOString()).toBe('2026-06-01T21:40:00.000Z');
    expect(summer.end.toISOString()).toBe('2026-06-02T00:10:00.000Z');
    // After daylight saving ends Detroit is UTC-5.
    expect(myNightEvent(night({ date: '2026-11-02' })).start.toISOString()).toBe('2026-11-02T22:40:00.000Z');
    expect(summer.location).toBe('Pines');
  });

  it('says In, Out, who plays the spot, and Sub for {name}', () => {
    expect(myNightEvent(night())).toMatchObject({
      summary: 'In: League Play',
      description: 'Tee time 5:40 PM. You are In.\nWeek 4.',
    });
    expect(myNightEvent(night({ role: { kind: 'out' }, weekNumber: null }))).toMatchObject({
      summary: 'Out: League Play',
      description: 'Tee time 5:40 PM. You are Out.',
    });
    expect(myNightEvent(night({ role: { kind: 'sub-found', subName: 'Sam Sub' } }))).toMatchObject({
      summary: 'Out: League Play',
      description: 'Tee time 5:40 PM. You are Out: Sam Sub plays your spot.\nWeek 4.',
    });
    expect(myNightEvent(night({ role: { kind: 'sub', forName: 'Pat Lee' }, time: '16:05' }))).toMatchObject({
      summary: 'Sub for Pat Lee: League Play',
      description: 'Tee time 4:05 PM. You sub for Pat Lee.\nWeek 4.',
    });
  });

  it('marks a rained-out night in its title and first line', () => {
    expect(myNightEvent(night({ rainOut: true, role: { kind: 'out' } }))).toMatchObject({
      summary: 'Rain-out: League Play',
      description: 'Rained out.\nTee time 5:40 PM. You are Out.\nWeek 4.',
    });
  });
});
