import { db, isUniqueViolation } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { formatDollarsAndCents } from '~/domain/format';
import { cents, negateCents, type Cents } from '~/domain/money';
import { todayInLeague } from '~/domain/season';
import { paymentProvider } from '~/integrations/payments/payments.server';
import {
  PaymentProviderError,
  SESSION_ID_TEMPLATE,
  type CheckoutSession,
} from '~/integrations/payments/provider.server';
import { claimCardPayment, createCardPayment, findCardPayment, golferMoney } from '~/models/money.server';
import { getLeagueSeason } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';

/*
 * 'Pay my balance' (docs/product/money.md#balances, docs/decisions/182-paying-a-balance.md): the golfer's side-games
 * balance of the league season through the payment provider (Stripe Checkout, or the simulated checkout without a
 * key), recorded once whichever of the webhook and the return comes first.
 */

/** Stripe's smallest card charge in dollars: a smaller balance is settled in cash. */
const SMALLEST_CHARGE = cents(50);
/** What marks a checkout as a balance payment, in the session's metadata (the webhook tells it from a registration). */
export const BALANCE_CHECKOUT = 'side-games-balance';

/** The season whose money /me shows and pays: the league season. */
export async function moneySeason(): Promise<number> {
  return (await getLeagueSeason(db, todayInLeague())).year;
}

/**
 * Starts a checkout of the golfer's whole balance. A settled balance (or one the league owes) is refused, as is one
 * under $0.50; the same balance asked twice gets the same checkout (the provider's idempotency key), so a double
 * click never makes two payments.
 */
export async function startBalancePayment(golferId: number, origin: string): Promise<{ checkoutUrl: string }> {
  const season = await moneySeason();
  const golfer = await db.golfer.findUnique({ where: { id: golferId }, select: { fullName: true, email: true } });
  if (!golfer) throw new NotFoundError('Golfer not found');
  const { balanceCents } = await golferMoney(golferId, season);
  if (balanceCents <= 0) throw new ConflictError('Your balance is settled: there is nothing to pay.');
  if (balanceCents < SMALLEST_CHARGE) throw new ConflictError('Balances under $0.50 are paid in cash to the league.');
  const paid = await db.moneyPayment.count({ where: { golferId, season, paidAt: { not: null } } });
  const { leagueName } = await getSettings();
  const session = await paymentProvider().createCheckoutSession({
    amountCents: balanceCents,
    currency: 'usd',
    productName: `${leagueName} — side games ${season}, ${golfer.fullName}`,
    customerEmail: golfer.email ?? '',
    metadata: { kind: BALANCE_CHECKOUT, golferId: String(golferId), season: String(season) },
    successUrl: `${origin}/me/money/paid/${SESSION_ID_TEMPLATE}`,
    cancelUrl: `${origin}/me`,
    siteOrigin: origin,
    // The same golfer, season, balance and payments so far: one checkout.
    idempotencyKey: `side-games-${golferId}-${season}-${balanceCents}-${paid}`,
  });
  if (!session.url)
    throw new PaymentProviderError(
      'The payment provider did not return a checkout page. Nothing was charged. Please try again.',
    );
  // A double click reaching two servers gets one checkout (the idempotency key) and one row: the session id is unique,
  // so the press that loses the race finds the other's row written (docs/decisions/183-money-once-across-processes.md).
  if (!(await findCardPayment(session.id)))
    await createCardPayment({ golferId, season, amountCents: balanceCents, checkoutSessionId: session.id }).catch(
      (error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      },
    );
  return { checkoutUrl: session.url };
}

export type BalancePaymentResult =
  | { state: 'paid' | 'already'; golferId: number; amountCents: Cents; balanceCents: Cents }
  | { state: 'processing' | 'unknown' };

/**
 * Records a paid balance checkout, once: the return page and the webhook (replayed or not, in either order) each call
 * this; the claim on the payment row lets only the first record it. A session that is not one of ours is 'unknown',
 * one not paid yet 'processing'.
 */
export async function completeBalancePayment(session: CheckoutSession): Promise<BalancePaymentResult> {
  const row = await findCardPayment(session.id);
  if (!row) return { state: 'unknown' };
  const money = async () => (await golferMoney(row.golferId, row.season)).balanceCents;
  const done = { golferId: row.golferId, amountCents: cents(row.amountCents) };
  if (row.paidAt) return { state: 'already', ...done, balanceCents: await money() };
  if (session.paymentStatus !== 'paid' || session.amountTotal !== row.amountCents) return { state: 'processing' };
  const recorded = await inTransaction(db, (tx) => claimCardPayment(session.id, tx));
  const balanceCents = await money();
  if (recorded && balanceCents < 0)
    console.warn(
      `Side games: golfer #${row.golferId} paid ${formatDollarsAndCents(row.amountCents)} by card (${session.id}) past a settled balance; the league owes them ${formatDollarsAndCents(negateCents(balanceCents))}.`,
    );
  return { state: recorded ? 'paid' : 'already', ...done, balanceCents };
}

/** The return from the checkout: the session asked of the provider, then recorded as the webhook would. */
export async function balancePaymentReturned(sessionId: string, golferId: number): Promise<BalancePaymentResult> {
  const row = await findCardPayment(sessionId);
  if (!row || row.golferId !== golferId) return { state: 'unknown' };
  const session = await paymentProvider().retrieveCheckoutSession(sessionId);
  if (!session) return { state: 'unknown' };
  return completeBalancePayment(session);
}
