import crypto from 'node:crypto';
import { db } from '~/db/db.server';
import {
  isCheckoutSessionId,
  paymentsAreSimulated,
  SESSION_ID_TEMPLATE,
} from '~/integrations/payments/provider.server';

/**
 * The simulated checkout's sessions (no STRIPE_SECRET_KEY set): they live in our own table, as Stripe's live in
 * Stripe, and its "hosted page" is /checkout/:id. app/integrations/payments/simulated.server.ts presents them as the
 * provider interface; the page reads and pays them here. While Stripe is configured none of them can be shown or
 * paid.
 */

export type SimulatedCheckoutRow = NonNullable<Awaited<ReturnType<typeof findSimulatedCheckout>>>;

export function createSimulatedCheckout(input: {
  amountCents: number;
  currency: string;
  customerEmail: string;
  description: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}) {
  return db.simulatedCheckoutSession.create({
    data: {
      id: `cs_test_sim_${crypto.randomBytes(16).toString('hex')}`,
      amountTotal: input.amountCents,
      currency: input.currency,
      customerEmail: input.customerEmail,
      description: input.description,
      metadata: JSON.stringify(input.metadata),
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    },
  });
}

export function findSimulatedCheckout(id: string) {
  return db.simulatedCheckoutSession.findUnique({ where: { id } });
}

/** True when the session was open and is now expired. */
export async function expireSimulatedCheckout(id: string): Promise<boolean> {
  const { count } = await db.simulatedCheckoutSession.updateMany({
    where: { id, status: 'open' },
    data: { status: 'expired' },
  });
  return count === 1;
}

/**
 * The simulated checkout's payment id for a paid session (`cs_test_sim_…` → `pi_test_sim_…`), stored at fulfilment
 * like Stripe's PaymentIntent id, so a refund finds its payment the same way for both providers.
 */
export function simulatedPaymentIntentId(sessionId: string): string {
  return sessionId.replace(/^cs_/, 'pi_');
}

/** The paid simulated checkout a simulated payment id belongs to, or null. */
export async function findSimulatedPayment(paymentIntentId: string) {
  if (!/^pi_test_sim_[0-9a-f]+$/.test(paymentIntentId)) return null;
  const row = await findSimulatedCheckout(paymentIntentId.replace(/^pi_/, 'cs_'));
  return row?.paymentStatus === 'paid' ? row : null;
}

function successUrlOf(row: SimulatedCheckoutRow): string {
  return row.successUrl.replace(SESSION_ID_TEMPLATE, row.id);
}

/** The simulated checkout page's view of a session: what is being paid for and where to go back to. */
export async function getSimulatedCheckout(id: string) {
  if (!paymentsAreSimulated() || !isCheckoutSessionId(id)) return null;
  const row = await findSimulatedCheckout(id);
  if (!row) return null;
  return {
    id: row.id,
    amountCents: row.amountTotal,
    description: row.description,
    customerEmail: row.customerEmail,
    status: row.status,
    paymentStatus: row.paymentStatus,
    successUrl: successUrlOf(row),
    cancelUrl: row.cancelUrl,
  };
}

/**
 * "Pay" on the simulated checkout: the session becomes complete and paid, as Stripe's would after a card
 * payment. Paying twice changes nothing. Returns where to send the golfer (the success URL), or null when
 * there is no such open-or-paid session.
 */
export async function paySimulatedCheckout(id: string): Promise<string | null> {
  if (!paymentsAreSimulated() || !isCheckoutSessionId(id)) return null;
  await db.simulatedCheckoutSession.updateMany({
    where: { id, status: 'open' },
    data: { status: 'complete', paymentStatus: 'paid' },
  });
  const row = await findSimulatedCheckout(id);
  if (!row || row.paymentStatus !== 'paid') return null;
  return successUrlOf(row);
}
