// No date library here: the public pages import this module, and every byte of it reaches the phones that open them
// (docs/decisions/061-javascript-budgets.md). A time of day needs none.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const MINUTES_PER_DAY = 24 * 60;
const MIN_INTERVAL = 1;
const MAX_INTERVAL = 120;

/** Tee times are stored as zero-padded 24-hour `HH:MM`, so string order is time order. */
export function isValidTime(value: string): boolean {
  return TIME.test(value);
}

function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function fromMinutes(total: number): string {
  const inDay = ((total % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(inDay / 60))}:${pad(inDay % 60)}`;
}

/** The four positions of a standing tee time (shared by the pages and the server). */
export const POSITIONS = [1, 2, 3, 4] as const;
export type Position = (typeof POSITIONS)[number];

/** A standing tee time: its time in a season and its four positions' golfer ids (null when open). */
export type StandingTeeTime = {
  id: number;
  time: string;
  season: number;
  golfer1Id: number | null;
  golfer2Id: number | null;
  golfer3Id: number | null;
  golfer4Id: number | null;
};

/** A standing tee time with its golfers' names too, as the pages show it. */
export type TeeTimeRow = StandingTeeTime & {
  golfer1Name: string | null;
  golfer2Name: string | null;
  golfer3Name: string | null;
  golfer4Name: string | null;
};

export interface SlotWindow {
  first: string;
  last: string;
  intervalMinutes: number;
}

/**
 * Every standing tee time from the first tee to the last, inclusive, `intervalMinutes` apart
 * (the last tee is included only when it falls on the interval). Throws on a window that
 * would produce nothing sensible, so Settings can show why.
 */
export function generateSlotTimes({ first, last, intervalMinutes }: SlotWindow): string[] {
  if (!isValidTime(first)) throw new Error(`First tee time "${first}" is not a HH:MM time`);
  if (!isValidTime(last)) throw new Error(`Last tee time "${last}" is not a HH:MM time`);
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < MIN_INTERVAL || intervalMinutes > MAX_INTERVAL) {
    throw new Error(`Tee time interval must be a whole number of minutes from ${MIN_INTERVAL} to ${MAX_INTERVAL}`);
  }
  const start = toMinutes(first);
  const end = toMinutes(last);
  if (start > end) throw new Error(`First tee time ${first} is after last tee time ${last}`);

  const times: string[] = [];
  for (let minutes = start; minutes <= end && minutes < MINUTES_PER_DAY; minutes += intervalMinutes) {
    times.push(fromMinutes(minutes));
  }
  return times;
}

/** The wanted times that have no slot yet; generating only these keeps generation idempotent. */
export function missingSlotTimes(existing: readonly string[], wanted: readonly string[]): string[] {
  const have = new Set(existing);
  return wanted.filter((time) => !have.has(time));
}

/**
 * The three ways the product shows a time of day (docs/product/league.md#standing-tee-times): tables
 * 'h:mm a' ('1:05 PM'), the tee-time choice and its confirmation '1:05PM', and the public pages' prose '11:00am'.
 */
export type TimeStyle = 'table' | 'compact' | 'prose';

/** A stored `HH:MM` tee time for people: '13:05' → '1:05 PM' (table), '1:05PM' (compact) or '1:05pm' (prose). */
export function formatTeeTime(value: string, style: TimeStyle = 'table'): string {
  // A malformed stored time is shown as it is rather than breaking the tee-time table.
  if (!isValidTime(value)) return value;
  // By hand, as US English writes a time of day: a browser's first `Intl` formatter loads its locale data, a long task
  // in the middle of hydrating every page that shows a tee time (docs/decisions/130-no-intl-while-hydrating.md).
  const [hours, minutes] = value.split(':');
  const hour = Number(hours);
  const time = `${hour % 12 || 12}:${minutes}`;
  const period = hour < 12 ? 'AM' : 'PM';
  return style === 'table'
    ? `${time} ${period}`
    : style === 'compact'
      ? `${time}${period}`
      : `${time}${period.toLowerCase()}`;
}

/** Rows sorted ascending by their `HH:MM` time, without changing the input. */
export function sortByTime<T extends { time: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}
