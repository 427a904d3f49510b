import { leagueInstant } from './season';
import { formatTeeTime } from './tee-times';

/**
 * What a golfer's own calendar shows of one league night (docs/product/my-league.md#my-calendar,
 * docs/decisions/157-a-golfers-own-calendar.md). Pure: app/features/my-league/my-calendar.server.ts reads the nights
 * and writes the file.
 */

/** A league night's event lasts from the tee time for this long: a nine-hole round and handing in the card. */
const ROUND_MINUTES = 150;

/** The golfer's part in the night. */
export type MyNightRole =
  | { kind: 'in' }
  | { kind: 'out' }
  /** Out, and a sub took the golfer's spot. */
  | { kind: 'sub-found'; subName: string }
  /** The golfer took another golfer's spot as a sub. */
  | { kind: 'sub'; forName: string };

export type MyNight = {
  /** yyyy-MM-dd */
  date: string;
  event: string;
  weekNumber: number | null;
  rainOut: boolean;
  /** The tee time the golfer plays (or, Out, would have played), `HH:mm` Detroit time. */
  time: string;
  role: MyNightRole;
  /** The course the night is played on, when known. */
  course: string | null;
};

export type MyNightEvent = { start: Date; end: Date; summary: string; description: string; location: string | null };

function roleWords(role: MyNightRole): { label: string; sentence: string } {
  switch (role.kind) {
    case 'in':
      return { label: 'In', sentence: 'You are In.' };
    case 'out':
      return { label: 'Out', sentence: 'You are Out.' };
    case 'sub-found':
      return { label: 'Out', sentence: `You are Out: ${role.subName} plays your spot.` };
    case 'sub':
      return { label: `Sub for ${role.forName}`, sentence: `You sub for ${role.forName}.` };
  }
}

/** The event of one night: 'In: League Play', 'Out: League Play', 'Sub for Pat Lee: League Play', 'Rain-out: …'. */
export function myNightEvent(night: MyNight): MyNightEvent {
  const start = leagueInstant(night.date, night.time);
  const { label, sentence } = roleWords(night.role);
  const lines = [
    night.rainOut ? 'Rained out.' : null,
    `Tee time ${formatTeeTime(night.time)}. ${sentence}`,
    night.weekNumber === null ? null : `Week ${night.weekNumber}.`,
  ];
  return {
    start,
    end: new Date(start.getTime() + ROUND_MINUTES * 60_000),
    summary: `${night.rainOut ? 'Rain-out' : label}: ${night.event}`,
    description: lines.filter((line) => line !== null).join('\n'),
    location: night.course,
  };
}
