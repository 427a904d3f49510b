import type { ScheduleEventKind } from './schedule';

/** docs/product/league.md#rain-out-rule: a night is a rain-out when 25% or less of the league finishes. */
const RAIN_OUT_SHARE = 0.25;

/** Whether the league plays on a night of this kind, so that it can be rained out. */
export function canBeRainedOut(kind: ScheduleEventKind): boolean {
  return kind !== 'no-league';
}

/**
 * For each of `nights`, whether the rain-out rule is met: `RAIN_OUT_SHARE` or less of the season's paid `members`
 * finished, that is, have a round that night (a round of anyone else does not count). Empty when the season has no
 * paid members, since the rule then says nothing. The administrator decides (docs/product/seasons.md#rain-outs).
 */
export function rainOutRuleMet(
  nights: readonly string[],
  members: ReadonlySet<number>,
  rounds: readonly { date: string; golferId: number }[],
): Map<string, boolean> {
  const met = new Map<string, boolean>();
  if (members.size === 0) return met;
  const finished = new Map<string, Set<number>>();
  for (const round of rounds) {
    if (!members.has(round.golferId)) continue;
    const golfers = finished.get(round.date) ?? new Set<number>();
    golfers.add(round.golferId);
    finished.set(round.date, golfers);
  }
  for (const night of nights) met.set(night, (finished.get(night)?.size ?? 0) <= RAIN_OUT_SHARE * members.size);
  return met;
}
