import crypto from 'node:crypto';
import {
  createSimulatedCheckout,
  expireSimulatedCheckout,
  findSimulatedCheckout,
  findSimulatedPayment,
  simulatedPaymentIntentId,
  type SimulatedCheckoutRow,
} from '~/integrations/payments/simulated-checkouts.server';
import { metadataOf, refundRefused, type CheckoutSession, type PaymentProvider } from './provider.server';

// The simulated checkout, the provider when no STRIPE_SECRET_KEY is set: the sessions are rows of our own
// (app/integrations/payments/simulated-checkouts.server.ts) and the golfer "pays" on /checkout/:id.

function fromSimulatedRow(row: SimulatedCheckoutRow, siteOrigin?: string): CheckoutSession {
  let metadata: Record<string, string> = {};
  try {
    metadata = metadataOf(JSON.parse(row.metadata) as Record<string, unknown>);
  } catch {
    // A malformed row has no metadata; fulfilment then refuses it as unknown.
  }
  const open = row.status === 'open';
  return {
    id: row.id,
    url: open ? `${siteOrigin ?? ''}/checkout/${row.id}` : null,
    amountTotal: row.amountTotal,
    currency: row.currency,
    customerEmail: row.customerEmail,
    metadata,
    paymentStatus: row.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    status: row.status === 'complete' ? 'complete' : row.status === 'expired' ? 'expired' : 'open',
    paymentIntentId: row.paymentStatus === 'paid' ? simulatedPaymentIntentId(row.id) : null,
  };
}

export const simulatedProvider: PaymentProvider = {
  kind: 'simulated',
  async createCheckoutSession(input) {
    const row = await createSimulatedCheckout({
      amountCents: input.amountCents,
      currency: input.currency,
      customerEmail: input.customerEmail,
      description: input.productName,
      metadata: input.metadata,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    return fromSimulatedRow(row, input.siteOrigin);
  },
  async retrieveCheckoutSession(id) {
    const row = await findSimulatedCheckout(id);
    return row ? fromSimulatedRow(row) : null;
  },
  expireCheckoutSession: expireSimulatedCheckout,
  /**
   * No money moves: the payment must exist, be paid and cover the amount (the league's own records check what was
   * already refunded); the refund gets an id of its own, as Stripe's would.
   */
  async refundPayment(input) {
    const payment = await findSimulatedPayment(input.paymentIntentId);
    if (!payment) throw refundRefused('no such payment.');
    if (input.amountCents > payment.amountTotal) throw refundRefused('the amount is more than the payment.');
    return { refundId: `re_test_sim_${crypto.randomBytes(12).toString('hex')}` };
  },
};
