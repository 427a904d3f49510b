import { TZDate } from '@date-fns/tz';
import { LEAGUE_TZ } from './season';
import type { ScheduleEventKind } from './schedule';

/**
 * Weekly availability and subs (docs/product/availability-and-subs.md): which nights golfers mark In or Out, until
 * when, and which subs an open spot is offered to. Pure; the data lives in app/models/nights-out.server.ts.
 */

/** The nights played from the standing tee times, where a golfer can be Out and a sub can take the spot. */
const TEE_TIME_NIGHTS: ReadonlySet<ScheduleEventKind> = new Set([
  'practice-round',
  'fun-night',
  'regular-round',
  'playoff-qualifier',
]);

export function isTeeTimeNight(entry: { kind: ScheduleEventKind; rainOut: boolean }): boolean {
  return TEE_TIME_NIGHTS.has(entry.kind) && !entry.rainOut;
}

/** How far a sub's handicap may be from the absent golfer's to be offered the spot first. */
const SUB_HANDICAP_RANGE = 5;

/** The Settings 'Availability cut-off': `days` before the night at `time` ('HH:mm'), Detroit time. */
export type AvailabilityCutoff = { days: number; time: string };

/** The instant a night's In/Out closes online (and its offers' links expire). `date` is a valid 'yyyy-MM-dd'. */
export function cutoffOf(date: string, cutoff: AvailabilityCutoff): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = cutoff.time.split(':').map(Number);
  // TZDate rolls a day before the 1st back into the previous month, as Date does.
  return new Date(new TZDate(y, m - 1, d - cutoff.days, hh, mm, LEAGUE_TZ).getTime());
}

/** 'noon the day before', '6:00 PM 2 days before': the cut-off in words, for the pages and Settings. */
export function describeCutoff(cutoff: AvailabilityCutoff, clock: (time: string) => string): string {
  const at = cutoff.time === '12:00' ? 'noon' : clock(cutoff.time);
  if (cutoff.days === 0) return `${at} on the night`;
  if (cutoff.days === 1) return `${at} the day before`;
  return `${at} ${cutoff.days} days before`;
}

/**
 * Who is offered an open spot: the available subs whose handicap is within 5 of the absent golfer's; all of them when
 * none is, or when either handicap is not known yet (a new golfer without rounds).
 */
export function subsToOffer<S extends { handicap: number | null }>(
  absentHandicap: number | null,
  subs: readonly S[],
): S[] {
  if (absentHandicap === null) return [...subs];
  const near = subs.filter((s) => s.handicap !== null && Math.abs(s.handicap - absentHandicap) <= SUB_HANDICAP_RANGE);
  return near.length > 0 ? near : [...subs];
}
