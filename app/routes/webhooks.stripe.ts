import type { ActionFunctionArgs } from '@remix-run/node';
import type Stripe from 'stripe';
import { BALANCE_CHECKOUT, completeBalancePayment } from '~/features/money/pay-balance.server';
import { recordProviderRefunds } from '~/features/refunds/refunds.server';
import { fulfilCheckoutSession } from '~/features/registration/fulfilment.server';
import { apiHandler, HttpError, methodNotAllowed, postOnlyLoader, readBodyText, siteOrigin } from '~/web/http.server';
import { stripeSecretKey } from '~/integrations/payments/provider.server';
import {
  constructWebhookEvent,
  fromStripeSession,
  listChargeRefunds,
  WebhookSignatureError,
} from '~/integrations/payments/stripe.server';

const FULFIL_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export const loader = postOnlyLoader;

/**
 * A refund made in Stripe's dashboard (or from /memberships): the charge's refunds are listed from Stripe (the event
 * does not carry them) and each one not yet recorded marks the membership unpaid (docs/product/payments.md#refunds).
 */
async function chargeRefunded(charge: Stripe.Charge) {
  const key = stripeSecretKey();
  const refunds = key
    ? await listChargeRefunds(key, charge.id)
    : (charge.refunds?.data ?? []).map((r) => ({ id: r.id, amountCents: r.amount }));
  const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const recorded = await recordProviderRefunds({
    paymentIntentId: paymentIntentId ?? null,
    pendingRegistrationId: charge.metadata?.pendingRegistrationId ?? null,
    refunds,
  });
  if (recorded === null) console.warn(`Stripe webhook: refunded charge ${charge.id} is not a registration of ours.`);
  return Response.json({ received: true, handled: recorded !== null, recorded: recorded ?? 0 });
}

/**
 * POST /webhooks/stripe: Stripe tells us a checkout finished, or a payment was refunded. The raw body's signature is
 * verified with STRIPE_WEBHOOK_SECRET before anything is read from it; a paid session is fulfilled and a refund is
 * recorded (each exactly once, so a replayed or retried event changes nothing). A failure answers 500 (or 502 when
 * Stripe could not be asked) so that Stripe retries.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const rawBody = await readBodyText(request, 1_000_000);
    let event: Stripe.Event;
    try {
      event = constructWebhookEvent(rawBody, request.headers.get('Stripe-Signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(400, error.message);
      throw error;
    }
    if (event.type === 'charge.refunded') return chargeRefunded(event.data.object);
    if (!FULFIL_EVENTS.has(event.type)) return Response.json({ received: true, handled: false });
    const session = fromStripeSession(event.data.object as Stripe.Checkout.Session);
    // A golfer's side-games balance (docs/product/money.md#balances), not a registration.
    if (session.metadata.kind === BALANCE_CHECKOUT) {
      const paid = await completeBalancePayment(session);
      return Response.json({ received: true, handled: paid.state !== 'unknown', state: paid.state });
    }
    const result = await fulfilCheckoutSession(session, siteOrigin(request));
    if (result.state === 'unknown')
      console.warn(`Stripe webhook ${event.id}: checkout session ${session.id} is not a registration of ours.`);
    return Response.json({ received: true, handled: true, state: result.state });
  });
}
