/**
 * The league's business constants (docs/product/limits.md#business-constants) in one place, so the public pages, the
 * forms and the domain rules never repeat a number. Money is in integer cents; times of day are 24-hour `HH:mm`
 * strings.
 */
import { MONTH_NAMES } from './date-names';
import { formatTeeTime } from './tee-times';

export const FLIGHT_COUNT = 4;
/** Four flights, numbered 1 to 4, stored as the text '1' to '4' (docs/product/data-model.md#flight-assignments). */
export const FLIGHT_NUMBERS = ['1', '2', '3', '4'] as const;
export type FlightNo = (typeof FLIGHT_NUMBERS)[number];

export function isFlightNo(value: unknown): value is FlightNo {
  return typeof value === 'string' && (FLIGHT_NUMBERS as readonly string[]).includes(value);
}
/** The top golfers of each flight who reach the playoffs. */
export const PLAYOFF_SPOTS_PER_FLIGHT = 4;

export const GOLFERS_PER_TEE_TIME = 4;
export const TEE_TIME_DAY = 'Monday';

/** Estimated nine-hole score a new golfer gives at registration, par 36 assumed. */
export const ESTIMATED_SCORE_MIN = 27;
export const ESTIMATED_SCORE_MAX = 65;
export const ESTIMATED_SCORE_PLACEHOLDER = 36;
export const DEFAULT_NINE_HOLE_PAR = 36;

export const MIN_NAME_LENGTH = 2;
export const MIN_PHONE_LENGTH = 10;

// Local rules of play.
export const GIMME_DISTANCE_FEET = 3;
export const FAIRWAY_ROLL_INCHES = 8;
export const LOST_BALL_SEARCH_MINUTES = 2;
/** Maximum score on a round is this multiple of par ("double par"). */
export const MAX_SCORE_PAR_MULTIPLE = 2;
/** A night is a rain-out when this share of the league, or less, finishes. */
export const RAIN_OUT_MAX_FINISHED_PERCENT = 25;
export const TEE_BOXES = ['Blue', 'White', 'Gold'] as const;
export const SLOW_PLAY_SECONDS_PER_SHOT = { min: 30, max: 45 } as const;

// Handicaps.
export const HANDICAP_PERCENT = 80;
export const HANDICAP_ROUNDS_COUNTED = 10;
/** Historical rounds built from a new golfer's estimated score. */
export const HISTORICAL_ROUNDS_FROM_ESTIMATE = 3;

// Points and playoff qualification.
export const FIRST_PLACE_POINTS = 24;
/** Each place below first earns this many points fewer (never below 0). */
export const POINTS_STEP_PER_PLACE = 1;
export const QUALIFYING_REGULAR_ROUNDS = 8;
export const PLAYOFF_QUALIFIER_WEEKS = 4;
export const PLAYOFF_QUALIFIERS_REQUIRED = 3;

// Refunds.
export const REFUND_PERCENT = 50;
/** Month and day (in the season's year) by which a golfer must notify the league to get a refund. */
export const REFUND_DEADLINE_MONTH_DAY = { month: 7, day: 15 } as const;

/** Walk-up course fees paid at the course each Monday, on top of the season fee. */
export const WALK_UP_FEES_CENTS = {
  walk: { firstNine: 2000, additionalNine: 1000 },
  ride: { firstNine: 3000, additionalNine: 1500 },
} as const;

/**
 * The standing tee-time window in the public pages' prose, "11:00am to 6:00pm". The window is Settings' first and
 * last tee time (docs/product/league.md#standing-tee-times), so the pages never repeat a default.
 */
export function teeTimeWindowLabel(first: string, last: string): string {
  return `${formatTeeTime(first, 'prose')} to ${formatTeeTime(last, 'prose')}`;
}

/** "July 15" (written without `Intl`: every page that imports the rules would load its locale data, decision 130). */
export const REFUND_DEADLINE_LABEL = `${MONTH_NAMES[REFUND_DEADLINE_MONTH_DAY.month - 1]} ${REFUND_DEADLINE_MONTH_DAY.day}`;
