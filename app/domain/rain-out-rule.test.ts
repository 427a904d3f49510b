import { describe, expect, it } from 'vitest';
import { canBeRainedOut, rainOutRuleMet } from './rain-out-rule';

const members = new Set([1, 2, 3, 4, 5, 6, 7, 8]);
const rounds = (date: string, golfers: number[]) => golfers.map((golferId) => ({ date, golferId }));

describe('the rain-out rule (25% or less of the league finishes)', () => {
  it('is met at exactly a quarter of the paid members and not at one more', () => {
    const met = rainOutRuleMet(['2026-05-04', '2026-05-11'], members, [
      ...rounds('2026-05-04', [1, 2]),
      ...rounds('2026-05-11', [1, 2, 3]),
    ]);
    expect(met).toEqual(
      new Map([
        ['2026-05-04', true],
        ['2026-05-11', false],
      ]),
    );
  });

  it('counts each member once a night and ignores rounds of golfers who are not paid members', () => {
    const met = rainOutRuleMet(['2026-05-04'], members, [
      ...rounds('2026-05-04', [1, 1, 2]),
      ...rounds('2026-05-04', [90, 91, 92, 93]),
    ]);
    expect(met.get('2026-05-04')).toBe(true);
  });

  it('meets the rule on a night nobody played, and says nothing for a season without paid members', () => {
    expect(rainOutRuleMet(['2026-05-04'], members, []).get('2026-05-04')).toBe(true);
    expect(rainOutRuleMet(['2026-05-04'], new Set(), rounds('2026-05-04', [1])).size).toBe(0);
  });

  it('applies to nights the league plays, not to no-league dates', () => {
    expect(canBeRainedOut('regular-round')).toBe(true);
    expect(canBeRainedOut('no-league')).toBe(false);
  });
});
