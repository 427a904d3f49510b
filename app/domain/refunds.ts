import { REFUND_DEADLINE_MONTH_DAY, REFUND_PERCENT } from './league-rules';

/**
 * The refund policy (docs/product/payments.md#refunds): a golfer who notifies the league by July 15 of the
 * season gets 50% of the dues back; after that, none. Pure: dates are `yyyy-MM-dd` calendar dates in Detroit.
 */

/** The last day (in the season's year) a golfer may notify the league and still get a refund. */
export function refundDeadline(season: number): string {
  const { month, day } = REFUND_DEADLINE_MONTH_DAY;
  return `${season}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The amount the Refund form starts with: 50% of the fee paid (rounded to the cent, at most what is left to refund)
 * up to and including the deadline; null after it, when the policy gives nothing and the administrator types an
 * amount only for an exception (a duplicate payment, a league decision). Docs/decisions/097-refunds.md.
 */
export function suggestedRefundCents(input: {
  feePaidCents: number;
  refundableCents: number;
  season: number;
  today: string;
}): number | null {
  if (input.today > refundDeadline(input.season)) return null;
  const half = Math.round((input.feePaidCents * REFUND_PERCENT) / 100);
  const amount = Math.min(half, input.refundableCents);
  return amount > 0 ? amount : null;
}
