import { describe, expect, it } from 'vitest';
import { cardNightsNow, closedToEntries, dayAfter, latestWriter, nightClosed, notOpenYet } from './scorecard-night';

/** Detroit is UTC-4 in summer: 22:00 UTC is 6 pm on the night. */
const at = (day: string, hour = 22) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

describe("when a night's card is open (docs/decisions/121-scorecards.md, 133)", () => {
  it('counts calendar days across a month and a year', () => {
    expect(dayAfter('2030-06-30', 1)).toBe('2030-07-01');
    expect(dayAfter('2031-01-01', -1)).toBe('2030-12-31');
  });

  it('keeps the card open to golfers until the end of the next day, in Detroit', () => {
    expect(nightClosed('2030-06-03', at('2030-06-04'))).toBe(false);
    // 11:30 pm on the next day in Detroit is 03:30 UTC the day after.
    expect(nightClosed('2030-06-03', new Date('2030-06-05T03:30:00Z'))).toBe(false);
    expect(nightClosed('2030-06-03', at('2030-06-05'))).toBe(true);
  });

  it("opens a card on its night's own day, not before", () => {
    expect(notOpenYet('2030-06-03', at('2030-06-03'))).toBeNull();
    expect(notOpenYet('2030-06-04', at('2030-06-03'))).toBe('The card of June 4, 2030 opens on that day');
  });

  it("offers tonight's card, then last night's (a card finished after midnight)", () => {
    expect(cardNightsNow(at('2030-06-04'))).toEqual({ today: '2030-06-04', nights: ['2030-06-04', '2030-06-03'] });
  });

  it('takes no entry on an attested card, none from golfers on a submitted one or a closed night', () => {
    const card = { submittedBy: 'Ann Lee', attestedBy: 'Bea Ray' };
    const open = { ...card, state: 'open' as const };
    const submitted = { ...card, state: 'submitted' as const };
    const attested = { ...card, state: 'attested' as const };
    const night = at('2030-06-03');
    expect(closedToEntries(open, false, '2030-06-03', night)).toBeNull();
    expect(closedToEntries(submitted, true, '2030-06-03', night)).toBeNull();
    expect(closedToEntries(submitted, false, '2030-06-03', night)).toBe(
      'This card was submitted by Ann Lee: it waits for another golfer to attest',
    );
    expect(closedToEntries(attested, true, '2030-06-03', night)).toBe('This card is closed: attested by Bea Ray');
    expect(closedToEntries(open, false, '2030-06-03', at('2030-06-05'))).toBe(
      'The night of June 3, 2030 is closed: ask an administrator to change its scores',
    );
    expect(closedToEntries(open, true, '2030-06-03', at('2030-06-05'))).toBeNull();
  });

  it("names the card's scorer: whoever wrote its latest hole", () => {
    expect(latestWriter([])).toBeNull();
    expect(
      latestWriter([
        { writtenBy: 'Ann', writtenAt: new Date(2) },
        { writtenBy: 'Bea', writtenAt: new Date(3) },
        { writtenBy: 'Cal', writtenAt: new Date(1) },
      ]),
    ).toBe('Bea');
  });
});
