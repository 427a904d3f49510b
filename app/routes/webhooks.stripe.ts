import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import type Stripe from 'stripe';
import { fulfilCheckoutSession } from '~/models/registrations.server';
import { apiHandler, HttpError, methodNotAllowed, postOnlyLoader, readBodyText } from '~/utils/http.server';
import { constructWebhookEvent, fromStripeSession, WebhookSignatureError } from '~/utils/payments/stripe.server';

const FULFIL_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export const loader = postOnlyLoader;

/**
 * POST /webhooks/stripe: Stripe tells us a checkout finished. The raw body's signature is verified with
 * STRIPE_WEBHOOK_SECRET before anything is read from it; a paid session is fulfilled (exactly once, so a
 * replayed or retried event changes nothing). A failure answers 500 so that Stripe retries.
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
    if (!FULFIL_EVENTS.has(event.type)) return json({ received: true, handled: false });
    const session = fromStripeSession(event.data.object as Stripe.Checkout.Session);
    const result = await fulfilCheckoutSession(session);
    if (result.state === 'unknown')
      console.warn(`Stripe webhook ${event.id}: checkout session ${session.id} is not a registration of ours.`);
    return json({ received: true, handled: true, state: result.state });
  });
}
